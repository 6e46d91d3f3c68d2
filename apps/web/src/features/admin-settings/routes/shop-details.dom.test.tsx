import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type FakeHandler } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { DEFAULT_SETTINGS } from '../../../../test/shop-settings-fixture';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { ShopSettingsPage } from './shop-settings-page';

// Decision 1002: the settings screen's 'The shop' section (the trader, the shop's post code, collection's time).

function openSettings(put: FakeHandler = (request) => ok({ ...DEFAULT_SETTINGS, ...(request.body as object) })) {
  const api = fakeApi({
    'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
    'GET /shop-settings': ok(DEFAULT_SETTINGS),
    'PUT /shop-settings': put,
  });
  return { api, ...renderWithProviders(<ShopSettingsPage />, { at: paths.shopSettings }) };
}

const field = (form: HTMLElement, name: string | RegExp) => within(form).getByRole('textbox', { name });

describe('the shop’s section of the settings', () => {
  it('shows the trader, post code and collection time, and saves only what changed, normalised', async () => {
    const { api, user } = openSettings();
    const shop = await screen.findByRole('form', { name: 'The shop' });
    expect(field(shop, /^Trading name/)).toHaveValue('Takeaway Shop');
    expect(field(shop, /^Address/)).toHaveValue('12 Market Street\nLondon E1 6AA');
    expect(field(shop, /^Phone/)).toHaveValue('020 7946 0321');
    expect(field(shop, /^E-mail/)).toHaveValue('hello@takeaway-shop.example');
    expect(field(shop, 'VAT number')).toHaveValue('');
    expect(field(shop, 'The shop’s post code')).toHaveValue('');
    expect(field(shop, /^Usual time to collect/)).toHaveValue('20');

    await fill(user, field(shop, /^Trading name/), 'Harbour Pizza');
    await fill(user, field(shop, 'VAT number'), 'gb 123 4567 89');
    await fill(user, field(shop, 'The shop’s post code'), 'bs14dj');
    await user.click(within(shop).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Shop details saved')).toBeVisible();
    expect(api.sent('PUT /shop-settings').map((request) => request.body)).toEqual([
      { traderName: 'Harbour Pizza', vatNumber: 'GB123456789', shopPostcode: 'BS1 4DJ' },
    ]);
    // The other sections sent nothing of their own.
    expect(api.sent('PUT /shop-settings')).toHaveLength(1);
  });

  it('says under each field what is wrong and sends nothing', async () => {
    const { api, user } = openSettings();
    const shop = await screen.findByRole('form', { name: 'The shop' });
    await fill(user, field(shop, /^Phone/), '12345');
    await fill(user, field(shop, 'VAT number'), 'GB1234');
    await fill(user, field(shop, 'The shop’s post code'), '75001');
    await user.click(within(shop).getByRole('button', { name: 'Save' }));
    expect(within(shop).getByText('Enter a UK phone number, e.g. 020 7946 0321')).toBeVisible();
    expect(within(shop).getByText('Enter a UK VAT number, e.g. GB123456789, or leave it empty')).toBeVisible();
    expect(within(shop).getByText('Enter a UK post code, e.g. BS1 4DJ, or leave it empty')).toBeVisible();
    expect(api.sent('PUT /shop-settings')).toEqual([]);
  });

  it('shows the server’s refusal under its field', async () => {
    const { user } = openSettings(() => ({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'traderEmail: bad',
        fields: { traderEmail: 'traderEmail must be an e-mail address such as hello@example.com' },
      },
    }));
    const shop = await screen.findByRole('form', { name: 'The shop' });
    await fill(user, field(shop, /^E-mail/), 'orders@harbour.example');
    await user.click(within(shop).getByRole('button', { name: 'Save' }));
    expect(await within(shop).findByText('traderEmail must be an e-mail address such as hello@example.com')).toBeVisible();
  });
});
