import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from '@shop/shared/contract/cart';
import { closeRealtime } from '../../lib/realtime';
import { fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { kitchenStatus } from '../../../test/kitchen-fixtures';
import { fill, renderWithProviders } from '../../../test/render';
import { addressWire, cartQuoteRoute, productWire, sessionAnswer } from '../../../test/wire-fixtures';
import { PaymentPage } from './payment-page';

// At checkout (decision 1600): a promotion code is applied through the quote; its discount line is shown in the
// field's place and in the order summary, and the total and the payment are the quote's toPay; a code that does not
// apply shows the server's reason under the field and is not sent with the order.

afterEach(() => closeRealtime());

const SLOW = { timeout: 10_000 };
const EMAIL = 'ada@example.co.uk';
const margherita = productWire({ title: 'Margherita', category: 'Pizza', regularDiscount: 7.99, mediumDiscount: 12.99 });
const home = addressWire({ Email: EMAIL, address: '1 Near Road', postcode: 'BS6 6AA' });
const BASKET: Array<{ line: CartLine; display: { title: string; imageUrl: null; category: string } }> = [
  { line: { productId: margherita._id, quantity: 2, size: 'm' }, display: { title: 'Margherita', imageUrl: null, category: 'Pizza' } },
];
const REASON = 'This code needs £30.00 of food: add £4.02 more';

/** The quote of the cart (2 × £12.99 and a £2.50 fee) with PIZZA10 taking 10% of the food (£2.60) off; BIGSPEND refused. */
const quoteWithCodes: FakeHandler = async (request, params) => {
  const answer = await cartQuoteRoute([margherita], [], () => 250)(request, params);
  const body = answer.body as { toPay: number };
  const code = (request.body as { promoCode?: string }).promoCode?.toUpperCase();
  if (code === 'PIZZA10')
    return ok({
      ...body,
      discounts: [{ source: 'promotion', label: 'PIZZA10: 10% off', amount: 2.6, code: 'PIZZA10' }],
      discount: 2.6,
      promo: { code, applied: true, reason: null },
      toPay: Math.round((body.toPay - 2.6) * 100) / 100,
    });
  if (code) return ok({ ...body, promo: { code, applied: false, reason: REASON } });
  return answer;
};

function openCheckout() {
  const api = fakeApi({
    'GET /session': sessionAnswer(EMAIL),
    'GET /get-address-by-email/:email': ok([home]),
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
    'GET /delivery-check': ok({ delivers: true, postcode: 'BS6 6AA', zone: 'BS6', fee: 2.5, minimumOrder: 0, message: null }),
    'POST /cart/quote': quoteWithCodes,
    'POST /create-payment-intent': ok({
      clientSecret: 'pi_test_1_secret',
      orderId: '65f0000000000000000000bb',
      provider: 'test',
      publishableKey: null,
      testMode: true,
      amount: 25.88,
    }),
  });
  return { api, ...renderWithProviders(<PaymentPage />, { at: '/payment', cart: BASKET }) };
}

describe('checkout: a promo code', () => {
  it('applies a code: its line in the field’s place and in the summary, the total and the card payment what the quote says', async () => {
    const { api, user } = openCheckout();
    const summary = await screen.findByRole('region', { name: 'Your order' });
    expect(await within(summary).findByTestId('delivery-fee', {}, SLOW)).toHaveTextContent('£2.50');
    const promo = screen.getByRole('region', { name: 'Promo code' });
    await fill(user, within(promo).getByRole('textbox', { name: 'Promo code' }), 'pizza10');
    await user.click(within(promo).getByRole('button', { name: 'Apply' }));

    expect(await within(promo).findByText('PIZZA10: 10% off: −£2.60', {}, SLOW)).toBeVisible();
    expect(within(summary).getByTestId('discount-line')).toHaveTextContent('PIZZA10: 10% off−£2.60');
    expect(within(summary).getByTestId('order-total')).toHaveTextContent('£25.88');
    expect(api.sent('POST /cart/quote').at(-1)?.body).toMatchObject({ promoCode: 'pizza10' });

    await fill(user, screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await fill(user, screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1230');
    await fill(user, screen.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £25.88' }));
    await waitFor(() => expect(api.sent('POST /create-payment-intent')).toHaveLength(1));
    expect(api.sent('POST /create-payment-intent')[0]?.body).toMatchObject({ promoCode: 'pizza10', price: 25.88 });

    await user.click(within(promo).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(summary).queryByTestId('discount-line')).toBeNull());
    expect(within(summary).getByTestId('order-total')).toHaveTextContent('£28.48');
  });

  it('shows why a code does not apply under the field and holds the payment back until it is removed', async () => {
    const { api, user } = openCheckout();
    const promo = await screen.findByRole('region', { name: 'Promo code' }, SLOW);
    await fill(user, within(promo).getByRole('textbox', { name: 'Promo code' }), 'BIGSPEND');
    await user.click(within(promo).getByRole('button', { name: 'Apply' }));

    expect(await within(promo).findByRole('alert', {}, SLOW)).toHaveTextContent(REASON);
    expect(within(promo).getByRole('textbox', { name: 'Promo code' })).toHaveAccessibleDescription(REASON);
    const summary = screen.getByRole('region', { name: 'Your order' });
    expect(within(summary).queryByTestId('discount-line')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay £28.48' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pay £28.48' })).toHaveAccessibleDescription(REASON);

    await user.click(within(promo).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(promo).queryByRole('alert')).toBeNull());
    await fill(user, screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await fill(user, screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1230');
    await fill(user, screen.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £28.48' }));
    await waitFor(() => expect(api.sent('POST /create-payment-intent')).toHaveLength(1));
    expect(api.sent('POST /create-payment-intent')[0]?.body).not.toHaveProperty('promoCode');
  });
});
