import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETED, OPEN_ORDERS_BLOCK_DELETE } from '@shop/shared/contract/account-data';
import { WRONG_CURRENT_PASSWORD } from '@shop/shared/contract/auth';
import { fakeApi, ok, refuse, type FakeHandler } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { cartStore } from '../../../lib/cart-store';
import { paths } from '../../../lib/paths';
import { sessionQueryKey, useSession } from '../../../lib/use-session';
import { ProfilePage } from './profile-page';

// Decision 1002 (UK GDPR) on My Profile: 'Download my data' and 'Delete my account'.

function SignedInProfile() {
  const { user } = useSession();
  return user ? <ProfilePage /> : null;
}

/** Watches the session from before the deletion to after it, as the nav bar does. */
function SessionLine() {
  const { user } = useSession();
  return <p>{user ? `Signed in as ${user.email}` : 'Signed out'}</p>;
}

const ADA_EMAIL = 'ada@example.co.uk';
const PIZZA = { line: { productId: 'p1', quantity: 1 }, display: { title: 'Margherita', imageUrl: null, category: 'Pizza' } };

function openProfile(remove: FakeHandler) {
  const api = fakeApi({ 'GET /session': sessionAnswer(ADA_EMAIL), 'POST /profile/delete': remove });
  const rendered = renderWithProviders(
    <>
      <SessionLine />
      <Routes>
        <Route path={paths.myProfile} element={<SignedInProfile />} />
        <Route path={paths.home} element={<h1>The menu</h1>} />
      </Routes>
    </>,
    { at: paths.myProfile, route: '/*', cart: [PIZZA] },
  );
  return { api, ...rendered };
}

describe('the customer’s own data on My Profile', () => {
  it('downloads the file the server writes, through a plain link that carries the session', async () => {
    openProfile(() => ok({ result: true, message: ACCOUNT_DELETED }));
    const download = await screen.findByRole('link', { name: 'Download my data' });
    expect(download).toHaveAttribute('href', '/api/profile/data');
    expect(download).toHaveAttribute('download');
  });

  it('asks for the password again, says why it was refused, and keeps the account', async () => {
    let answer = refuse('WRONG_CURRENT_PASSWORD', WRONG_CURRENT_PASSWORD);
    const { api, user } = openProfile(() => answer);
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/^Password/), 'not-it');
    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(WRONG_CURRENT_PASSWORD);

    answer = refuse('ACCOUNT_HAS_OPEN_ORDERS', OPEN_ORDERS_BLOCK_DELETE);
    await user.type(within(dialog).getByLabelText(/^Password/), 'Margherita-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(OPEN_ORDERS_BLOCK_DELETE)).toBeVisible();
    expect(api.sent('POST /profile/delete').map((request) => request.body)).toEqual([
      { password: 'not-it' },
      { password: 'Margherita-2026' },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Closed: no dialog is shown any more (the kit's <dialog> stays in the page, closed and empty).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(ADA_EMAIL);
    expect(cartStore.getSnapshot()).toHaveLength(1);
  });

  it('once deleted: says so, then signed out here too, the cart emptied, back to the menu', async () => {
    const { user, queryClient } = openProfile(() => ok({ result: true, message: ACCOUNT_DELETED }));
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText(/^Password/), 'Margherita-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const done = await screen.findByRole('dialog', { name: 'Your account is deleted' });
    expect(within(done).getByRole('status')).toHaveTextContent(ACCOUNT_DELETED);
    await user.click(within(done).getByRole('button', { name: 'Back to the menu' }));
    expect(await screen.findByRole('heading', { name: 'The menu' })).toBeVisible();
    expect(window.location.pathname).toBe(paths.home);
    expect(cartStore.getSnapshot()).toEqual([]);
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    // What the screens already showing read of the session says signed out too (the nav bar's 'Log Out' goes).
    expect(await screen.findByText('Signed out')).toBeVisible();
  });
});
