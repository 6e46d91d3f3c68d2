import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { sessionAnswer } from '../../test/wire-fixtures';
import { ProfilePage } from '../features/account/routes/profile-page';
import { MyAddressesPage } from '../features/addresses/routes/my-addresses-page';
import { paths } from '../lib/paths';

it("My Profile links to the customer's addresses, reachable with an empty cart", async () => {
  fakeApi({ 'GET /session': sessionAnswer('ada@example.co.uk'), 'GET /get-address-by-email/:email': ok([]) });
  const { user } = renderWithProviders(<ProfilePage />, { at: paths.myProfile, routes: { [paths.myAddresses]: <MyAddressesPage /> } });
  await user.click(screen.getByRole('link', { name: 'My Addresses' }));
  expect(window.location.pathname).toBe(paths.myAddresses);
  expect(await screen.findByRole('heading', { level: 1, name: 'My Addresses' })).toBeVisible();
  expect(await screen.findByText(/You have no saved address yet/)).toBeVisible();
  expect(screen.getByRole('button', { name: 'Add address' })).toBeVisible();
});
