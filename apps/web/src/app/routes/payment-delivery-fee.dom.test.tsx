import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from '@shop/shared/contract/cart';
import type { DeliveryCheckAnswer } from '@shop/shared/contract/delivery';
import { closeRealtime } from '../../lib/realtime';
import { fakeApi, ok, type FakeAnswer, type FakeHandler } from '../../../test/fake-api';
import { kitchenStatus } from '../../../test/kitchen-fixtures';
import { fill, renderWithProviders } from '../../../test/render';
import { addressWire, cartQuoteRoute, productWire, sessionAnswer } from '../../../test/wire-fixtures';
import { PaymentPage } from './payment-page';

// At checkout (decision 1001): the delivery fee of the chosen address's zone is its own line before
// payment and part of what is paid; an address in no zone shows the shop's words; a collection has no fee.

afterEach(() => closeRealtime());

/** The page, its addresses and then the check load one after the other: on a busy machine that takes a while. */
const SLOW = { timeout: 10_000 };

const EMAIL = 'ada@example.co.uk';
const margherita = productWire({ title: 'Margherita', category: 'Pizza', regularDiscount: 7.99, mediumDiscount: 12.99 });
const near = addressWire({ Email: EMAIL, address: '1 Near Road', postcode: 'BS6 6AA' });
const far = addressWire({ Email: EMAIL, address: '9 Far Lane', postcode: 'BS9 1AA' });
const BASKET: Array<{ line: CartLine; display: { title: string; imageUrl: null; category: string } }> = [
  { line: { productId: margherita._id, quantity: 2, size: 'm' }, display: { title: 'Margherita', imageUrl: null, category: 'Pizza' } },
];
const CHECKS: Record<string, DeliveryCheckAnswer> = {
  'BS6 6AA': { delivers: true, postcode: 'BS6 6AA', zone: 'BS6', fee: 2.5, minimumOrder: 30, message: null },
  'BS9 1AA': {
    delivers: false,
    postcode: 'BS9 1AA',
    zone: null,
    fee: 0,
    minimumOrder: 0,
    message: 'We do not deliver to BS9 online: call us on 0117 496 0123 to arrange delivery',
  },
};

function openCheckout(routes: Record<string, FakeHandler | FakeAnswer> = {}) {
  const api = fakeApi({
    'GET /session': sessionAnswer(EMAIL),
    'GET /get-address-by-email/:email': ok([near, far]),
    'GET /payment-config': ok({ provider: 'test', publishableKey: null, testMode: true }),
    'GET /opening-status': ok(kitchenStatus('2026-11-27T19:00:00Z')),
    'GET /order-slots': ok({ asap: true, quoteMinutes: 45, slots: [] }),
    'GET /shop-trader': ok({
      name: 'Bristol Pizza Co',
      address: ['4 Quay Street', 'Bristol BS1 4DJ'],
      phone: '0117 496 0123',
      email: 'hi@example.com',
      vatNumber: null,
    }),
    'GET /delivery-check': (request) => ok(CHECKS[request.query.get('postcode') ?? '']),
    'POST /cart/quote': cartQuoteRoute([margherita], [], (postcode) =>
      Math.round((CHECKS[postcode]?.delivers ? CHECKS[postcode].fee : 0) * 100),
    ),
    'POST /create-payment-intent': ok({
      clientSecret: 'pi_test_1_secret',
      orderId: '65f0000000000000000000bb',
      provider: 'test',
      publishableKey: null,
      testMode: true,
      amount: 28.48,
    }),
    ...routes,
  });
  return { api, ...renderWithProviders(<PaymentPage />, { at: '/payment', cart: BASKET }) };
}

describe('checkout: the delivery fee', () => {
  it('shows the zone’s fee as its own line, in the total and in what the card pays, and the zone’s minimum', async () => {
    const { api, user } = openCheckout();
    const summary = await screen.findByRole('region', { name: 'Your order' });
    expect(await within(summary).findByTestId('delivery-fee', {}, SLOW)).toHaveTextContent('£2.50');
    expect(within(summary).getByText('Delivery to BS6')).toBeVisible();
    expect(within(summary).getByTestId('order-total')).toHaveTextContent('£28.48');
    expect(
      within(summary).getByText('Orders delivered to BS6 must come to at least £30.00 before the delivery fee: add £4.02 more'),
    ).toBeVisible();
    expect(api.sent('GET /delivery-check').map((request) => request.query.get('postcode'))).toEqual(['BS6 6AA']);

    await fill(user, screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await fill(user, screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1230');
    await fill(user, screen.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £28.48' }));
    await waitFor(() => expect(api.sent('POST /create-payment-intent')).toHaveLength(1));
    expect(api.sent('POST /create-payment-intent')[0]?.body).toMatchObject({ addressId: near._id, price: 28.48 });
  });

  it('says the shop does not deliver to an address in no zone, with its phone, charges no fee and places nothing', async () => {
    const { user } = openCheckout();
    await user.click(await screen.findByRole('radio', { name: /9 Far Lane/ }, SLOW));
    const summary = screen.getByRole('region', { name: 'Your order' });
    expect(await within(summary).findByTestId('delivery-refusal', {}, SLOW)).toHaveTextContent(
      'We do not deliver to BS9 online: call us on 0117 496 0123 to arrange delivery',
    );
    expect(within(summary).queryByTestId('delivery-fee')).toBeNull();
    expect(within(summary).getByTestId('order-total')).toHaveTextContent('£25.98');
    expect(screen.getByRole('button', { name: 'Pay £25.98' })).toBeDisabled();
    // Beside the button, in the same words.
    expect(screen.getByRole('button', { name: 'Pay £25.98' })).toHaveAccessibleDescription(/^We do not deliver to BS9 online/);
    await user.click(screen.getByRole('radio', { name: 'Cash On Delivery' }));
    expect(screen.getByRole('button', { name: 'Place order £25.98' })).toBeDisabled();
  });

  it('charges a collection no fee', async () => {
    const { user } = openCheckout();
    const summary = await screen.findByRole('region', { name: 'Your order' });
    expect(await within(summary).findByTestId('delivery-fee', {}, SLOW)).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Collection' }));
    await waitFor(() => expect(within(summary).queryByTestId('delivery-fee')).toBeNull());
    expect(within(summary).getByTestId('order-total')).toHaveTextContent('£25.98');
  });

  it('names the shop’s zones in its terms and store information, not a radius in miles', async () => {
    const quote = cartQuoteRoute([margherita]);
    openCheckout({
      'POST /cart/quote': async (request, params) => {
        const answer = await quote(request, params);
        return { ...answer, body: { ...(answer.body as object), deliveryArea: ['BS1', 'BS2', 'BS6 5'] } };
      },
    });
    expect(
      await screen.findByText(
        'By placing your order you agree to our terms: orders are prepared as soon as they are confirmed, we deliver to BS1, BS2 and BS6 5, and card payments made outside opening hours are not refunded.',
        {},
        SLOW,
      ),
    ).toBeVisible();
    const info = screen.getByRole('region', { name: 'Store information' });
    expect(within(info).getByText('We deliver to BS1, BS2 and BS6 5.')).toBeVisible();
    expect(document.body).not.toHaveTextContent(/miles/);
  });
});
