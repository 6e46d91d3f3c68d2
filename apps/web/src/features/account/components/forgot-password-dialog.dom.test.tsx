import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, ok, type FakeHandler } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { SignInPage } from '../routes/signin-page';

const EMAIL = 'ada@example.co.uk';

/** The sign-in page with its Forgot Password dialog open, after typing `typed` in the sign-in form's Email. */
async function openForgotPassword(routes: Record<string, FakeHandler | ReturnType<typeof ok>> = {}, typed = EMAIL) {
  const api = fakeApi({
    'POST /forgot-password/': ok({ result: true, message: 'An Email With OTP Sent To Your Email.' }),
    'POST /change-password/': ok({ result: true, message: 'Password Updated.' }),
    ...routes,
  });
  const rendered = renderWithProviders(<SignInPage />, { at: '/signin' });
  const { user } = rendered;
  if (typed) await fill(user, await screen.findByRole('textbox', { name: 'Email' }), typed);
  await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Insert Email For Sending OTP' });
  return { api, dialog, ...rendered };
}

type User = Awaited<ReturnType<typeof openForgotPassword>>['user'];

/** Step 1 done: the code was mailed and the dialog asks for it. */
async function toResetStep(user: User, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  return screen.findByRole('dialog', { name: 'Reset Password' });
}

async function fillReset(user: User, dialog: HTMLElement, otp: string, password: string, confirm: string) {
  await fill(user, within(dialog).getByRole('textbox', { name: 'OTP' }), otp);
  await fill(user, within(dialog).getByLabelText('New Password'), password);
  await fill(user, within(dialog).getByLabelText('Confirm New Password'), confirm);
}

describe('the forgot-password dialog', () => {
  it('starts from the e-mail typed on the sign-in form, and sends nothing without one', async () => {
    const { api, dialog, user } = await openForgotPassword();
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue(EMAIL);

    await user.clear(email);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please Enter Valid Email!')).toBeVisible();
    expect(api.sent('POST /forgot-password/')).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Insert Email For Sending OTP' })).toBeVisible();
  });

  it('mails a code, with Send disabled meanwhile, then asks for the code and a new password', async () => {
    const mailed = deferred();
    const { api, dialog, user } = await openForgotPassword({
      'POST /forgot-password/': async () => {
        await mailed.promise;
        return ok({ result: true, message: 'An Email With OTP Sent To Your Email.' });
      },
    });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Email' }), `  ${EMAIL} `);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Send/ })).toBeDisabled());
    expect(api.sent('POST /forgot-password/')[0]?.body).toEqual({ email: EMAIL });

    mailed.resolve();
    const reset = await screen.findByRole('dialog', { name: 'Reset Password' });
    expect(await screen.findByText('An Email With OTP Sent To Your Email.')).toBeVisible();
    expect(reset).toHaveTextContent(`Enter the code we sent to ${EMAIL} and choose a new password.`);
    expect(within(reset).getByRole('textbox', { name: 'OTP' })).toBeVisible();
    expect(within(reset).getByLabelText('New Password')).toBeVisible();
    expect(within(reset).getByLabelText('Confirm New Password')).toBeVisible();
  });

  it('shows the server’s words when it will not mail a code, and stays on the first step', async () => {
    const { dialog, user } = await openForgotPassword({
      'POST /forgot-password/': {
        status: 429,
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many codes asked for: try again in 10 minutes',
          code: 'TOO_MANY_REQUESTS',
          result: false,
        },
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Too many codes asked for: try again in 10 minutes')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Insert Email For Sending OTP' })).toBeVisible();
  });

  it('checks the new password and the code before sending: matching, 4 characters, long enough', async () => {
    const { api, dialog, user } = await openForgotPassword();
    const reset = await toResetStep(user, dialog);
    const submit = within(reset).getByRole('button', { name: 'Submit' });

    await fillReset(user, reset, 'AB12', 'correct horse', 'correct h0rse');
    await user.click(submit);
    expect(await screen.findByText('Please Confirm Correct Password!')).toBeVisible();

    await fillReset(user, reset, 'AB1', 'correct horse', 'correct horse');
    await user.click(submit);
    expect(await screen.findByText('Please Insert Valid OTP!')).toBeVisible();

    await fillReset(user, reset, 'AB12', 'short', 'short');
    await user.click(submit);
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeVisible();

    expect(api.sent('POST /change-password/')).toEqual([]);
  });

  it('sets the new password with the code, says so and closes', async () => {
    const { api, dialog, user } = await openForgotPassword();
    const reset = await toResetStep(user, dialog);
    await fillReset(user, reset, 'ab12', 'correct horse', 'correct horse');
    expect(within(reset).getByRole('textbox', { name: 'OTP' })).toHaveValue('AB12');
    await user.click(within(reset).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Password Updated.')).toBeVisible();
    expect(api.sent('POST /change-password/')[0]?.body).toEqual({ otp: 'AB12', password: 'correct horse', email: EMAIL });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says it failed and stays open when the code is refused', async () => {
    const { dialog, user } = await openForgotPassword({
      'POST /change-password/': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Please Insert Valid OTP!', code: 'INVALID_OTP', result: false },
      },
    });
    const reset = await toResetStep(user, dialog);
    await fillReset(user, reset, 'ZZ99', 'correct horse', 'correct horse');
    await user.click(within(reset).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('An Error Occured! Try Again.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeVisible();
    expect(within(reset).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});
