import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import type { AdminSummaryWire } from '@shop/shared/contract/summary';
import { ORDER_STATUSES } from '@shop/shared/domain/order-status';
import { poundsToPence } from '@shop/shared/domain/money';
import { seedDemoOrders } from '../src/db/seed/demo';
import { startTestServer, TEST_ADMIN_EMAIL, type TestServer } from './harness';
import { call } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

// `npm run demo`'s month of orders: every status and payment type, and figures that agree with the orders.
describe('the demo month of orders', () => {
  let server: TestServer;
  let admin: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    admin = await signInAs(server, { role: 'admin' });
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

    const orders = await allOrders();
    // Card orders never paid are written too, and the shop never sees them.
    expect(orders.length).toBeLessThan(first.written);
    for (const status of ORDER_STATUSES) expect(orders.filter((order) => order.status === status).length, status).toBeGreaterThan(0);
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
    });
    expect(summary.pendingOrders).toBe(orders.filter((order) => order.status === 'Pending Order').length);
    expect(summary.periods.lastWeek.orders).toBeGreaterThan(0);
    expect(summary.periods.lastMonth.orders).toBeGreaterThan(0);
  });
});
