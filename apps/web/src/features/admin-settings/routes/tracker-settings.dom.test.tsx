import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { DEFAULT_SETTINGS } from '../../../../test/shop-settings-fixture';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { ShopSettingsPage } from './shop-settings-page';

describe('the tracker and order updates on the settings screen', () => {
  it('saves the map tiles with their attribution, and the text updates turned on', async () => {
    const api = fakeApi({
      'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
      'GET /shop-settings': ok(DEFAULT_SETTINGS),
      'PUT /shop-settings': (request) => ok({ ...DEFAULT_SETTINGS, ...(request.body as object) }),
    });
    const { user } = renderWithProviders(<ShopSettingsPage />, { at: paths.shopSettings });
    const section = await screen.findByRole('form', { name: 'Tracker and order updates' });
    expect(within(section).getByRole('switch', { name: 'Send notifications to customers who allow them' })).toBeChecked();
    const texts = within(section).getByRole('switch', { name: /Send text messages/ });
    expect(texts).not.toBeChecked();

    await fill(user, within(section).getByRole('textbox', { name: 'Map tiles address' }), 'https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(within(section).getByText(/Say whose map it is/)).toBeVisible();
    expect(api.sent('PUT /shop-settings')).toEqual([]);

    await fill(user, within(section).getByRole('textbox', { name: 'Map attribution' }), '© OpenStreetMap contributors');
    await user.click(texts);
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tracker settings saved')).toBeVisible();
    expect(api.sent('PUT /shop-settings').map((request) => request.body)).toEqual([
      { mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', mapAttribution: '© OpenStreetMap contributors', smsUpdates: true },
    ]);
  });
});
