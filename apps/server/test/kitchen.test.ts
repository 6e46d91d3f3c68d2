// Issue 21 points 1, 2, 3, 5, 6 and 7 on the server (decision 0901): the quote in GET /api/opening-status, busy mode
// and the pause (PUT /api/shop-status) ending by themselves on the shop clock, the pause refusing both order routes,
// capacity per 15-minute slot, ordering ahead (scheduledFor, GET /api/order-slots), the auto-reject of a scheduled
// order, the admin's list by when it is due, and the `shop_status` socket event.
import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpeningStatusWire, OrderWire } from '@shop/shared/contract/orders';
import { SHOP_STATUS } from '@shop/shared/contract/shop-status';
import { NO_RESPONSE_REASON } from '@shop/shared/domain/order-promise';
import { orders, payments } from '../src/db/schema';
import { runOrderTimers } from '../src/modules/orders/public';
import { testDatabases, type TestServer } from './harness';
import { call, cashOrder, pizzaLine, startOrderingShop, type Menu } from './order-fixtures';
import type { SignedIn } from './sign-in';
import { connectSocket, type TestSocket } from './socket-client';

const PAUSED_TILL_1830 = 'We are not taking orders right now. Back at 18:30.';
/** How long an event sent after a commit by a listener (a settings change reads the status first) may take. */
const EVENT_MS = 5000;

describe.each(testDatabases())('kitchen capacity: the quote, busy mode, pause, capacity and ordering ahead on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let addressId: string;
  let admin: SignedIn;
  const sockets: TestSocket[] = [];

  beforeEach(async () => {
    // Wednesday 18 November 2026, 18:00 in London (GMT): open 12:00-23:15, orders until 23:00.
    ({ server, menu, customer, addressId, admin } = await startOrderingShop(kind, { RATE_LIMIT_MULTIPLIER: '10' }));
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await server.close();
  });

  const setClock = (iso: string) => {
    server.config.shopTime = new Date(iso);
  };
  const openingStatus = async (): Promise<OpeningStatusWire> => {
    const answer = await call(server, 'GET', '/opening-status', null);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as OpeningStatusWire;
  };
  const shopStatus = (body: unknown, who: SignedIn = admin) => call(server, 'PUT', '/shop-status', who, body);
  const orderCash = (extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId, extra), headers);
  const orderCard = (extra: Record<string, unknown> = {}) =>
    call(server, 'POST', '/create-payment-intent', customer, { items: [pizzaLine(menu)], addressId, note: '', ...extra });
  async function placeCash(extra: Record<string, unknown> = {}): Promise<string> {
    const placed = await orderCash(extra);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return placed.body.insertedId as string;
  }
  const update = (id: string, body: unknown) => call(server, 'PUT', `/update-sell-products/${id}`, admin, body);
  async function accept(id: string, readyInMinutes?: number): Promise<void> {
    const answer = await update(id, { status: 'Approved Order', ...(readyInMinutes !== undefined ? { readyInMinutes } : {}) });
    expect(answer.body, JSON.stringify(answer.body)).toEqual({ modifiedCount: 1 });
  }
  const readOrder = async (id: string) => (await call(server, 'GET', `/buy-product/${id}`, admin)).body as OrderWire;
  const counted = async () => ({
    orders: Number((await server.app.db.select({ n: count() }).from(orders))[0]?.n),
    payments: Number((await server.app.db.select({ n: count() }).from(payments))[0]?.n),
  });

  it('quotes the usual 45 minutes, more for each accepted order beyond 5 and for busy mode, which ends by itself', async () => {
    expect(await openingStatus()).toMatchObject({
      acceptingOrders: true,
      closedReason: null,
      quoteMinutes: 45,
      quoteReadyAt: '2026-11-18T18:45:00.000Z',
      busy: null,
      pausedUntil: null,
      nextSlotAt: '2026-11-18T18:45:00.000Z',
    });
    const placed: string[] = [];
    for (let i = 0; i < 8; i += 1) placed.push(await placeCash());
    // Waiting orders are not the kitchen's queue yet; accepted ones are.
    expect((await openingStatus()).quoteMinutes).toBe(45);
    for (const id of placed.slice(0, 6)) await accept(id, 30);
    expect((await openingStatus()).quoteMinutes).toBe(50);

    const busy = await shopStatus({ busy: { extraMinutes: 30, forMinutes: 60 } });
    expect(busy.status, JSON.stringify(busy.body)).toBe(200);
    expect(busy.body).toMatchObject({
      quoteMinutes: 80,
      busy: { extraMinutes: 30, until: '2026-11-18T19:00:00.000Z' },
      acceptingOrders: true,
    });
    expect(await openingStatus()).toMatchObject({ quoteMinutes: 80, busy: { extraMinutes: 30, until: '2026-11-18T19:00:00.000Z' } });

    // Approve without a time promises the quote: 18:00 + 80 minutes.
    await accept(placed[6] as string);
    expect(await readOrder(placed[6] as string)).toMatchObject({ expectedAt: '2026-11-18T19:20:00.000Z', expectedTime: '19:20' });
    expect((await openingStatus()).quoteMinutes).toBe(85);

    // At 19:00 busy mode has ended by itself: 7 in the queue, 45 + 2 × 5.
    setClock('2026-11-18T19:00:00Z');
    expect(await openingStatus()).toMatchObject({ quoteMinutes: 55, quoteReadyAt: '2026-11-18T19:55:00.000Z', busy: null });
    // Orders on their way leave the queue.
    for (const id of placed.slice(0, 2)) expect((await update(id, { status: 'On the way' })).body).toEqual({ modifiedCount: 1 });
    expect((await openingStatus()).quoteMinutes).toBe(45);

    // Until turned off: still on the next day, until {busy: null}.
    expect((await shopStatus({ busy: { extraMinutes: 15, forMinutes: null } })).body).toMatchObject({
      busy: { extraMinutes: 15, until: null },
    });
    setClock('2026-11-19T13:00:00Z');
    expect(await openingStatus()).toMatchObject({ quoteMinutes: 60, busy: { extraMinutes: 15, until: null } });
    expect((await shopStatus({ busy: null })).body).toMatchObject({ quoteMinutes: 45, busy: null });
  });

  it('follows the kitchen settings: the usual time, the allowance and the minutes per extra order', async () => {
    const saved = await call(server, 'PUT', '/shop-settings', admin, { usualMinutes: 30, queueAllowance: 0, minutesPerExtraOrder: 10 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({
      lateAfterMinutes: 5,
      autoRejectAfterMinutes: 10,
      autoAccept: false,
      usualMinutes: 30,
      queueAllowance: 0,
      minutesPerExtraOrder: 10,
      slotCapacity: 0,
      // The shop itself (decision 1002): collection's time, no post code, the placeholder trader.
      collectionMinutes: 20,
      shopPostcode: null,
      traderName: 'Takeaway Shop',
      traderAddress: ['12 Market Street', 'London E1 6AA'],
      traderPhone: '020 7946 0321',
      traderEmail: 'hello@takeaway-shop.example',
      vatNumber: null,
      // The minimum order per fulfilment (decision 1400): the spec's £10 for both until set.
      minimumOrder: { delivery: 10, collection: 10 },
      // The counter's refund limit (decision 1401), the ticket's lead time and closing the day: their defaults.
      counterRefundLimit: 5,
      ticketLeadMinutes: 30,
      autoCloseDay: true,
      // The stamp card (decision 1601): off until the owner sets it.
      stampCard: null,
      // The drivers' pay per drop (decision 1701): none until set.
      payPerDrop: 0,
      // The board's watchdog (decision 1700).
      unassignedWarnMinutes: 10,
      lateDeliveryWarnMinutes: 15,
      // The tracker and its order updates (decision 1702): no map until set, push on, texts off.
      mapTileUrl: null,
      mapAttribution: null,
      pushUpdates: true,
      smsUpdates: false,
    });
    await accept(await placeCash(), 20);
    expect((await openingStatus()).quoteMinutes).toBe(40);
    for (const [body, words] of [
      [{ usualMinutes: 4 }, 'usualMinutes: usualMinutes must be a whole number of minutes from 5 to 240'],
      [{ slotCapacity: -1 }, 'slotCapacity: slotCapacity must be a whole number of orders from 0 (no cap) to 200'],
      [{ queueAllowance: 1.5 }, 'queueAllowance: queueAllowance must be a whole number of orders from 0 to 100'],
    ] as const) {
      const refused = await call(server, 'PUT', '/shop-settings', admin, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message: words });
    }
  });

  it('moves the quote and the default accept time to the next 15-minute slot with room when a slot is full', async () => {
    expect((await call(server, 'PUT', '/shop-settings', admin, { slotCapacity: 2 })).status).toBe(200);
    const [a, b, c, d] = [await placeCash(), await placeCash(), await placeCash(), await placeCash()];
    await accept(a as string, 45);
    expect((await openingStatus()).quoteMinutes).toBe(45);
    await accept(b as string, 50);
    // The 18:45 slot holds two (18:45 and 18:50): the quote is the next slot's start.
    expect(await openingStatus()).toMatchObject({
      quoteMinutes: 60,
      quoteReadyAt: '2026-11-18T19:00:00.000Z',
      nextSlotAt: '2026-11-18T19:00:00.000Z',
    });
    await accept(c as string);
    expect(await readOrder(c as string)).toMatchObject({ expectedAt: '2026-11-18T19:00:00.000Z' });
    await accept(d as string);
    expect(await readOrder(d as string)).toMatchObject({ expectedAt: '2026-11-18T19:00:00.000Z' });
    // Now 19:00 is full too.
    expect(await openingStatus()).toMatchObject({ quoteMinutes: 75, quoteReadyAt: '2026-11-18T19:15:00.000Z' });
    // A canceled order gives its room back.
    expect((await update(d as string, { status: 'Canceled Order' })).body).toEqual({ modifiedCount: 1 });
    expect((await openingStatus()).quoteMinutes).toBe(60);
  });

  it('pauses: both order routes refuse with the exact words and nothing is placed or charged; browsing and the cart work; it ends by itself', async () => {
    const paused = await shopStatus({ pause: { forMinutes: 30 } });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body).toMatchObject({
      open: true,
      acceptingOrders: false,
      closedReason: 'paused',
      message: PAUSED_TILL_1830,
      opensAt: '18:30',
      opensDay: 'today',
      pausedUntil: '2026-11-18T18:30:00.000Z',
      nextSlotAt: '2026-11-18T19:15:00.000Z',
    });
    expect(await openingStatus()).toEqual(paused.body);

    const cash = await orderCash({}, { 'Idempotency-Key': 'paused-cash-order-1' });
    expect(cash.status, JSON.stringify(cash.body)).toBe(422);
    expect(cash.body).toMatchObject({ code: 'ORDERING_PAUSED', message: PAUSED_TILL_1830 });
    const card = await orderCard();
    expect(card.status, JSON.stringify(card.body)).toBe(422);
    expect(card.body).toMatchObject({ code: 'ORDERING_PAUSED', message: PAUSED_TILL_1830 });
    expect(await counted()).toEqual({ orders: 0, payments: 0 });
    // Browsing and the cart's quote still work.
    expect((await call(server, 'GET', '/allproduts', null)).status).toBe(200);
    const quote = await call(server, 'POST', '/cart/quote', customer, { items: [pizzaLine(menu)] });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);

    // 18:30: the pause has ended by itself; the same key now places the order.
    setClock('2026-11-18T18:30:00Z');
    expect(await openingStatus()).toMatchObject({ acceptingOrders: true, closedReason: null, pausedUntil: null });
    expect((await orderCash({}, { 'Idempotency-Key': 'paused-cash-order-1' })).status).toBe(201);
    expect((await orderCard()).status).toBe(200);

    // For the rest of today: until Wednesday's close at 23:15, so back at Thursday's opening.
    expect((await shopStatus({ pause: { untilEndOfDay: true } })).body).toMatchObject({
      acceptingOrders: false,
      closedReason: 'paused',
      pausedUntil: '2026-11-18T23:15:00.000Z',
      message: 'We are not taking orders right now. Back tomorrow at 12:00.',
      opensAt: '12:00',
      opensDay: 'tomorrow',
      nextSlotAt: '2026-11-19T12:45:00.000Z',
    });
    expect((await orderCash()).body).toMatchObject({ code: 'ORDERING_PAUSED' });
    // Turned off by hand.
    expect((await shopStatus({ pause: null })).body).toMatchObject({ acceptingOrders: true, pausedUntil: null });
    expect((await orderCash()).status).toBe(201);
  });

  it('takes an order scheduled for a free slot while closed, refuses a time that is not one naming the next, and accepts it for its slot', async () => {
    // Wednesday 23:30: closed. Thursday opens at 12:00, so the first slot is 12:45 and the last 23:00.
    setClock('2026-11-18T23:30:00Z');
    const slots = await call(server, 'GET', '/order-slots', null);
    expect(slots.status, JSON.stringify(slots.body)).toBe(200);
    expect(slots.body.asap).toBe(false);
    expect(slots.body.quoteMinutes).toBe(45);
    expect(slots.body.slots[0]).toEqual({ at: '2026-11-19T12:45:00.000Z', label: 'Thu 12:45' });
    expect(slots.body.slots.at(-1)).toEqual({ at: '2026-11-19T23:00:00.000Z', label: 'Thu 23:00' });
    expect(slots.body.slots).toHaveLength(42);

    expect((await orderCash()).body).toMatchObject({ code: 'SHOP_CLOSED', message: 'We are closed. We open tomorrow at 12:00.' });
    for (const [scheduledFor, words] of [
      ['2026-11-19T12:50:00Z', 'Thu 12:50 is not a time we can take orders for. The next free time is Thu 13:00.'],
      ['2026-11-19T12:00:00Z', 'Thu 12:00 is not a time we can take orders for. The next free time is Thu 12:45.'],
      ['2026-11-19T23:15:00Z', 'Thu 23:15 is not a time we can take orders for. The next free time is Thu 12:45.'],
    ]) {
      const refused = await orderCash({ scheduledFor });
      expect(refused.status, scheduledFor).toBe(422);
      expect(refused.body).toMatchObject({ code: 'SLOT_NOT_AVAILABLE', message: words });
      expect((await orderCard({ scheduledFor })).body).toMatchObject({ code: 'SLOT_NOT_AVAILABLE', message: words });
    }
    expect((await orderCash({ scheduledFor: 'tomorrow at 7' })).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await counted()).toEqual({ orders: 0, payments: 0 });

    const id = await placeCash({ scheduledFor: '2026-11-19T19:30:00+00:00' });
    const card = await orderCard({ scheduledFor: '2026-11-19T19:45:00Z' });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(await readOrder(id)).toMatchObject({ status: 'Pending Order', scheduledFor: '2026-11-19T19:30:00.000Z', expectedAt: null });
    const mine = await call(server, 'GET', `/buy-product/${card.body.orderId}`, customer);
    expect(mine.body).toMatchObject({ scheduledFor: '2026-11-19T19:45:00.000Z' });

    // Accepted for its slot, whatever time is sent with it.
    await accept(id, 30);
    expect(await readOrder(id)).toMatchObject({ status: 'Approved Order', expectedAt: '2026-11-19T19:30:00.000Z', expectedTime: '19:30' });
  });

  it('counts waiting scheduled orders against the cap, and takes scheduled orders while paused from the pause’s end plus the quote', async () => {
    expect((await call(server, 'PUT', '/shop-settings', admin, { slotCapacity: 1 })).status).toBe(200);
    await placeCash({ scheduledFor: '2026-11-19T19:30:00Z' });
    expect((await orderCash({ scheduledFor: '2026-11-19T19:30:00Z' })).body).toMatchObject({
      code: 'SLOT_NOT_AVAILABLE',
      message: 'Thu 19:30 is not a time we can take orders for. The next free time is Thu 19:45.',
    });
    const ahead = (await call(server, 'GET', '/order-slots', null)).body.slots as Array<{ at: string }>;
    expect(ahead.map((slot) => slot.at)).not.toContain('2026-11-19T19:30:00.000Z');
    expect(ahead.map((slot) => slot.at)).toContain('2026-11-19T19:45:00.000Z');

    expect((await shopStatus({ pause: { forMinutes: 30 } })).status).toBe(200);
    const slots = await call(server, 'GET', '/order-slots', null);
    expect(slots.body).toMatchObject({
      asap: false,
      slots: expect.arrayContaining([{ at: '2026-11-18T19:15:00.000Z', label: 'Wed 19:15' }]),
    });
    expect(slots.body.slots[0]).toEqual({ at: '2026-11-18T19:15:00.000Z', label: 'Wed 19:15' });
    expect((await orderCash({ scheduledFor: '2026-11-18T18:45:00Z' })).body).toMatchObject({
      code: 'SLOT_NOT_AVAILABLE',
      message: 'Wed 18:45 is not a time we can take orders for. The next free time is Wed 19:15.',
    });
    expect((await orderCash({ scheduledFor: '2026-11-18T19:15:00Z' })).status).toBe(201);
    expect((await orderCash({ scheduledFor: null })).body).toMatchObject({ code: 'ORDERING_PAUSED', message: PAUSED_TILL_1830 });
  });

  it('does not auto-reject a scheduled order before its time less the usual time, plus the wait allowed', async () => {
    const asap = await placeCash();
    const ahead = await placeCash({ scheduledFor: '2026-11-19T19:30:00Z' });
    setClock('2026-11-18T18:10:00Z');
    expect((await runOrderTimers(server.app)).rejected).toEqual([asap]);
    // Thursday 18:54: it began to wait at 18:45 (19:30 less 45 minutes); 10 minutes are allowed.
    setClock('2026-11-19T18:54:00Z');
    expect((await runOrderTimers(server.app)).rejected).toEqual([]);
    setClock('2026-11-19T18:55:00Z');
    expect((await runOrderTimers(server.app)).rejected).toEqual([ahead]);
    expect(await readOrder(ahead)).toMatchObject({ status: 'Canceled Order', cancelReason: NO_RESPONSE_REASON });
  });

  it('lists the kitchen’s work by when it is due with sort=due, the filters and pages as before', async () => {
    const first = await placeCash();
    const ahead = await placeCash({ scheduledFor: '2026-11-19T19:30:00Z' });
    const accepted = await placeCash();
    await accept(accepted, 30);
    const delivered = await placeCash();
    expect((await update(delivered, { status: 'Delivered Order' })).body).toEqual({ modifiedCount: 1 });
    setClock('2026-11-18T18:05:00Z');
    const later = await placeCash();
    const soon = await placeCash({ scheduledFor: '2026-11-18T19:00:00Z' });

    const list = async (query: string) => {
      const answer = await call(server, 'GET', `/buy-product${query}`, admin);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return { ids: (answer.body as OrderWire[]).map((order) => order._id), total: answer.headers.get('x-total-count') };
    };
    expect(await list('?sort=due')).toEqual({ ids: [first, later, accepted, soon, ahead, delivered], total: '6' });
    expect(await list('')).toEqual({ ids: [soon, later, delivered, accepted, ahead, first], total: '6' });
    expect(await list(`?sort=due&status=${encodeURIComponent('Pending Order')}`)).toEqual({ ids: [first, later, soon, ahead], total: '4' });
    expect(await list('?sort=due&period=today&page=2')).toEqual({ ids: [], total: '6' });
    expect((await call(server, 'GET', '/buy-product?sort=soonest', admin)).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'sort: sort must be newest or due',
    });
  });

  it('tells every connection, signed in or not, when busy mode, the pause or the kitchen settings change (shop_status)', async () => {
    const visitor = await connectSocket(server.url);
    sockets.push(visitor);
    const shopper = await connectSocket(server.url, { cookie: customer.cookie });
    sockets.push(shopper);
    const statusEvents = (socket: TestSocket) => socket.received.filter((item) => item.event === SHOP_STATUS).map((item) => item.payload);
    const arrived = (socket: TestSocket, n: number) =>
      expect.poll(() => statusEvents(socket).length, { timeout: EVENT_MS, interval: 20 }).toBeGreaterThanOrEqual(n);

    const paused = await shopStatus({ pause: { forMinutes: 30 } });
    await arrived(visitor, 1);
    await arrived(shopper, 1);
    expect(statusEvents(visitor)).toEqual([paused.body]);
    expect(statusEvents(shopper)).toEqual([paused.body]);

    const busy = await shopStatus({ busy: { extraMinutes: 15, forMinutes: 30 }, pause: null });
    await arrived(visitor, 2);
    expect(statusEvents(visitor)[1]).toEqual(busy.body);
    expect(busy.body).toMatchObject({ acceptingOrders: true, quoteMinutes: 60, busy: { extraMinutes: 15 } });

    expect((await call(server, 'PUT', '/shop-settings', admin, { usualMinutes: 30 })).status).toBe(200);
    await arrived(visitor, 3);
    expect(statusEvents(visitor)[2]).toMatchObject({ quoteMinutes: 45, busy: { extraMinutes: 15 } });
  });

  it('takes busy and pause changes from admins only, each checked', async () => {
    expect((await shopStatus({ pause: { forMinutes: 30 } }, customer)).status).toBe(403);
    expect((await call(server, 'PUT', '/shop-status', null, { pause: { forMinutes: 30 } })).status).toBe(401);
    for (const [body, words] of [
      [{}, 'Send busy or pause (null turns one off)'],
      [{ busy: { extraMinutes: 4, forMinutes: 30 } }, 'busy.extraMinutes: extraMinutes must be a whole number of minutes from 5 to 120'],
      [{ busy: { extraMinutes: 15 } }, 'busy.forMinutes: forMinutes must be a whole number of minutes from 5 to 720'],
      [{ pause: { forMinutes: 241 } }, 'pause.forMinutes: forMinutes must be a whole number of minutes from 5 to 240'],
      [{ pause: { untilEndOfDay: false } }, 'pause.untilEndOfDay: untilEndOfDay must be true'],
      [{ pause: { forMinutes: 30, untilEndOfDay: true } }, 'pause: Send pause as {forMinutes} or {untilEndOfDay: true}'],
      [{ pause: {} }, 'pause: Send pause as {forMinutes} or {untilEndOfDay: true}'],
      [{ pause: true }, null],
      [{ busy: null, open: true }, 'Unrecognized key: "open"'],
    ] as const) {
      const refused = await shopStatus(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      if (words) expect(refused.body.message, JSON.stringify(body)).toBe(words);
    }
    expect(await openingStatus()).toMatchObject({ acceptingOrders: true, busy: null, pausedUntil: null });
  });
});
