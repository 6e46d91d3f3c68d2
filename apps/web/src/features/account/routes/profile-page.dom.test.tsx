import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMAIL_CONFIRMED, emailChangeSent, INVALID_EMAIL_CODE } from '@shop/shared/contract/auth';
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
