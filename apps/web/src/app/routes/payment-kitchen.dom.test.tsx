import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from '@shop/shared/contract/cart';
import { SHOP_STATUS } from '@shop/shared/contract/shop-status';
import { closeRealtime } from '../../lib/realtime';
import { fakeApi, ok, refuse, type FakeAnswer, type FakeHandler } from '../../../test/fake-api';
import { openSockets, serverEmit } from '../../../test/fake-socket';
import { kitchenStatus } from '../../../test/kitchen-fixtures';
import { fill, renderWithProviders } from '../../../test/render';
import { addressWire, cartQuoteRoute, productWire, sessionAnswer } from '../../../test/wire-fixtures';
import { PaymentPage } from './payment-page';

// Issue 21 at checkout: the quote, the pause (place-order off, in the server's words), live.

afterEach(() => closeRealtime());

const EMAIL = 'ada@example.co.uk';
const margherita = productWire({ title: 'Margherita', category: 'Pizza', regularDiscount: 7.99, mediumDiscount: 12.99 });
const home = addressWire({ Email: EMAIL });
const BASKET: Array<{ line: CartLine; display: { title: string; imageUrl: null; category: string } }> = [
  { line: { productId: margherita._id, quantity: 2, size: 'm' }, display: { title: 'Margherita', imageUrl: null, category: 'Pizza' } },
];

/** Friday 27 November 2026, 19:00 in London. */
const FRIDAY_EVENING = '2026-11-27T19:00:00Z';
const PAUSED = kitchenStatus(FRIDAY_EVENING, { state: { busy: null, pausedUntil: new Date('2026-11-27T19:30:00Z') } });
const PAUSED_WORDS = 'We are not taking orders right now. Back at 19:30.';

function openCheckout(status: unknown, routes: Record<string, FakeHandler | FakeAnswer> = {}) {
  const api = fakeApi({
    'GET /session': sessionAnswer(EMAIL),
    'GET /get-address-by-email/:email': ok([home]),
    'GET /payment-config': ok({ provider: 'test', publishableKey: null, testMode: true }),
    'GET /opening-status': ok(status),
    'GET /order-slots': ok({ asap: true, quoteMinutes: 45, slots: [] }),
    'POST /cart/quote': cartQuoteRoute([margherita]),
    ...routes,
  });
  const rendered = renderWithProviders(<PaymentPage />, {
    at: '/payment',
    cart: BASKET,
    routes: { '/notification': <h1>Notifications</h1> },
  });
  return { api, ...rendered };
}

describe('checkout and the kitchen', () => {
  it('shows the quote before the customer pays', async () => {
    openCheckout(kitchenStatus(FRIDAY_EVENING, { queueLength: 6 }));
    expect(await screen.findByText('Delivery in about 50 min')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Pay £25.98' })).toBeEnabled();
  });

  it('while paused: says so in the server words and neither card nor cash can be placed', async () => {
    const { api, user } = openCheckout(PAUSED);
    // Beside place-order, and in the store's information.
    await waitFor(() => expect(screen.getAllByText(PAUSED_WORDS)).toHaveLength(2));
    await fill(user, await screen.findByRole('textbox', { name: 'Card number' }), '4242424242424242');
    expect(await screen.findByRole('button', { name: 'Pay £25.98' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Cash On Delivery' }));
    expect(screen.getByRole('button', { name: 'Place order £25.98' })).toBeDisabled();
    expect(screen.queryByText(/Delivery in about/)).not.toBeInTheDocument();
    expect(api.sent('POST /buy-product')).toEqual([]);
    expect(api.sent('POST /create-payment-intent')).toEqual([]);
  });

  it('follows shop_status: a pause sent while the customer is at checkout turns place-order off, its end on again', async () => {
    const { user } = openCheckout(kitchenStatus(FRIDAY_EVENING));
    await user.click(await screen.findByRole('radio', { name: 'Cash On Delivery' }));
    expect(await screen.findByRole('button', { name: 'Place order £25.98' })).toBeEnabled();
    await waitFor(() => expect([...openSockets].some((socket) => socket.connected)).toBe(true));

    serverEmit(SHOP_STATUS, PAUSED);
    await waitFor(() => expect(screen.getAllByText(PAUSED_WORDS)).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Place order £25.98' })).toBeDisabled();

    serverEmit(SHOP_STATUS, kitchenStatus(FRIDAY_EVENING));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order £25.98' })).toBeEnabled());
    expect(screen.getByText('Delivery in about 45 min')).toBeVisible();
  });

  it('shows the server refusal ORDERING_PAUSED when the pause came first', async () => {
    const { user } = openCheckout(kitchenStatus(FRIDAY_EVENING), {
      'POST /buy-product': refuse('ORDERING_PAUSED', PAUSED_WORDS),
    });
    await user.click(await screen.findByRole('radio', { name: 'Cash On Delivery' }));
    await user.click(await screen.findByRole('button', { name: 'Place order £25.98' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByText(PAUSED_WORDS)).toBeVisible();
  });
});
