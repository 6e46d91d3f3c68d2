import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { DEFAULT_SETTINGS } from '../../../../test/shop-settings-fixture';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { ShopSettingsPage } from './shop-settings-page';

// Decision 1701: the drivers' pay per drop on the Shop settings screen, saved alone as pounds.
describe('the drivers’ pay on the settings screen', () => {
  it('shows the rate and saves a new one; refuses one that is not pounds to the penny before sending', async () => {
    const api = fakeApi({
      'GET /session': sessionAnswer('manager@example.com', 'manager', 'Mo'),
      'GET /shop-settings': ok(DEFAULT_SETTINGS),
      'PUT /shop-settings': (request) => ok({ ...DEFAULT_SETTINGS, ...(request.body as object) }),
      'GET /allproduts': ok([]),
    });
    const { user } = renderWithProviders(<ShopSettingsPage />, { at: paths.shopSettings });
    const section = await screen.findByRole('form', { name: 'Drivers’ pay' });
    const field = within(section).getByRole('textbox', { name: 'Pay per drop' });
    expect(field).toHaveValue('0.00');
    await fill(user, field, '1.505');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(within(section).getByText('Enter an amount in pounds from 0 to 100, such as 1.50')).toBeVisible();
    expect(api.sent('PUT /shop-settings')).toEqual([]);
    await fill(user, field, '1.50');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Drivers’ pay saved')).toBeVisible();
    expect(api.sent('PUT /shop-settings').map((request) => request.body)).toEqual([{ payPerDrop: 1.5 }]);
  });
});
