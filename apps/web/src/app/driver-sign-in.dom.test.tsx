import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api';
import { fill, renderWithProviders } from '../../test/render';
import { SignInPage } from '../features/account/routes/signin-page';
import { backOfficeHome } from '../lib/back-office-access';
import { paths } from '../lib/paths';

// Decision 1703: a driver's work is the driver's page, so that is where signing in (or accepting the invitation)
// takes them; everyone else lands where they did before.

function signInAs(role: string) {
  fakeApi({
    'POST /login/': ok({
      result: true,
      message: 'Signed in',
      user: { email: 'ann@example.com', username: 'Ann', role, emailVerified: true },
    }),
  });
  const rendered = renderWithProviders(<SignInPage />, {
    at: paths.signin,
    routes: { [paths.driver]: <h1>Deliveries</h1>, [paths.home]: <h1>Menu</h1> },
  });
  return rendered;
}

async function logIn(user: ReturnType<typeof signInAs>['user']) {
  await fill(user, await screen.findByRole('textbox', { name: /Email/ }), 'ann@example.com');
  await fill(user, screen.getByLabelText(/Password/), 'a long password');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('signing in as a driver', () => {
  it('opens the driver’s page', async () => {
    const { user } = signInAs('driver');
    await logIn(user);
    expect(await screen.findByRole('heading', { name: 'Deliveries' })).toBeVisible();
    expect(window.location.pathname).toBe(paths.driver);
  });

  it('takes a customer home after sign-in', async () => {
    const { user } = signInAs('customer');
    await logIn(user);
    expect(await screen.findByRole('heading', { name: 'Menu' })).toBeVisible();
  });

  it('starts a driver on their page after the invitation, and the owner on the dashboard', () => {
    expect(backOfficeHome('driver')).toBe(paths.driver);
    expect(backOfficeHome('owner')).toBe(paths.dashboard);
    expect(backOfficeHome('customer')).toBe(paths.home);
  });
});
