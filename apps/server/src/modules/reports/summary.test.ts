import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSummaryWire } from '@shop/shared/contract/summary';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import type { PaymentStatus } from '@shop/shared/domain/payment-types';
import { newId } from '../../db/id';
import { orders } from '../../db/schema';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { ADDRESS, call, cashOrder, pizzaLine, readyToOrder } from '../../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../../test/sign-in';

type Kind = { paymentType: 'Cash' | 'Card'; paymentStatus: PaymentStatus; refundedTotal?: number };
const CASH: Kind = { paymentType: 'Cash', paymentStatus: 'unpaid' };
const PAID_CARD: Kind = { paymentType: 'Card', paymentStatus: 'paid' };
const UNPAID_CARD: Kind = { paymentType: 'Card', paymentStatus: 'pending' };
/** A card order's money held, the order not accepted yet. */
const HELD_CARD: Kind = { paymentType: 'Card', paymentStatus: 'authorised' };
const RELEASED_CARD: Kind = { paymentType: 'Card', paymentStatus: 'released' };
const FAILED_CARD: Kind = { paymentType: 'Card', paymentStatus: 'failed' };
const refundedCard = (refundedTotal: number): Kind => ({ paymentType: 'Card', paymentStatus: 'refunded', refundedTotal });
const partlyRefundedCard = (refundedTotal: number): Kind => ({ paymentType: 'Card', paymentStatus: 'partially_refunded', refundedTotal });

/**
 * The figures of the back office against orders placed at the edges of the shop's periods (Europe/London):
 * midnights, the Monday a week starts, month ends, and both clock changes of 2026 (BST starts 29 March, ends
 * 25 October). Orders at such instants cannot be placed through the API (the shop is closed at midnight), so
 * they are written as the placement service writes them; one order is placed through the API as well.
 */
describe.each(testDatabases())('the back office figures on %s', (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  let customer: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    admin = await signInAs(server, { role: 'owner' });
    customer = await signInAs(server);
  });
  afterAll(async () => server.close());

  function setClock(iso: string) {
    server.config.shopTime = new Date(iso);
  }

  async function orderAt(instant: string, totalPence: number, how: Kind = CASH, status: OrderStatus = 'Pending Order'): Promise<string> {
    const createdAt = new Date(instant);
    const id = newId(createdAt);
    await server.app.db.insert(orders).values({
      id,
      userId: customer.user.id,
      email: customer.user.email,
      items: [],
      subtotal: totalPence,
      total: totalPence,
      ...how,
      status,
      address: {
        firstname: ADDRESS.firstname,
        lastname: ADDRESS.lastname,
        email: ADDRESS.Email,
        phone: ADDRESS.phone,
        address: ADDRESS.address,
        address2: '',
        city: ADDRESS.city,
        postcode: ADDRESS.postcode,
      },
      date: 'set by the test',
      time: '00:00',
      createdAt,
      placedAt: how.paymentType === 'Cash' || how.paymentStatus !== 'pending' ? createdAt : null,
    });
    return id;
  }

  async function summary(): Promise<AdminSummaryWire> {
    const answer = await call(server, 'GET', '/admin/summary', admin);
    expect(answer.status).toBe(200);
    return answer.body as AdminSummaryWire;
  }

  async function listed(query: string): Promise<string[]> {
    const answer = await call(server, 'GET', `/buy-product?${query}`, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as Array<{ _id: string }>).map((order) => order._id);
  }

  it('counts each order in the period its London date falls in, in November (GMT)', async () => {
    // Wednesday 18 November 2026, 18:00 in London (GMT).
    setClock('2026-11-18T18:00:00Z');
    const ids = {
      todayFirst: await orderAt('2026-11-18T00:00:00Z', 1000), // today's first instant
      todayCard: await orderAt('2026-11-18T12:00:00Z', 2550, PAID_CARD, 'Approved Order'),
      todayCanceled: await orderAt('2026-11-18T13:00:00Z', 9999, CASH, 'Canceled Order'),
      todayDelivered: await orderAt('2026-11-18T14:00:00Z', 1234, CASH, 'Delivered Order'),
      todayUnpaidCard: await orderAt('2026-11-18T15:00:00Z', 5000, UNPAID_CARD),
      yesterdayLast: await orderAt('2026-11-17T23:59:59Z', 1100), // yesterday's last second
      thisWeekMonday: await orderAt('2026-11-16T00:00:00Z', 1300), // this week: in no past period
      lastWeekSunday: await orderAt('2026-11-15T23:59:00Z', 1700),
      lastWeekMonday: await orderAt('2026-11-09T00:00:00Z', 1900, PAID_CARD),
      weekBefore: await orderAt('2026-11-08T23:59:00Z', 2100),
      octoberLast: await orderAt('2026-10-31T23:59:00Z', 2300, PAID_CARD), // GMT since 25 October
      octoberFirst: await orderAt('2026-09-30T23:00:00Z', 2900), // 00:00 BST on 1 October
      septemberLast: await orderAt('2026-09-30T22:59:00Z', 3100), // 23:59 BST on 30 September
      octoberCanceled: await orderAt('2026-10-10T12:00:00Z', 7777, refundedCard(7777), 'Canceled Order'),
      clockChangeNight: await orderAt('2026-10-24T23:30:00Z', 1500), // 00:30 BST on Sunday 25 October
    };
    // And one placed the ordinary way, at 18:00 today: a large Margherita, stuffed crust, pepperoni: £17.19.
    const { menu, customer: other, addressId } = await readyToOrder(server);
    const placed = await call(server, 'POST', '/buy-product', other, cashOrder([pizzaLine(menu)], addressId));
    expect(placed.status).toBe(201);

    const figures = await summary();
    expect(figures.timeZone).toBe('Europe/London');
    expect(figures.asOf).toBe('2026-11-18T18:00:00.000Z');
    // Pending: every placed order still pending, whenever placed (the unpaid card order is not placed).
    expect(figures.pendingOrders).toBe(11);
    expect(figures.todayOrders).toEqual({ total: 5, pending: 2, approved: 1, onTheWay: 0, delivered: 1, canceled: 1 });
    expect(figures.periods.today).toMatchObject({
      orders: 4,
      salesPence: 1000 + 2550 + 1234 + 1719,
      cardPence: 2550,
      cashPence: 1000 + 1234 + 1719,
    });
    expect(figures.periods.today.start).toBe('2026-11-18T00:00:00.000Z');
    expect(figures.periods.lastDay).toMatchObject({ orders: 1, salesPence: 1100, cardPence: 0, cashPence: 1100 });
    expect(figures.periods.lastWeek).toMatchObject({ orders: 2, salesPence: 1700 + 1900, cardPence: 1900, cashPence: 1700 });
    expect(figures.periods.lastWeek.start).toBe('2026-11-09T00:00:00.000Z');
    expect(figures.periods.lastMonth).toMatchObject({ orders: 3, salesPence: 2300 + 2900 + 1500, cardPence: 2300, cashPence: 2900 + 1500 });
    expect(figures.periods.lastMonth.start).toBe('2026-09-30T23:00:00.000Z');
    const everySale = [1000, 2550, 1234, 1719, 1100, 1300, 1700, 1900, 2100, 2300, 2900, 3100, 1500];
    expect(figures.overall).toEqual({
      orders: everySale.length,
      salesPence: everySale.reduce((a, b) => a + b, 0),
      cardPence: 2550 + 1900 + 2300,
      cashPence: everySale.reduce((a, b) => a + b, 0) - (2550 + 1900 + 2300),
      discountPence: 0,
    });
    expect(figures.categories).toBeGreaterThan(0);
    expect(figures.products).toBeGreaterThan(0);

    // The daily series: 30 London days ending today, zeros included; the order at 23:30 UTC on 24 October is
    // on 25 October in London.
    expect(figures.daily).toHaveLength(30);
    expect(figures.daily[0]).toEqual({ day: '2026-10-20', date: '20/10/2026', orders: 0, salesPence: 0 });
    expect(figures.daily.at(-1)).toEqual({ day: '2026-11-18', date: '18/11/2026', orders: 4, salesPence: 1000 + 2550 + 1234 + 1719 });
    const day = (iso: string) => figures.daily.find((entry) => entry.day === iso);
    expect(day('2026-10-25')).toMatchObject({ orders: 1, salesPence: 1500 });
    expect(day('2026-10-24')).toMatchObject({ orders: 0, salesPence: 0 });
    expect(day('2026-11-17')).toMatchObject({ orders: 1, salesPence: 1100 });
    expect(day('2026-11-16')).toMatchObject({ orders: 1, salesPence: 1300 });
    expect(figures.daily.reduce((sum, entry) => sum + entry.salesPence, 0)).toBe(
      1000 + 2550 + 1234 + 1719 + 1100 + 1300 + 1700 + 1900 + 2100 + 2300 + 1500,
    );

    // The lists filter the same way (canceled orders are listed: they are orders, not sales).
    expect(new Set(await listed('period=lastDay'))).toEqual(new Set([ids.yesterdayLast]));
    expect(new Set(await listed('period=lastWeek'))).toEqual(new Set([ids.lastWeekSunday, ids.lastWeekMonday]));
    expect(new Set(await listed('period=lastMonth'))).toEqual(
      new Set([ids.octoberLast, ids.octoberFirst, ids.octoberCanceled, ids.clockChangeNight]),
    );
    const today = await listed('period=today');
    expect(today).toHaveLength(5);
    expect(today).not.toContain(ids.todayUnpaidCard);
    expect(today[0]).toBe(placed.body.insertedId); // newest first
    expect(new Set(await listed('period=today&status=Pending%20Order'))).toEqual(new Set([ids.todayFirst, placed.body.insertedId]));
  });

  it('counts the money kept: a card order once captured, less its refunds; a held, released, failed or wholly refunded one is no sale', async () => {
    // Wednesday 2 December 2026, 18:00 in London: nothing else of the suite is on this day or in its week.
    setClock('2026-12-02T18:00:00Z');
    const before = await summary();
    await orderAt('2026-12-02T12:00:00Z', 1000); // cash, waiting: a sale (paid on delivery)
    await orderAt('2026-12-02T12:01:00Z', 2000, CASH, 'Canceled Order'); // no sale
    await orderAt('2026-12-02T12:02:00Z', 3000, HELD_CARD); // held, not accepted: no sale
    await orderAt('2026-12-02T12:03:00Z', 4000, PAID_CARD, 'Approved Order'); // captured: 4000
    await orderAt('2026-12-02T12:04:00Z', 5000, partlyRefundedCard(1500), 'Delivered Order'); // 5000 less 1500
    await orderAt('2026-12-02T12:05:00Z', 6000, refundedCard(6000), 'Canceled Order'); // all given back: no sale
    await orderAt('2026-12-02T12:06:00Z', 7000, RELEASED_CARD, 'Canceled Order'); // the hold released: no sale
    await orderAt('2026-12-02T12:07:00Z', 8000, FAILED_CARD); // a capture that failed: no sale

    const figures = await summary();
    expect(figures.periods.today).toMatchObject({ orders: 3, salesPence: 1000 + 4000 + 3500, cardPence: 4000 + 3500, cashPence: 1000 });
    expect(figures.daily.at(-1)).toEqual({ day: '2026-12-02', date: '02/12/2026', orders: 3, salesPence: 8500 });
    expect(figures.overall.orders - before.overall.orders).toBe(3);
    expect(figures.overall.salesPence - before.overall.salesPence).toBe(8500);
    expect(figures.overall.cardPence - before.overall.cardPence).toBe(7500);
    // Every order placed today is counted as an order, sale or not; the held and the failed ones still wait.
    expect(figures.todayOrders).toEqual({ total: 8, pending: 3, approved: 1, onTheWay: 0, delivered: 1, canceled: 3 });
  });

  it('counts sales net of their discounts, and the discounts given beside them (a canceled order gives none)', async () => {
    // Wednesday 16 December 2026, 18:00 in London: nothing else of the suite is on this day or in its week.
    setClock('2026-12-16T18:00:00Z');
    const discounted = async (instant: string, subtotal: number, discount: number, status: OrderStatus = 'Pending Order') => {
      const id = await orderAt(instant, subtotal - discount, CASH, status);
      await server.app.db
        .update(orders)
        .set({ subtotal, discount, discounts: [{ source: 'promotion', label: 'PIZZA10: 10% off', amount: discount, code: 'PIZZA10' }] })
        .where(eq(orders.id, id));
    };
    await discounted('2026-12-16T12:00:00Z', 2000, 200);
    await discounted('2026-12-16T12:01:00Z', 3000, 300, 'Canceled Order');
    await orderAt('2026-12-16T12:02:00Z', 1500);
    const figures = await summary();
    expect(figures.periods.today).toMatchObject({ orders: 2, salesPence: 1800 + 1500, cashPence: 3300, discountPence: 200 });
  });

  it('finds last month across the start of summer time (29 March 2026)', async () => {
    setClock('2026-04-15T11:00:00Z'); // 12:00 BST on Wednesday 15 April
    const lastOfMarch = await orderAt('2026-03-31T22:59:00Z', 4100); // 23:59 BST on 31 March
    await orderAt('2026-03-31T23:30:00Z', 4300); // 00:30 BST on 1 April: this month
    const firstOfMarch = await orderAt('2026-03-01T00:00:00Z', 4700); // GMT: 00:00 on 1 March
    await orderAt('2026-02-28T23:59:00Z', 4900);
    const clockChange = await orderAt('2026-03-29T01:30:00Z', 5300); // 02:30 BST, the hour after the jump
    const figures = await summary();
    expect(figures.periods.lastMonth).toMatchObject({
      orders: 3,
      salesPence: 4100 + 4700 + 5300,
      start: '2026-03-01T00:00:00.000Z',
      end: '2026-03-31T23:00:00.000Z',
    });
    expect(new Set(await listed('period=lastMonth'))).toEqual(new Set([lastOfMarch, firstOfMarch, clockChange]));
    const day = (iso: string) => figures.daily.find((entry) => entry.day === iso);
    expect(day('2026-04-01')).toMatchObject({ orders: 1, salesPence: 4300 });
    expect(day('2026-03-31')).toMatchObject({ orders: 1, salesPence: 4100 });
    expect(day('2026-03-29')).toMatchObject({ orders: 1, salesPence: 5300 });
  });

  it('is for admins only, and refuses an unknown period with the list of periods', async () => {
    expect((await call(server, 'GET', '/admin/summary', null)).status).toBe(401);
    expect((await call(server, 'GET', '/admin/summary', customer)).status).toBe(403);
    const refused = await call(server, 'GET', '/buy-product?period=lastYear', admin);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('period: must be one of today, lastDay, lastWeek, lastMonth');
  });
});
