import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShopSettingsWire } from '@shop/shared/contract/settings';
import { fakeApi, ok } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { DEFAULT_SETTINGS } from '../../../../test/shop-settings-fixture';
import { productWire, sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { ShopSettingsPage } from './shop-settings-page';

const bread = productWire({ title: 'Garlic Bread', category: 'Sides' });

function openSettings(saved: ShopSettingsWire = DEFAULT_SETTINGS) {
  const api = fakeApi({
    'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
    'GET /shop-settings': ok(saved),
    'PUT /shop-settings': (request) => ok({ ...saved, ...(request.body as object) }),
    'GET /allproduts': ok([bread]),
  });
  return { api, ...renderWithProviders(<ShopSettingsPage />, { at: paths.shopSettings }) };
}

describe('the stamp card on the settings screen', () => {
  it('is off until turned on; then saves the stamps and the amount off', async () => {
    const { api, user } = openSettings();
    const section = await screen.findByRole('form', { name: 'Stamp card' });
    const on = within(section).getByRole('switch', { name: 'Run a stamp card' });
    expect(on).not.toBeChecked();
    await user.click(on);
    await fill(user, within(section).getByRole('textbox', { name: 'Stamps for the reward' }), '6');
    await fill(user, within(section).getByRole('textbox', { name: 'Amount off' }), '4.50');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Stamp card saved')).toBeVisible();
    expect(api.sent('PUT /shop-settings').map((request) => request.body)).toEqual([
      { stampCard: { stampsNeeded: 6, reward: { kind: 'amount', pence: 450 } } },
    ]);
  });

  it('offers the menu’s products for a free one, and asks for one before saving', async () => {
    const { api, user } = openSettings({ ...DEFAULT_SETTINGS, stampCard: { stampsNeeded: 8, reward: { kind: 'amount', pence: 500 } } });
    const section = await screen.findByRole('form', { name: 'Stamp card' });
    expect(within(section).getByRole('textbox', { name: 'Amount off' })).toHaveValue('5.00');
    await user.click(within(section).getByRole('radio', { name: 'A free product' }));
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(within(section).getByText('Choose the product the card gives free')).toBeVisible();
    expect(api.sent('PUT /shop-settings')).toEqual([]);

    await user.click(await within(section).findByRole('combobox', { name: 'Free product' }));
    await user.click(await screen.findByRole('option', { name: 'Garlic Bread' }));
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.sent('PUT /shop-settings').map((request) => request.body)).toEqual([
        { stampCard: { stampsNeeded: 8, reward: { kind: 'product', productId: bread._id } } },
      ]),
    );
  });
});
