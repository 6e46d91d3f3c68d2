import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { sessionAnswer } from '../../test/wire-fixtures';
import { SignInPage } from '../features/account/routes/signin-page';
import { paths } from '../lib/paths';
import { RequireAdmin, RequireUser } from './guards';

const signIn = { [paths.signin]: <SignInPage /> };

describe('a back-office page opened without a staff account', () => {
  it('sends a signed-in customer to sign in, saying the page is for the staff and whom they are signed in as', async () => {
    fakeApi({ 'GET /session': sessionAnswer('ada@example.co.uk', 'customer') });
    renderWithProviders(<RequireAdmin />, { at: paths.dashboard, routes: signIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    expect(window.location.pathname).toBe(paths.signin);
    const why = screen.getByRole('status');
    expect(why).toHaveTextContent("That page is for the shop's staff.");
    expect(why).toHaveTextContent('You are signed in as ada@example.co.uk, a customer account.');
    expect(screen.getByRole('link', { name: 'go back to the menu' })).toHaveAttribute('href', paths.home);
  });

  it('tells a signed-out visitor the same, without an account to name', async () => {
    fakeApi();
    renderWithProviders(<RequireAdmin />, { at: paths.orderList, routes: signIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent("That page is for the shop's staff. Sign in with a staff account to open it");
  });

  it("a customer's own page sends a signed-out visitor to sign in with the usual words, not the staff's", async () => {
    fakeApi();
    renderWithProviders(<RequireUser />, { at: paths.myOrders, routes: signIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    expect(screen.getByText('Sign in to order, see your orders and keep your favourites.')).toBeVisible();
    expect(screen.queryByText(/for the shop's staff/)).not.toBeInTheDocument();
  });
});
