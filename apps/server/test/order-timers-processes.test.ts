// The auto-reject across two real shop processes on one PostgreSQL database (issue 20 point 4): orders placed
// through the first process at 18:00, then both processes running their order timers every 100 ms with the shop
// clock at 18:11, past the 10 minutes nobody answered. Each order is rejected exactly once: one 'Canceled Order' in
// its history, one process's log line for it, its held card money released.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_RESPONSE_REASON } from '@shop/shared/domain/order-promise';
import { call } from './account-test-client';
import { cashOrder, loadMenu, pizzaLine } from './order-fixtures';
import {
  createTestDatabase,
  startShop,
  stopShop,
  tearDownShops,
  START_MS,
  STOP_MS,
  type ShopProcess,
  type TestDatabase,
} from './shop-process';
import { newCustomer } from './two-shops';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
/** How long both processes get to reject every order (a tick every 100 ms: milliseconds when it works). */
const REJECT_MS = 30_000;
const CASH_ORDERS = 30;
/** timers.ts logs this (at info) for each order it rejects. */
const REJECTED_LINE = 'order timers: nobody answered the order in time; the shop rejected it';

const SKIPPED = ADMIN_URL ? '' : ' (skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it)';
if (!ADMIN_URL) console.info(`order-timers-processes.test.ts: the auto-reject across two processes${SKIPPED}`);

describe.runIf(ADMIN_URL)(`the auto-reject across two shop processes on one PostgreSQL database${SKIPPED}`, () => {
  let database: TestDatabase | undefined;
  const shops: ShopProcess[] = [];
  const placed: string[] = [];
  let card = '';

  beforeAll(
    async () => {
      database = await createTestDatabase(ADMIN_URL as string, 'shop_test_timers');
      // The first process at 18:00 (its timers off: nothing is due yet), where one customer places the orders.
      const first = await startShop('A at 18:00', database.url, { RATE_LIMIT_MULTIPLIER: '10', ORDER_TIMERS_INTERVAL_MS: '0' });
      try {
        const menu = await loadMenu(first);
        const { cookie, addressId } = await newCustomer(first, 'Waiting');
        for (let i = 0; i < CASH_ORDERS; i += 1) {
          const order = await call<{ insertedId: string }>(first.url, 'POST', '/buy-product', {
            body: cashOrder([pizzaLine(menu)], addressId),
            cookie,
          });
          if (order.status !== 201) throw new Error(`order ${i} answered ${order.status} ${JSON.stringify(order.body)}`);
          placed.push(order.body.insertedId);
        }
        // And a card order whose money is held (the offline test cards).
        const started = await call<{ orderId: string; clientSecret: string }>(first.url, 'POST', '/create-payment-intent', {
          body: { items: [pizzaLine(menu)], addressId, note: '' },
          cookie,
        });
        const confirmed = await call(first.url, 'POST', '/test-payments/confirm', {
          body: { clientSecret: started.body.clientSecret, cardNumber: '4242424242424242', exp: '12/30', cvc: '123' },
          cookie,
        });
        if (confirmed.status !== 200) throw new Error(`card confirm answered ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
        card = started.body.orderId;
        placed.push(card);
      } finally {
        await stopShop(first);
      }
      // Both processes eleven minutes on, started together, their timers every 100 ms (and once each at start).
      const later = { SHOP_TIME: '2026-11-18T18:11:00Z', ORDER_TIMERS_INTERVAL_MS: '100', LOG_LEVEL: 'info' };
      const started = await Promise.allSettled([startShop('A', database.url, later), startShop('B', database.url, later)]);
      for (const result of started) if (result.status === 'fulfilled') shops.push(result.value);
      for (const result of started) if (result.status === 'rejected') throw result.reason;
    },
    3 * START_MS + 60_000,
  );

  afterAll(
    async () => {
      await tearDownShops({ shops, database });
    },
    2 * STOP_MS + 10_000,
  );

  it('rejects each order nobody answered exactly once, whichever process gets to it, and releases the held card money', async () => {
    const db = database as TestDatabase;
    const waiting = async () =>
      Number(
        (await db.query<{ n: string }>("select count(*) as n from orders where id = any($1) and status = 'Pending Order'", [placed]))[0]?.n,
      );
    const deadline = Date.now() + REJECT_MS;
    while ((await waiting()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const outputs = () => shops.map((shop) => `--- ${shop.name}:\n${shop.output()}`).join('\n');
    expect(await waiting(), `orders still waiting after ${REJECT_MS} ms\n${outputs()}`).toBe(0);
    // A few more ticks of both: nothing more happens to them.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const canceled = await db.query<{ order_id: string; n: string; by: string | null }>(
      `select order_id, count(*) as n, max(changed_by) as by from order_status_history
       where order_id = any($1) and status = 'Canceled Order' group by order_id`,
      [placed],
    );
    expect(canceled.length).toBe(placed.length);
    for (const row of canceled)
      expect({ order: row.order_id, rows: Number(row.n), by: row.by }).toEqual({ order: row.order_id, rows: 1, by: null });
    const orders = await db.query<{ id: string; status: string; cancel_reason: string; payment_status: string }>(
      'select id, status, cancel_reason, payment_status from orders where id = any($1)',
      [placed],
    );
    for (const order of orders) expect(order).toMatchObject({ status: 'Canceled Order', cancel_reason: NO_RESPONSE_REASON });
    expect(orders.find((order) => order.id === card)?.payment_status).toBe('released');

    // One log line per order across both processes: no order was rejected by both.
    const lines = shops.map(
      (shop) =>
        shop
          .output()
          .split('\n')
          .filter((line) => line.includes(REJECTED_LINE)).length,
    );
    expect(
      lines.reduce((a, b) => a + b, 0),
      `rejections logged by ${shops.map((shop, i) => `${shop.name}: ${lines[i]}`).join(', ')}`,
    ).toBe(placed.length);
  });
});
