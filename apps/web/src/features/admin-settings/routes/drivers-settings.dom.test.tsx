import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { DEFAULT_SETTINGS } from '../../../../test/shop-settings-fixture';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { ShopSettingsPage } from './shop-settings-page';

// Decisions 1700 and 1701: the drivers' pay per drop and the watchdog's minutes on the Shop settings screen.
describe('the drivers’ settings on the settings screen', () => {
  it('shows the rate and saves a new one; refuses one that is not pounds to the penny before sending', async () => {
    const api = fakeApi({
      'GET /session': sessionAnswer('manager@example.com', 'manager', 'Mo'),
      'GET /shop-settings': ok(DEFAULT_SETTINGS),
      'PUT /shop-settings': (request) => ok({ ...DEFAULT_SETTINGS, ...(request.body as object) }),
      'GET /allproduts': ok([]),
    });
    const { user } = renderWithProviders(<ShopSettingsPage />, { at: paths.shopSettings });
    const section = await screen.findByRole('form', { name: 'Drivers' });
    const field = within(section).getByRole('textbox', { name: 'Pay per drop' });
    expect(field).toHaveValue('0.00');
    await fill(user, field, '1.505');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(within(section).getByText('Enter an amount in pounds from 0 to 100, such as 1.50')).toBeVisible();
    expect(api.sent('PUT /shop-settings')).toEqual([]);
    await fill(user, field, '1.50');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Drivers’ settings saved')).toBeVisible();
    expect(api.sent('PUT /shop-settings').map((request) => request.body)).toEqual([{ payPerDrop: 1.5 }]);
  });

  it('saves when the board warns of a delivery with no driver, and refuses minutes that are not whole', async () => {
    const api = fakeApi({
      'GET /session': sessionAnswer('owner@example.com', 'owner', 'Olu'),
      'GET /shop-settings': ok(DEFAULT_SETTINGS),
      'PUT /shop-settings': (request) => ok({ ...DEFAULT_SETTINGS, ...(request.body as object) }),
      'GET /allproduts': ok([]),
    });
    const { user } = renderWithProviders(<ShopSettingsPage />, { at: paths.shopSettings });
    const section = await screen.findByRole('form', { name: 'Drivers' });
    const unassigned = within(section).getByRole('textbox', { name: 'Warn of a ready delivery with no driver after' });
    expect(unassigned).toHaveValue('10');
    expect(within(section).getByRole('textbox', { name: 'Warn of a delivery late on the road after' })).toHaveValue('15');
    await fill(user, unassigned, 'soon');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(within(section).getByText('Enter whole minutes from 0 (no warning) to 240')).toBeVisible();
    expect(api.sent('PUT /shop-settings')).toEqual([]);
    await fill(user, unassigned, '5');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Drivers’ settings saved')).toBeVisible();
    expect(api.sent('PUT /shop-settings').map((request) => request.body)).toEqual([{ unassignedWarnMinutes: 5 }]);
  });
});
