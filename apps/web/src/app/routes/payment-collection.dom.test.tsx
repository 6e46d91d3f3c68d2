import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from '@shop/shared/contract/cart';
import { closeRealtime } from '../../lib/realtime';
import { fakeApi, ok, type FakeAnswer, type FakeHandler } from '../../../test/fake-api';
import { kitchenStatus } from '../../../test/kitchen-fixtures';
import { fill, renderWithProviders } from '../../../test/render';
import { addressWire, cartQuoteRoute, productWire, sessionAnswer } from '../../../test/wire-fixtures';
import { PaymentPage } from './payment-page';

// At checkout (decision 1003): Delivery or Collection at the top, and the allergy question.

afterEach(() => closeRealtime());

const EMAIL = 'ada@example.co.uk';
const margherita = productWire({ title: 'Margherita', category: 'Pizza', regularDiscount: 7.99, mediumDiscount: 12.99 });
const home = addressWire({ Email: EMAIL });
const BASKET: Array<{ line: CartLine; display: { title: string; imageUrl: null; category: string } }> = [
  { line: { productId: margherita._id, quantity: 2, size: 'm' }, display: { title: 'Margherita', imageUrl: null, category: 'Pizza' } },
];
const FRIDAY_EVENING = '2026-11-27T19:00:00Z';
const TRADER = {
  name: 'Bristol Pizza Co',
  address: ['4 Quay Street', 'Bristol BS1 4DJ'],
  phone: '0117 496 0123',
  email: 'hi@example.com',
  vatNumber: null,
};

function openCheckout(routes: Record<string, FakeHandler | FakeAnswer> = {}) {
  const api = fakeApi({
    'GET /session': sessionAnswer(EMAIL),
    'GET /get-address-by-email/:email': ok([home]),
    'GET /payment-config': ok({ provider: 'test', publishableKey: null, testMode: true }),
    'GET /opening-status': ok(kitchenStatus(FRIDAY_EVENING)),
    'GET /order-slots': ok({ asap: true, quoteMinutes: 45, slots: [] }),
    'GET /shop-trader': ok(TRADER),
    'POST /cart/quote': cartQuoteRoute([margherita]),
    'POST /buy-product': ok({ insertedId: '65f0000000000000000000aa' }, 201),
    ...routes,
  });
  const rendered = renderWithProviders(<PaymentPage />, {
    at: '/payment',
    cart: BASKET,
    routes: { '/notification': <h1>Notifications</h1> },
  });
  return { api, ...rendered };
}

describe('checkout: delivery or collection, and allergies', () => {
  it('starts on Delivery with the address list, Cash On Delivery and the delivery quote', async () => {
    openCheckout();
    expect(await screen.findByRole('radio', { name: 'Delivery' })).toBeChecked();
    expect(await screen.findByRole('heading', { name: /address/i })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Cash On Delivery' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'As soon as possible · Delivery in about 45 min' })).toBeChecked();
  });

  it('Collection hides the addresses, shows where to collect from and collection’s time, and places a Pay on collection order', async () => {
    const { api, user } = openCheckout();
    await user.click(await screen.findByRole('radio', { name: 'Collection' }));
    expect(screen.queryByRole('heading', { name: /address/i })).not.toBeInTheDocument();
    const from = await screen.findByRole('region', { name: 'Collect from' });
    await waitFor(() => expect(from).toHaveTextContent('Bristol Pizza Co4 Quay StreetBristol BS1 4DJ'));
    expect(screen.getByRole('radio', { name: 'As soon as possible · Collect in about 20 min' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Cash On Delivery' })).not.toBeInTheDocument();

    await fill(user, screen.getByRole('textbox', { name: 'Your name' }), 'Ada Lovelace');
    await fill(user, screen.getByRole('textbox', { name: 'Phone number' }), '07700 900123');
    await fill(user, screen.getByRole('textbox', { name: 'Any allergies we should know about?' }), '  Peanuts, severe  ');
    await user.click(screen.getByRole('radio', { name: 'Pay on collection' }));
    await user.click(screen.getByRole('button', { name: 'Place order £25.98' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('You will pay £25.98 when you collect your order.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeVisible();
    const body = api.sent('POST /buy-product')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      paymentType: 'Pay on collection',
      fulfilment: 'collection',
      contact: { name: 'Ada Lovelace', phone: '07700 900123' },
      allergyNote: 'Peanuts, severe',
    });
    expect(body).not.toHaveProperty('addressId');
  });

  it('Collection without a phone number: says what is missing under the field and places nothing', async () => {
    const { api, user } = openCheckout();
    await user.click(await screen.findByRole('radio', { name: 'Collection' }));
    await fill(user, screen.getByRole('textbox', { name: 'Your name' }), 'Ada');
    await user.click(screen.getByRole('radio', { name: 'Pay on collection' }));
    await user.click(await screen.findByRole('button', { name: 'Place order £25.98' }));
    expect(await screen.findByText('Please enter your name and phone number for collection')).toBeVisible();
    expect(screen.getByText('Please enter a phone number such as 07700 900123')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent('POST /buy-product')).toEqual([]);
  });

  it('a delivery sends its address and the allergy note apart from the note', async () => {
    const { api, user } = openCheckout();
    await fill(user, await screen.findByRole('textbox', { name: 'Any allergies we should know about?' }), 'Milk');
    await fill(user, screen.getByRole('textbox', { name: 'Note' }), 'Ring twice');
    await user.click(screen.getByRole('radio', { name: 'Cash On Delivery' }));
    await user.click(await screen.findByRole('button', { name: 'Place order £25.98' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeVisible();
    const body = api.sent('POST /buy-product')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ paymentType: 'Cash', addressId: home._id, note: 'Ring twice', allergyNote: 'Milk' });
    expect(body).not.toHaveProperty('fulfilment');
    expect(body).not.toHaveProperty('contact');
  });
});
