import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_ALREADY_VERIFIED,
  EMAIL_CONFIRMED,
  EMAIL_VERIFIED,
  emailChangeSent,
  INVALID_EMAIL_CODE,
  INVALID_OTP_ANSWER,
  TOO_MANY_ATTEMPTS,
} from '@shop/shared/contract/auth';
import { fakeApi, ok, refuse } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/use-session';
import { ProfilePage } from './profile-page';

/** As the app mounts it: behind RequireUser, once the session is known. */
function SignedInProfile() {
  const { user } = useSession();
  return user ? <ProfilePage /> : null;
}

const ADA = { email: 'ada@example.co.uk', username: 'Ada Lovelace', role: 'customer' as const };

describe('changing the e-mail on My Profile', () => {
  it('asks for the code mailed to the new address, and shows the new address once the code is confirmed', async () => {
    const api = fakeApi({
      'GET /session': sessionAnswer(ADA.email),
      'PUT /profile': (request) => {
        const { email } = request.body as { email: string };
        return ok({ result: true, message: emailChangeSent(email, ADA.email), user: ADA, pendingEmail: email });
      },
      'POST /profile/confirm-email': (request) =>
        (request.body as { code: string }).code === 'K7QX'
          ? ok({ result: true, message: EMAIL_CONFIRMED, user: { ...ADA, email: 'ada@new.example' } })
          : refuse('INVALID_EMAIL_CODE', INVALID_EMAIL_CODE),
    });
    const { user } = renderWithProviders(<SignedInProfile />, { at: paths.myProfile });
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await screen.findByDisplayValue(ADA.email);
    await user.clear(email);
    await user.type(email, 'ada@new.example');
    await user.type(screen.getByLabelText(/^Password/), 'Margherita-2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent(emailChangeSent('ada@new.example', ADA.email));
    const code = screen.getByRole('textbox', { name: 'Code sent to ada@new.example' });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();

    await user.type(code, 'AAAA');
    await user.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_EMAIL_CODE);

    await user.type(screen.getByRole('textbox', { name: 'Code sent to ada@new.example' }), 'K7QX');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(EMAIL_CONFIRMED)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@new.example');
    expect(screen.queryByRole('textbox', { name: /Code sent to/ })).not.toBeInTheDocument();
    expect(api.requests.filter((r) => r.path === '/profile/confirm-email').map((r) => r.body)).toEqual([
      { code: 'AAAA' },
      { code: 'K7QX' },
    ]);
  });
});

describe('verifying the e-mail on My Profile', () => {
  const UNVERIFIED = { ...ADA, emailVerified: false };
  const VERIFIED = { ...ADA, emailVerified: true };

  it('says why, mails a code, shows a wrong code’s error at the field, and says "E-mail verified" once the code is right', async () => {
    const api = fakeApi({
      'GET /session': ok({ user: UNVERIFIED }),
      'POST /profile/verify-email': ok({ result: 'sent' }),
      'POST /profile/verify-email/confirm': (request) =>
        (request.body as { code: string }).code === 'K7QX'
          ? ok({ result: 'verified', message: EMAIL_VERIFIED, user: VERIFIED })
          : refuse('INVALID_OTP', INVALID_OTP_ANSWER),
    });
    const { user } = renderWithProviders(<SignedInProfile />, { at: paths.myProfile });
    const section = await screen.findByRole('region', { name: 'Verify your e-mail' });
    expect(section).toHaveTextContent(`Verify ${ADA.email} so orders you placed as a guest with this e-mail join your history.`);
    expect(screen.queryByRole('textbox', { name: 'Code from the e-mail' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(`We have sent a code to ${ADA.email}. Enter it here.`)).toBeVisible();
    const code = screen.getByRole('textbox', { name: 'Code from the e-mail' });
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();

    await user.type(code, 'AAAA');
    await user.click(verify);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Code from the e-mail' })).toBeInvalid());
    expect(screen.getByRole('textbox', { name: 'Code from the e-mail' })).toHaveAccessibleDescription(INVALID_OTP_ANSWER);

    // Enter sends the code: the field has a form of its own, apart from the profile's.
    await user.type(screen.getByRole('textbox', { name: 'Code from the e-mail' }), 'K7QX{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('E-mail verified.');
    expect(screen.queryByRole('textbox', { name: 'Code from the e-mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Verify your e-mail' })).not.toBeInTheDocument();
    expect(api.sent('POST /profile/verify-email/confirm').map((r) => r.body)).toEqual([{ code: 'AAAA' }, { code: 'K7QX' }]);
    expect(api.sent('PUT /profile')).toEqual([]);
  });

  it('asks nothing of an account whose e-mail is verified', async () => {
    fakeApi({ 'GET /session': ok({ user: VERIFIED }) });
    renderWithProviders(<SignedInProfile />, { at: paths.myProfile });
    await screen.findByDisplayValue(ADA.email);
    expect(screen.queryByRole('region', { name: 'Verify your e-mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
  });

  it('shows a refused send (too many codes) and, when the e-mail was verified elsewhere meanwhile, says it is', async () => {
    let verifiedElsewhere = false;
    const api = fakeApi({
      'GET /session': () => ok({ user: verifiedElsewhere ? VERIFIED : UNVERIFIED }),
      'POST /profile/verify-email': () =>
        verifiedElsewhere ? refuse('EMAIL_ALREADY_VERIFIED', EMAIL_ALREADY_VERIFIED) : refuse('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS),
    });
    const { user } = renderWithProviders(<SignedInProfile />, { at: paths.myProfile });
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY_ATTEMPTS);

    verifiedElsewhere = true;
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('E-mail verified.');
    expect(api.sent('GET /session').length).toBeGreaterThan(1);
  });
});
