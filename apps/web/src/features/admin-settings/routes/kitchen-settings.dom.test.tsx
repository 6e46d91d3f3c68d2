import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShopSettingsWire } from '@shop/shared/contract/settings';
import { fakeApi, ok, type FakeHandler } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { DEFAULT_SETTINGS } from '../../../../test/shop-settings-fixture';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { ShopSettingsPage } from './shop-settings-page';

// The settings screen's kitchen section (usual time, queue allowance, minutes per extra order, cap per slot).

const SAVED: ShopSettingsWire = DEFAULT_SETTINGS;

function openSettings(put: FakeHandler = (request) => ok({ ...SAVED, ...(request.body as object) })) {
  const api = fakeApi({
    'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
    'GET /shop-settings': ok(SAVED),
    'PUT /shop-settings': put,
  });
  return { api, ...renderWithProviders(<ShopSettingsPage />, { at: paths.shopSettings }) };
}

const field = (form: HTMLElement, name: string) => within(form).getByRole('textbox', { name });

describe('the kitchen settings', () => {
  it('shows the four settings and saves only what changed', async () => {
    const { api, user } = openSettings();
    const kitchen = await screen.findByRole('form', { name: 'Kitchen' });
    expect(field(kitchen, 'Usual time from order to door')).toHaveValue('45');
    expect(field(kitchen, 'Orders in the kitchen the usual time allows for')).toHaveValue('5');
    expect(field(kitchen, 'Minutes added for each order beyond that')).toHaveValue('5');
    expect(field(kitchen, 'Orders per 15 minutes')).toHaveValue('0');

    await fill(user, field(kitchen, 'Usual time from order to door'), '40');
    await fill(user, field(kitchen, 'Orders per 15 minutes'), '6');
    await user.click(within(kitchen).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Kitchen settings saved')).toBeVisible();
    expect(api.sent('PUT /shop-settings').map((request) => request.body)).toEqual([{ usualMinutes: 40, slotCapacity: 6 }]);
  });

  it('sets how long before its time an order placed ahead prints, and closing the day by itself', async () => {
    const { api, user } = openSettings();
    const kitchen = await screen.findByRole('form', { name: 'Kitchen' });
    expect(field(kitchen, 'Print an order placed ahead this long before its time')).toHaveValue('30');
    const closeDay = within(kitchen).getByRole('switch', { name: /Close the day by itself/ });
    expect(closeDay).toBeChecked();
    await fill(user, field(kitchen, 'Print an order placed ahead this long before its time'), '45');
    await user.click(closeDay);
    await user.click(within(kitchen).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Kitchen settings saved')).toBeVisible();
    expect(api.sent('PUT /shop-settings').map((request) => request.body)).toEqual([{ ticketLeadMinutes: 45, autoCloseDay: false }]);
  });

  it('says what is wrong under a field and sends nothing', async () => {
    const { api, user } = openSettings();
    const kitchen = await screen.findByRole('form', { name: 'Kitchen' });
    await fill(user, field(kitchen, 'Usual time from order to door'), '300');
    await user.click(within(kitchen).getByRole('button', { name: 'Save' }));
    expect(within(kitchen).getByText('Enter a whole number of minutes from 5 to 240')).toBeVisible();
    expect(api.sent('PUT /shop-settings')).toEqual([]);
  });

  it('shows the server refusal under its field', async () => {
    const { user } = openSettings(() => ({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'slotCapacity: bad',
        fields: { slotCapacity: 'slotCapacity must be a whole number of orders from 0 (no cap) to 200' },
      },
    }));
    const kitchen = await screen.findByRole('form', { name: 'Kitchen' });
    await fill(user, field(kitchen, 'Orders per 15 minutes'), '7');
    await user.click(within(kitchen).getByRole('button', { name: 'Save' }));
    expect(await within(kitchen).findByText('slotCapacity must be a whole number of orders from 0 (no cap) to 200')).toBeVisible();
  });
});
