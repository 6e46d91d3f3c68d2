import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '@shop/shared/contract/cart';
import type { SavedCard } from '@shop/shared/contract/payment-methods';
import { DEFAULT_OPENING_HOURS, orderingStatus } from '@shop/shared/domain/opening-hours';
import { fakeApi, ok, refuse, type FakeHandler } from '../../../test/fake-api';
import { fill, renderWithProviders } from '../../../test/render';
import { addressWire, cartQuoteRoute, productWire, sessionAnswer } from '../../../test/wire-fixtures';
import { PaymentPage } from './payment-page';

const EMAIL = 'ada@example.co.uk';
const margherita = productWire({
  title: 'Margherita',
  category: 'Pizza',
  regularDiscount: 7.99,
  mediumDiscount: 10.99,
  largeDiscount: 13.99,
  deep_pan: 0,
  thin_crust: 0,
  stuffed_crust: 2,
});
const home = addressWire({ Email: EMAIL });

/** 2 × medium Margherita with stuffed crust: £25.98. */
const BASKET: Array<{ line: CartLine; display: { title: string; imageUrl: null; category: string } }> = [
  {
    line: { productId: margherita._id, quantity: 2, size: 'm', crust: 'stuffed_crust' },
    display: { title: 'Margherita', imageUrl: null, category: 'Pizza' },
  },
];

/** Friday 27 November 2026, 19:00 in London: the shop takes orders. */
const OPEN = orderingStatus(new Date('2026-11-27T19:00:00Z'), DEFAULT_OPENING_HOURS);
const ORDER_ID = '65f0000000000000000000cc';
const INTENT = {
  clientSecret: 'pi_test_2_secret',
  orderId: ORDER_ID,
  provider: 'test',
  publishableKey: null,
  testMode: true,
  amount: 25.98,
};
const CVC_CARD: SavedCard = { id: 'pm_test_1', brand: 'visa', last4: '3184', expMonth: 11, expYear: 2029, needsCvc: true };

function openCheckout(routes: Record<string, FakeHandler | ReturnType<typeof ok>> = {}) {
  const api = fakeApi({
    'GET /session': sessionAnswer(EMAIL),
    'GET /get-address-by-email/:email': (request, params) => (params.email === EMAIL ? ok([home]) : refuse('FORBIDDEN', 'Not yours')),
    'GET /payment-config': ok({ provider: 'test', publishableKey: null, testMode: true }),
    'GET /opening-status': ok(OPEN),
    'POST /cart/quote': cartQuoteRoute([margherita]),
    'GET /payment-methods': ok([]),
    'POST /create-payment-intent': ok(INTENT),
    'POST /test-payments/confirm': ok({ status: 'requires_capture', orderId: ORDER_ID }),
    ...routes,
  });
  const rendered = renderWithProviders(<PaymentPage />, {
    at: '/payment',
    cart: BASKET,
    routes: { '/notification': <h1>Notifications</h1> },
  });
  return { api, ...rendered };
}

describe('wallets and saved cards at checkout (test provider)', () => {
  it('pays with the test wallet through the same confirm, with no card typed', async () => {
    const { api, user } = openCheckout();
    await user.click(await screen.findByRole('button', { name: 'Pay with test wallet' }));
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeVisible();
    expect(api.sent('POST /create-payment-intent')).toHaveLength(1);
    expect(api.sent('POST /test-payments/confirm').map((request) => request.body)).toEqual([
      { clientSecret: 'pi_test_2_secret', wallet: 'test_wallet' },
    ]);
  });

  it('offers the saved card first, asks its CVC when it needs it, and pays with it', async () => {
    let confirms = 0;
    const { api, user } = openCheckout({
      'GET /payment-methods': ok([CVC_CARD]),
      'POST /test-payments/confirm': (request) => {
        confirms += 1;
        const body = request.body as { cvc?: string };
        return body.cvc
          ? ok({ status: 'requires_capture', orderId: ORDER_ID })
          : refuse('CVC_REQUIRED', 'Enter the card’s security code (CVC) to pay with this saved card.', 402);
      },
    });
    const saved = await screen.findByRole('radio', { name: /Visa ending 3184/ });
    expect(saved).toBeChecked();
    expect(screen.getByText('Expires 11/29')).toBeVisible();
    // A saved card: no number to type, only its CVC.
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    await fill(user, screen.getByRole('textbox', { name: 'CVC of Visa ending 3184' }), '321');
    await user.click(await screen.findByRole('button', { name: 'Pay £25.98' }));
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeVisible();
    expect(confirms).toBe(1);
    expect(api.sent('POST /test-payments/confirm')[0]?.body).toEqual({
      clientSecret: 'pi_test_2_secret',
      paymentMethodId: 'pm_test_1',
      cvc: '321',
    });
    expect(api.sent('POST /create-payment-intent')[0]?.body).not.toHaveProperty('saveCard');
  });

  it('saves a new card when asked: the order and the confirm say so', async () => {
    const { api, user } = openCheckout({ 'GET /payment-methods': ok([CVC_CARD]) });
    await user.click(await screen.findByRole('radio', { name: 'A new card' }));
    await fill(user, screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await fill(user, screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1230');
    await fill(user, screen.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(screen.getByRole('checkbox', { name: 'Save this card for next time' }));
    await user.click(screen.getByRole('button', { name: 'Pay £25.98' }));
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeVisible();
    expect(api.sent('POST /create-payment-intent')[0]?.body).toMatchObject({ saveCard: true });
    expect(api.sent('POST /test-payments/confirm')[0]?.body).toEqual({
      clientSecret: 'pi_test_2_secret',
      cardNumber: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
      saveCard: true,
    });
  });

  it('shows the server’s refusal of a saved card in the form', async () => {
    const { user } = openCheckout({
      'GET /payment-methods': ok([{ ...CVC_CARD, needsCvc: false }]),
      'POST /test-payments/confirm': refuse('PAYMENT_METHOD_NOT_FOUND', 'No saved card with that id', 404),
    });
    await screen.findByRole('radio', { name: /Visa ending 3184/ });
    expect(screen.queryByRole('textbox', { name: /CVC/ })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Pay £25.98' }));
    const form = screen.getByRole('form', { name: 'Card payment' });
    expect(await within(form).findByText('No saved card with that id')).toBeVisible();
  });
});
