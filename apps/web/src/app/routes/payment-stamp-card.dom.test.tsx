import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine, CartQuoteAnswer } from '@shop/shared/contract/cart';
import type { LoyaltyAnswer } from '@shop/shared/contract/loyalty';
import { closeRealtime } from '../../lib/realtime';
import { fakeApi, ok, type FakeAnswer, type FakeHandler } from '../../../test/fake-api';
import { kitchenStatus } from '../../../test/kitchen-fixtures';
import { fill, renderWithProviders } from '../../../test/render';
import { addressWire, cartQuoteRoute, productWire, sessionAnswer } from '../../../test/wire-fixtures';
import { PaymentPage } from './payment-page';

// At checkout (decision 1601): a signed-in customer sees their stamp card; with a full card, 'Use my reward' asks
// the quote for the reward's line, and the card pays what the quote says, the order sent with redeemStamps.

afterEach(() => closeRealtime());

const SLOW = { timeout: 10_000 };
const EMAIL = 'ada@example.co.uk';
const margherita = productWire({ title: 'Margherita', category: 'Pizza', regularDiscount: 7.99, mediumDiscount: 12.99 });
const home = addressWire({ Email: EMAIL, address: '1 Near Road', postcode: 'BS6 6AA' });
const BASKET: Array<{ line: CartLine; display: { title: string; imageUrl: null; category: string } }> = [
  { line: { productId: margherita._id, quantity: 2, size: 'm' }, display: { title: 'Margherita', imageUrl: null, category: 'Pizza' } },
];
const card = (stamps: number): LoyaltyAnswer => ({
  enabled: true,
  stamps,
  needed: 8,
  rewardReady: stamps >= 8,
  reward: { kind: 'amount', label: 'Stamp card: £5.00 off', condition: null },
  entries: [],
});

/** The quote as the server answers it: the reward's line when redeemStamps is sent. */
function quoteWithStamps(): FakeHandler {
  const quote = cartQuoteRoute([margherita]);
  return async (request, params) => {
    const answer = await quote(request, params);
    if (!(request.body as { redeemStamps?: boolean }).redeemStamps) return answer;
    const body = answer.body as CartQuoteAnswer;
    return ok({
      ...body,
      discounts: [{ source: 'stamp-card', label: 'Stamp card: £5.00 off', amount: 5, code: null }],
      discount: 5,
      toPay: Math.round((body.toPay - 5) * 100) / 100,
    });
  };
}

function openCheckout(loyalty: LoyaltyAnswer, routes: Record<string, FakeHandler | FakeAnswer> = {}) {
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
    'GET /delivery-check': ok({ delivers: true, postcode: 'BS6 6AA', zone: null, fee: 0, minimumOrder: 0, message: null }),
    'GET /loyalty': ok(loyalty),
    'POST /cart/quote': quoteWithStamps(),
    'POST /create-payment-intent': ok({
      clientSecret: 'pi_test_1_secret',
      orderId: '65f0000000000000000000bb',
      provider: 'test',
      publishableKey: null,
      testMode: true,
      amount: 20.98,
    }),
    ...routes,
  });
  return { api, ...renderWithProviders(<PaymentPage />, { at: '/payment', cart: BASKET }) };
}

describe('checkout: the stamp card', () => {
  it('shows a card not yet full, with no reward to use', async () => {
    openCheckout(card(3));
    const section = await screen.findByRole('region', { name: 'Stamp card' }, SLOW);
    expect(within(section).getByText('3 of 8 stamps')).toBeVisible();
    expect(within(section).getByText('8 stamps give you £5.00 off')).toBeVisible();
    expect(within(section).queryByRole('checkbox', { name: /Use my reward/ })).toBeNull();
  });

  it('spends a full card: the quote’s line, the lower amount to pay, and the order sent with redeemStamps', async () => {
    const { api, user } = openCheckout(card(8));
    const section = await screen.findByRole('region', { name: 'Stamp card' }, SLOW);
    expect(within(section).getByText('Your reward is ready: £5.00 off')).toBeVisible();
    const reward = within(section).getByRole('checkbox', { name: /Use my reward/ });
    expect(reward).not.toBeChecked();
    await screen.findByRole('button', { name: 'Pay £25.98' }, SLOW);

    await user.click(reward);
    expect(await within(section).findByText('Stamp card: £5.00 off: -£5.00')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Pay £20.98' }, SLOW)).toBeVisible();
    expect(api.sent('POST /cart/quote').at(-1)?.body).toMatchObject({ redeemStamps: true });

    await fill(user, screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await fill(user, screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1230');
    await fill(user, screen.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £20.98' }));
    await waitFor(() => expect(api.sent('POST /create-payment-intent')).toHaveLength(1));
    expect(api.sent('POST /create-payment-intent')[0]?.body).toMatchObject({ redeemStamps: true, price: 20.98 });
  });

  it('shows nothing while the shop runs no card', async () => {
    openCheckout({ enabled: false, stamps: 0, needed: 0, rewardReady: false, reward: null, entries: [] });
    await screen.findByRole('button', { name: 'Pay £25.98' }, SLOW);
    expect(screen.queryByRole('region', { name: 'Stamp card' })).toBeNull();
  });
});
