import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import type { AdminSummaryWire } from '@shop/shared/contract/summary';
import { londonParts } from '@shop/shared/domain/london-time';
import { DEFAULT_OPENING_HOURS, orderingStatus } from '@shop/shared/domain/opening-hours';
import { poundsToPence } from '@shop/shared/domain/money';
import type { Db } from '../src/db/client';
import { orders as orderTable } from '../src/db/schema';
import { demoShopTime, seedDemoOrders } from '../src/db/seed/demo';
import { runOrderTimers } from '../src/modules/orders/timers';
import { startTestServer, TEST_ADMIN_EMAIL, type TestServer } from './harness';
import { call } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

/** Every order of the database (the never-paid card orders too) placed when the shop refuses orders, or after `now`. */
async function placedOutsideHours(db: Db, now: Date): Promise<string[]> {
  const rows = await db.select({ createdAt: orderTable.createdAt }).from(orderTable);
  return rows
    .filter((row) => !orderingStatus(row.createdAt, DEFAULT_OPENING_HOURS).acceptingOrders || row.createdAt.getTime() >= now.getTime())
    .map((row) => {
      const local = londonParts(row.createdAt);
      return `${row.createdAt.toISOString()} (weekday ${local.weekday}, ${local.hour}:${String(local.minute).padStart(2, '0')} in London)`;
    });
}

/** Monday 12:05 in London: a trading day five minutes old, with Sunday's closed at its end. */
const DAY_JUST_BEGUN = '2026-11-23T12:05:00Z';

/**
 * A demo started at any hour has orders delivered, canceled and waiting, and some accepted ones still under way for
 * the back office to show. Which of the accepted steps (approved, on the way) depends on how long today's trading day
 * has run: the day before is closed at its end (autoCloseDay), so a session just begun has nothing on the way yet.
 */
function expectABoardUnderWay(statuses: string[], { dayJustBegun = false } = {}): void {
  for (const status of ['Pending Order', 'Delivered Order', 'Canceled Order'])
    expect(statuses.filter((found) => found === status).length, status).toBeGreaterThan(0);
  const accepted = statuses.filter((found) => found === 'Approved Order' || found === 'On the way').length;
  if (dayJustBegun) expect(accepted, 'nothing accepted is left from the day before').toBe(0);
  else expect(accepted, 'accepted, under way').toBeGreaterThan(0);
}

// `npm run demo`'s month of orders: every status and payment type, and figures that agree with the orders.
describe('the demo month of orders', () => {
  let server: TestServer;
  let admin: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    admin = await signInAs(server, { role: 'owner' });
  });
  afterAll(async () => server.close());

  async function allOrders(): Promise<OrderWire[]> {
    const found: OrderWire[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await call(server, 'GET', `/buy-product?page=${page}`, admin);
      expect(answer.status).toBe(200);
      found.push(...(answer.body as OrderWire[]));
      if (found.length >= Number(answer.headers.get('x-total-count'))) return found;
    }
  }

  it('fills an empty shop once, with orders in every status and payment type that the summary adds up', async () => {
    const options = { now: server.app.now(), adminEmail: TEST_ADMIN_EMAIL, log: () => {} };
    const first = await seedDemoOrders(server.app.db, options);
    expect(first.written).toBeGreaterThan(300);
    expect(await seedDemoOrders(server.app.db, options)).toEqual({ written: 0, skipped: true });
    expect(await placedOutsideHours(server.app.db, options.now)).toEqual([]);

    const orders = await allOrders();
    // Card orders never paid are written too, and the shop never sees them.
    expect(orders.length).toBeLessThan(first.written);
    expectABoardUnderWay(orders.map((order) => order.status));
    expect(new Set(orders.map((order) => order.paymentType))).toEqual(new Set(['Card', 'Cash']));
    expect(
      orders.every((order) => order.statusHistory[0]?.status === 'Pending Order' && order.statusHistory.at(-1)?.status === order.status),
    ).toBe(true);

    const summary = (await call(server, 'GET', '/admin/summary', admin)).body as AdminSummaryWire;
    const sales = orders.filter((order) => order.status !== 'Canceled Order');
    const pence = (list: OrderWire[]) => list.reduce((sum, order) => sum + (poundsToPence(order.totalPrice) ?? NaN), 0);
    expect(summary.overall).toEqual({
      orders: sales.length,
      salesPence: pence(sales),
      cardPence: pence(sales.filter((order) => order.paymentType === 'Card')),
      cashPence: pence(sales.filter((order) => order.paymentType === 'Cash')),
      discountPence: sales.reduce((sum, order) => sum + (poundsToPence(order.discount) ?? NaN), 0),
    });
    expect(summary.pendingOrders).toBe(orders.filter((order) => order.status === 'Pending Order').length);
    expect(summary.periods.lastWeek.orders).toBeGreaterThan(0);
    expect(summary.periods.lastMonth.orders).toBeGreaterThan(0);
  });
});

// Before, today's orders were drawn from the six hours before the clock whatever the hours: a demo started at 06:00
// had 42 of its 453 orders between 01:20 and 05:46, two of them on a Friday before 14:00.
describe('the demo month on any clock', () => {
  // London wall clock (GMT in November): Saturday early morning, Friday before the 14:00 opening, Sunday 00:40
  // (Saturday's session, after its 00:30 cut-off), Monday 12:05 (a session only just begun). The tests' usual
  // clock, Wednesday evening, is the first test's.
  const clocks = ['2026-11-21T06:00:00Z', '2026-11-20T13:00:00Z', '2026-11-22T00:40:00Z', DAY_JUST_BEGUN];

  it.each(clocks)('started at %s, every order is placed while the shop takes orders, before the clock', async (clock) => {
    // As main.ts does: outside the hours the demo's clock stands at an evening the shop was open.
    const now = demoShopTime(new Date(clock)) ?? new Date(clock);
    const server = await startTestServer({ seed: true, env: { SHOP_TIME: now.toISOString() } });
    try {
      const result = await seedDemoOrders(server.app.db, { now, adminEmail: TEST_ADMIN_EMAIL, log: () => {} });
      expect(result.written).toBeGreaterThan(300);
      expect(await placedOutsideHours(server.app.db, now)).toEqual([]);
      const rows = await server.app.db.select({ status: orderTable.status }).from(orderTable);
      expect(rows).toHaveLength(result.written);
      expectABoardUnderWay(
        rows.map((row) => row.status),
        { dayJustBegun: clock === DAY_JUST_BEGUN },
      );
    } finally {
      await server.close();
    }
  });

  // The order timers run the moment the shop starts: an order the demo left waiting for longer than the shop's
  // answer window (10 minutes) was rejected by the shop itself, with its customer told so.
  it.each(['2026-11-25T19:30:00Z', '2026-11-28T12:10:00Z', '2026-11-21T06:00:00Z'])(
    'started at %s, the order timers reject none of its orders, and its waiting orders are the last minutes’',
    async (clock) => {
      const now = demoShopTime(new Date(clock)) ?? new Date(clock);
      const server = await startTestServer({ seed: true, env: { SHOP_TIME: now.toISOString() } });
      try {
        await seedDemoOrders(server.app.db, { now, adminEmail: TEST_ADMIN_EMAIL, log: () => {} });
        const waiting = await server.app.db
          .select({ placedAt: orderTable.placedAt })
          .from(orderTable)
          .where(eq(orderTable.status, 'Pending Order'));
        const visible = waiting.filter((row) => row.placedAt !== null);
        expect(visible.length).toBeGreaterThan(0);
        for (const row of visible) expect(now.getTime() - row.placedAt!.getTime()).toBeLessThan(10 * 60_000);
        expect(await runOrderTimers(server.app)).toEqual({ accepted: [], rejected: [] });
      } finally {
        await server.close();
      }
    },
  );
});
