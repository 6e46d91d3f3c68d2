// Issue 20 point 4, nothing waits unseen: the order timers (modules/orders/timers.ts) on a fixed shop clock. Each
// test runs them as every tick does (runOrderTimers) and moves the clock (server.config.shopTime); the interval
// itself, across two real processes, is order-timers-processes.test.ts's.
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import { ORDER_CHANGED, ORDER_UPDATED } from '@shop/shared/contract/realtime';
import { NO_RESPONSE_REASON } from '@shop/shared/domain/order-promise';
import { orderStatusHistory, payments } from '../src/db/schema';
import { runOrderTimers } from '../src/modules/orders/public';
import { DEFAULT_SHOP_TIME, startTestServer, testDatabases, type TestServer } from './harness';
import {
  call,
  cashOrder,
  pizzaLine,
  placeCashOrder,
  placeHeldCardOrder,
  readyToOrder,
  startOrderingShop,
  type OrderingShop,
} from './order-fixtures';
import type { SignedIn } from './sign-in';
import { connectSocket, type TestSocket } from './socket-client';

/** How long an order accepted on arrival (a listener after the commit) may take to show. */
const ARRIVAL_MS = 5000;

describe.each(testDatabases())('the order timers on %s', (kind) => {
  let orderingShop: OrderingShop;
  let server: TestServer;
  let customer: SignedIn;
  let admin: SignedIn;
  const sockets: TestSocket[] = [];

  beforeEach(async () => {
    orderingShop = await startOrderingShop(kind);
    ({ server, customer, admin } = orderingShop);
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await server.close();
  });

  const at = (hhmmss: string) => {
    server.config.shopTime = new Date(`2026-11-18T${hhmmss}Z`);
  };
  const tick = () => runOrderTimers(server.app);
  const placeCash = () => placeCashOrder(orderingShop);
  const placeHeldCard = () => placeHeldCardOrder(orderingShop);
  const readOrder = async (id: string, who: SignedIn = admin) => (await call(server, 'GET', `/buy-product/${id}`, who)).body as OrderWire;
  const historyOf = async (id: string) =>
    server.app.db
      .select({ status: orderStatusHistory.status, changedBy: orderStatusHistory.changedBy })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.id));
  const settings = async (change: Record<string, unknown>) =>
    expect((await call(server, 'PUT', '/shop-settings', admin, change)).status).toBe(200);
  async function listen(who: SignedIn): Promise<TestSocket> {
    const socket = await connectSocket(server.url, { cookie: who.cookie });
    sockets.push(socket);
    return socket;
  }
  async function until(what: string, check: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + ARRIVAL_MS;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${ARRIVAL_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('rejects, as the shop, an order nobody answered within autoRejectAfterMinutes (10), once; releases its held money; tells the customer', async () => {
    const cash = await placeCash(); // 18:00
    const card = await placeHeldCard();
    const answered = await placeCash();
    expect((await call(server, 'PUT', `/update-sell-products/${answered}`, admin, { status: 'Approved Order' })).status).toBe(200);
    at('18:05:00');
    const later = await placeCash();
    const owner = await listen(customer);
    const staff = await listen(admin);

    at('18:09:59');
    expect(await tick()).toEqual({ accepted: [], rejected: [] });
    expect((await readOrder(cash)).status).toBe('Pending Order');

    at('18:10:00');
    const run = await tick();
    expect(new Set(run.rejected)).toEqual(new Set([cash, card]));
    expect(run.accepted).toEqual([]);
    for (const id of [cash, card]) {
      const asCustomer = await readOrder(id, customer);
      expect(asCustomer).toMatchObject({ status: 'Canceled Order', cancelReason: NO_RESPONSE_REASON, expectedAt: null });
      // The shop did it: no admin's e-mail in the history.
      expect((await readOrder(id)).statusHistory.at(-1)).toMatchObject({
        status: 'Canceled Order',
        changedBy: null,
        createdAt: '2026-11-18T18:10:00.000Z',
      });
      await owner.waitFor(ORDER_UPDATED, id);
      await staff.waitFor(ORDER_CHANGED, id);
    }
    expect(staff.received).toContainEqual({ event: ORDER_CHANGED, payload: { order_id: cash, status: 'Canceled Order' } });
    expect(await readOrder(card, customer)).toMatchObject({ paymentStatus: 'released' });
    // Accepted in time, or not waiting long enough yet: untouched.
    expect((await readOrder(answered)).status).toBe('Approved Order');
    expect((await readOrder(later)).status).toBe('Pending Order');

    // Later runs find nothing more to do with them; the order placed at 18:05 goes at 18:15.
    at('18:14:59');
    expect(await tick()).toEqual({ accepted: [], rejected: [] });
    at('18:15:00');
    expect(await tick()).toEqual({ accepted: [], rejected: [later] });
    expect(await tick()).toEqual({ accepted: [], rejected: [] });
    for (const id of [cash, card, later]) {
      expect(await historyOf(id)).toEqual([
        { status: 'Pending Order', changedBy: customer.user.id },
        { status: 'Canceled Order', changedBy: null },
      ]);
    }
  });

  it('follows the setting: 0 never rejects, and a longer wait rejects later', async () => {
    const id = await placeCash();
    // The end of the day would reject it as yesterday's (close-day.test.ts): off, to watch the auto-reject alone.
    await settings({ autoRejectAfterMinutes: 0, autoCloseDay: false });
    server.config.shopTime = new Date('2026-11-19T18:00:00Z'); // a day later
    expect(await tick()).toEqual({ accepted: [], rejected: [] });
    expect((await readOrder(id)).status).toBe('Pending Order');

    await settings({ autoRejectAfterMinutes: 30 });
    server.config.shopTime = new Date(DEFAULT_SHOP_TIME);
    at('18:29:00');
    expect(await tick()).toEqual({ accepted: [], rejected: [] });
    at('18:30:00');
    expect(await tick()).toEqual({ accepted: [], rejected: [id] });
  });

  it('auto-accepts each order on arrival with the shop’s quote, taking a held card payment; the tick accepts what arrival missed', async () => {
    const before = await placeCash(); // waiting before auto-accept was turned on
    await settings({ autoAccept: true });
    const owner = await listen(customer);

    const cash = await placeCash();
    const card = await placeHeldCard();
    for (const id of [cash, card]) {
      await until(`order ${id} accepted on arrival`, async () => (await readOrder(id)).status === 'Approved Order');
      expect(await readOrder(id, customer)).toMatchObject({ expectedAt: '2026-11-18T18:45:00.000Z', expectedTime: '18:45' });
      expect(await historyOf(id)).toEqual([
        { status: 'Pending Order', changedBy: customer.user.id },
        { status: 'Approved Order', changedBy: null },
      ]);
      await owner.waitFor(ORDER_UPDATED, id);
    }
    expect((await readOrder(card)).paymentStatus).toBe('paid');

    // The order that waited from before: the next run accepts it (at the clock of that run), and only it.
    expect((await readOrder(before)).status).toBe('Pending Order');
    at('18:03:00');
    expect(await tick()).toEqual({ accepted: [before], rejected: [] });
    expect(await readOrder(before)).toMatchObject({ status: 'Approved Order', expectedTime: '18:48' });
    expect(await tick()).toEqual({ accepted: [], rejected: [] });
  });

  it('leaves an order whose card payment cannot be taken waiting for a person, until the auto-reject lets its customer go', async () => {
    const id = await placeHeldCard();
    // The hold lapsed at the provider before anyone (or anything) accepted the order.
    await server.app.db.update(payments).set({ status: 'canceled' }).where(eq(payments.orderId, id));
    await settings({ autoAccept: true });
    at('18:01:00');
    expect(await tick()).toEqual({ accepted: [], rejected: [] });
    expect(await readOrder(id)).toMatchObject({ status: 'Pending Order', paymentStatus: 'failed' });
    // Not tried again on every tick: a failed payment waits for the shop.
    expect(await tick()).toEqual({ accepted: [], rejected: [] });
    at('18:10:00');
    expect(await tick()).toEqual({ accepted: [], rejected: [id] });
    expect(await readOrder(id, customer)).toMatchObject({ status: 'Canceled Order', cancelReason: NO_RESPONSE_REASON });
  });

  it('run by themselves in a shop started with ORDER_TIMERS_INTERVAL_MS, until it closes', async () => {
    const shop = await startTestServer({ db: kind, seed: true, env: { ORDER_TIMERS_INTERVAL_MS: '50' } });
    try {
      const ready = await readyToOrder(shop);
      const placed = await call(shop, 'POST', '/buy-product', ready.customer, cashOrder([pizzaLine(ready.menu)], ready.addressId));
      expect(placed.status).toBe(201);
      const status = async () =>
        ((await call(shop, 'GET', `/buy-product/${placed.body.insertedId}`, ready.customer)).body as OrderWire).status;
      shop.config.shopTime = new Date('2026-11-18T18:10:00Z');
      await until('the order rejected by the shop’s own timers', async () => (await status()) === 'Canceled Order');
    } finally {
      await shop.close();
    }
  });
});
