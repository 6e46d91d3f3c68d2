import { screen, waitFor, within } from '@testing-library/react';
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

// At checkout: the quote, the pause (place-order off, in the server's words), live.

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
    expect(await screen.findByRole('radio', { name: 'As soon as possible · Delivery in about 50 min' })).toBeChecked();
    expect(await screen.findByRole('button', { name: 'Pay £25.98' })).toBeEnabled();
  });

  it('while paused: says so in the server words and neither card nor cash can be placed', async () => {
    const { api, user } = openCheckout(PAUSED);
    // Beside place-order, and in the store's information.
    await waitFor(() => expect(screen.getAllByText(PAUSED_WORDS)).toHaveLength(2));
    await fill(user, await screen.findByRole('textbox', { name: 'Card number' }), '4242424242424242');
    expect(await screen.findByRole('button', { name: 'Pay £25.98' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pay £25.98' })).toHaveAccessibleDescription(PAUSED_WORDS);
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
    expect(screen.getByRole('radio', { name: 'As soon as possible · Delivery in about 45 min' })).toBeChecked();
  });

  it('a pause arriving while the cash confirm is open: the order for as soon as possible is sent as confirmed and refused in the server words, not placed for a slot', async () => {
    const { api, user } = openCheckout(kitchenStatus(FRIDAY_EVENING), {
      'GET /order-slots': ok({ asap: true, quoteMinutes: 45, slots: SLOTS }),
      'POST /buy-product': refuse('ORDERING_PAUSED', PAUSED_WORDS),
    });
    await user.click(await screen.findByRole('radio', { name: 'Cash On Delivery' }));
    expect(await screen.findByRole('radio', { name: 'As soon as possible · Delivery in about 45 min' })).toBeChecked();
    await waitFor(() => expect([...openSockets].some((socket) => socket.connected)).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Place order £25.98' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your order' });

    // The pause reaches the page behind the question: it now offers only a time ahead.
    serverEmit(SHOP_STATUS, PAUSED);
    await waitFor(() => expect(screen.queryByRole('radio', { name: /As soon as possible/, hidden: true })).not.toBeInTheDocument());
    await user.click(within(confirm).getByRole('button', { name: 'Confirm order' }));

    await waitFor(() => expect(api.sent('POST /buy-product')).toHaveLength(1));
    expect((api.sent('POST /buy-product')[0]?.body as { scheduledFor?: unknown }).scheduledFor ?? null).toBeNull();
    // The refusal in the server's words (the toast), and the page asks again what it may offer.
    expect((await screen.findAllByText(PAUSED_WORDS)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Notifications' })).not.toBeInTheDocument();
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

/** The slots GET /order-slots answers on Friday evening (the server's labels). */
const SLOTS = [
  { at: '2026-11-27T19:45:00.000Z', label: 'Fri 19:45' },
  { at: '2026-11-27T20:00:00.000Z', label: 'Fri 20:00' },
  { at: '2026-11-28T12:45:00.000Z', label: 'Sat 12:45' },
];

async function chooseSlot(user: ReturnType<typeof openCheckout>['user'], label: string) {
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Time' }), label);
}

describe('ordering ahead at checkout', () => {
  it('while open: as soon as possible sends no scheduledFor; a slot chosen is sent on the cash route', async () => {
    const { api, user } = openCheckout(kitchenStatus(FRIDAY_EVENING), {
      'GET /order-slots': ok({ asap: true, quoteMinutes: 45, slots: SLOTS }),
      'POST /buy-product': ok({ insertedId: '65f0000000000000000000aa' }, 201),
    });
    await user.click(await screen.findByRole('radio', { name: 'Order ahead for later' }));
    await chooseSlot(user, 'Sat 12:45');
    await user.click(screen.getByRole('radio', { name: 'Cash On Delivery' }));
    await user.click(screen.getByRole('button', { name: 'Place order £25.98' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeVisible();
    expect(api.sent('POST /buy-product')[0]?.body).toMatchObject({ paymentType: 'Cash', scheduledFor: '2026-11-28T12:45:00.000Z' });
  });

  it('while paused: only slots are offered, none chosen for the customer; the one they pick goes on the card route', async () => {
    const { api, user } = openCheckout(PAUSED, {
      'GET /order-slots': ok({ asap: false, quoteMinutes: 45, slots: SLOTS }),
      'POST /create-payment-intent': refuse(
        'SLOT_NOT_AVAILABLE',
        'Fri 19:45 is not a time we can take orders for. The next free time is Fri 20:00.',
      ),
    });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Order ahead for later' })).toBeChecked());
    expect(screen.queryByRole('radio', { name: /As soon as possible/ })).not.toBeInTheDocument();
    const time = await screen.findByRole('combobox', { name: 'Time' });
    // The page never picks a time for the customer: until they do, Pay is off with the server's words.
    expect(time).toHaveDisplayValue('');
    expect(time).toHaveValue('');
    expect(await screen.findByRole('button', { name: 'Pay £25.98' })).toBeDisabled();
    await user.selectOptions(time, 'Fri 19:45');
    expect(time).toHaveDisplayValue('Fri 19:45');
    // A slot is an order the shop may take: place-order is on.
    await fill(user, screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await fill(user, screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1230');
    await fill(user, screen.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £25.98' }));
    expect(await screen.findByText('Fri 19:45 is not a time we can take orders for. The next free time is Fri 20:00.')).toBeVisible();
    expect(api.sent('POST /create-payment-intent')[0]?.body).toMatchObject({ scheduledFor: '2026-11-27T19:45:00.000Z' });
    // The slots are asked for again after the refusal.
    await waitFor(() => expect(api.sent('GET /order-slots').length).toBeGreaterThan(1));
  });

  it('while closed by the hours with no slot left: place-order is off with the shop words', async () => {
    const closed = kitchenStatus('2026-11-27T06:00:00Z');
    openCheckout(closed, { 'GET /order-slots': ok({ asap: false, quoteMinutes: 45, slots: [] }) });
    expect(await screen.findByText('There is no time left to order ahead for today or tomorrow.')).toBeVisible();
    await waitFor(() => expect(screen.getAllByText(closed.message)).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Pay £25.98' })).toBeDisabled();
  });
});
