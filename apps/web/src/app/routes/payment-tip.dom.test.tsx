import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine, CartQuoteAnswer } from '@shop/shared/contract/cart';
import type { DeliveryCheckAnswer } from '@shop/shared/contract/delivery';
import { closeRealtime } from '../../lib/realtime';
import { fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { kitchenStatus } from '../../../test/kitchen-fixtures';
import { fill, renderWithProviders } from '../../../test/render';
import { addressWire, cartQuoteRoute, productWire, sessionAnswer } from '../../../test/wire-fixtures';
import { PaymentPage } from './payment-page';

// The driver's tip at checkout (decision 1602): nothing chosen at first; a choice asks the quote with the tip, which
// shows as its own line, in the total and in what the card pays; a collection takes no tip.

afterEach(() => closeRealtime());

const SLOW = { timeout: 10_000 };
const EMAIL = 'ada@example.co.uk';
const margherita = productWire({ title: 'Margherita', category: 'Pizza', regularDiscount: 7.99, mediumDiscount: 12.99 });
const home = addressWire({ Email: EMAIL, address: '1 Near Road', postcode: 'BS6 6AA' });
const BASKET: Array<{ line: CartLine; display: { title: string; imageUrl: null; category: string } }> = [
  { line: { productId: margherita._id, quantity: 2, size: 'm' }, display: { title: 'Margherita', imageUrl: null, category: 'Pizza' } },
];
const CHECK: DeliveryCheckAnswer = { delivers: true, postcode: 'BS6 6AA', zone: 'BS6', fee: 2.5, minimumOrder: 0, message: null };

/** The quote as the server answers it: the tip sent (a delivery's) in `tip` and `toPay`. */
function quoteWithTip(): FakeHandler {
  const quote = cartQuoteRoute([margherita], [], () => 250);
  return async (request, params) => {
    const answer = await quote(request, params);
    const body = answer.body as CartQuoteAnswer;
    const { tip = 0, fulfilment } = request.body as { tip?: number; fulfilment?: string };
    if (answer.status !== 200 || fulfilment === 'collection') return answer;
    return { ...answer, body: { ...body, tip, toPay: Math.round((body.toPay + tip) * 100) / 100 } };
  };
}

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
    'GET /delivery-check': ok(CHECK),
    'POST /cart/quote': quoteWithTip(),
    'POST /create-payment-intent': ok({
      clientSecret: 'pi_test_1_secret',
      orderId: '65f0000000000000000000bb',
      provider: 'test',
      publishableKey: null,
      testMode: true,
      amount: 30.48,
    }),
  });
  return { api, ...renderWithProviders(<PaymentPage />, { at: '/payment', cart: BASKET }) };
}

const tipsSent = (api: ReturnType<typeof fakeApi>) => api.sent('POST /cart/quote').map((request) => (request.body as { tip?: number }).tip);

describe('checkout: the driver’s tip', () => {
  it('starts with nothing chosen and asks the quote without a tip; says it all goes to the driver and links the policy', async () => {
    const { api } = openCheckout();
    const tip = await screen.findByRole('region', { name: 'Tip your driver' }, SLOW);
    for (const name of ['£1.00', '£2.00', '£3.00', 'Other', 'No tip']) expect(within(tip).getByRole('radio', { name })).not.toBeChecked();
    expect(within(tip).getByText(/100% goes to your driver/)).toBeVisible();
    expect(within(tip).getByRole('link', { name: 'Our tipping policy' })).toHaveAttribute('href', '/tipping-policy');
    const summary = screen.getByRole('region', { name: 'Your order' });
    expect(await within(summary).findByTestId('order-total', {}, SLOW)).toHaveTextContent('£28.48');
    expect(within(summary).queryByTestId('tip-line')).toBeNull();
    expect(tipsSent(api).every((sent) => sent === undefined)).toBe(true);
  });

  it('choosing £2 asks the quote with tip 2: a Driver tip line, the new total on the Pay button, the tip sent with the order', async () => {
    const { api, user } = openCheckout();
    await user.click(await screen.findByRole('radio', { name: '£2.00' }, SLOW));
    await waitFor(() => expect(tipsSent(api)).toContain(2), SLOW);
    const summary = screen.getByRole('region', { name: 'Your order' });
    expect(await within(summary).findByTestId('tip-line', {}, SLOW)).toHaveTextContent('£2.00');
    expect(within(summary).getByText('Driver tip')).toBeVisible();
    expect(within(summary).getByTestId('order-total')).toHaveTextContent('£30.48');

    await fill(user, screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await fill(user, screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1230');
    await fill(user, screen.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(await screen.findByRole('button', { name: 'Pay £30.48' }, SLOW));
    await waitFor(() => expect(api.sent('POST /create-payment-intent')).toHaveLength(1), SLOW);
    expect(api.sent('POST /create-payment-intent')[0]?.body).toMatchObject({ addressId: home._id, price: 30.48, tip: 2 });
  });

  it('takes another amount, and No tip sends none', async () => {
    const { api, user } = openCheckout();
    await user.click(await screen.findByRole('radio', { name: 'Other' }, SLOW));
    await fill(user, screen.getByRole('textbox', { name: 'Tip amount (£)' }), '4.50');
    await waitFor(() => expect(tipsSent(api)).toContain(4.5), SLOW);
    expect(await screen.findByRole('button', { name: 'Pay £32.98' }, SLOW)).toBeVisible();
    await fill(user, screen.getByRole('textbox', { name: 'Tip amount (£)' }), '4.505');
    expect(screen.getByText('Enter an amount in pounds, up to £50.00')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'No tip' }));
    expect(await screen.findByRole('button', { name: 'Pay £28.48' }, SLOW)).toBeVisible();
  });

  it('switching to collection drops the tip: no chooser, the quote asked without it, the total without it', async () => {
    const { api, user } = openCheckout();
    await user.click(await screen.findByRole('radio', { name: '£3.00' }, SLOW));
    expect(await screen.findByRole('button', { name: 'Pay £31.48' }, SLOW)).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Collection' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Tip your driver' })).toBeNull(), SLOW);
    const summary = screen.getByRole('region', { name: 'Your order' });
    await waitFor(() => expect(within(summary).getByTestId('order-total')).toHaveTextContent('£25.98'), SLOW);
    expect(within(summary).queryByTestId('tip-line')).toBeNull();
    const last = api.sent('POST /cart/quote').at(-1)?.body as { tip?: number; fulfilment?: string };
    expect(last).toMatchObject({ fulfilment: 'collection' });
    expect(last.tip).toBeUndefined();
  });
});
