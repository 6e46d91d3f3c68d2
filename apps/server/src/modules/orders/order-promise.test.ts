// Issue 20 points 1 and 2, the orders side: accepting with a time, re-timing, canceling with a reason, the refunds
// route, and what the customer and the admins hear of each change (decision 0800).
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import { ORDER_CHANGED, ORDER_UPDATED } from '@shop/shared/contract/realtime';
import type { AdminSummaryWire } from '@shop/shared/contract/summary';
import { PLAIN_CANCEL_REASON } from '@shop/shared/domain/order-promise';
import { orders, orderStatusHistory, payments } from '../../db/schema';
import { DEFAULT_SHOP_TIME, testDatabases, type TestServer } from '../../../test/harness';
import { call, placeCashOrder, placeHeldCardOrder, startOrderingShop, type OrderingShop } from '../../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../../test/sign-in';
import { connectSocket, type TestSocket } from '../../../test/socket-client';

const READY_IN_WORDS = 'readyInMinutes: readyInMinutes must be a whole number of minutes from 5 to 240';

describe.each(testDatabases())('the order promise: accept with a time, re-time, cancel with a reason, on %s', (kind) => {
  let orderingShop: OrderingShop;
  let server: TestServer;
  let customer: SignedIn;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    // One customer places some 30 orders: past the per-customer limit of 20 an hour.
    orderingShop = await startOrderingShop(kind, { RATE_LIMIT_MULTIPLIER: '10' });
    ({ server, customer, admin } = orderingShop);
    otherAdmin = await signInAs(server, { role: 'owner' });
  });
  afterEach(() => {
    server.config.shopTime = new Date(DEFAULT_SHOP_TIME);
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => server.close());

  const setClock = (iso: string) => {
    server.config.shopTime = new Date(iso);
  };
  const placeCash = () => placeCashOrder(orderingShop);
  /** A card order whose money is held (the test provider's 4242 card): the shop sees it, nothing is taken yet. */
  const placeHeldCard = () => placeHeldCardOrder(orderingShop);
  const update = (id: string, body: unknown, who: SignedIn | null = admin) => call(server, 'PUT', `/update-sell-products/${id}`, who, body);
  const readOrder = async (id: string, who: SignedIn = customer) => {
    const answer = await call(server, 'GET', `/buy-product/${id}`, who);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as OrderWire;
  };
  const historyOf = async (id: string) =>
    (
      await server.app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(asc(orderStatusHistory.id))
    ).map((row) => row.status);
  async function listen(who: SignedIn): Promise<TestSocket> {
    const socket = await connectSocket(server.url, { cookie: who.cookie });
    sockets.push(socket);
    return socket;
  }

  it('accepts with readyInMinutes: expected that many minutes after the shop clock’s now, shown in London time', async () => {
    // Wednesday 15 July 2026, 18:15 in London (BST).
    setClock('2026-07-15T17:15:00Z');
    const id = await placeCash();
    expect(await readOrder(id)).toMatchObject({ status: 'Pending Order', expectedAt: null, expectedTime: null });

    expect(await update(id, { status: 'Approved Order', readyInMinutes: 90 })).toMatchObject({ status: 200, body: { modifiedCount: 1 } });
    expect(await readOrder(id)).toMatchObject({ status: 'Approved Order', expectedAt: '2026-07-15T18:45:00.000Z', expectedTime: '19:45' });
    expect(await readOrder(id, admin)).toMatchObject({ expectedAt: '2026-07-15T18:45:00.000Z', expectedTime: '19:45' });
    expect(await historyOf(id)).toEqual(['Pending Order', 'Approved Order']);
  });

  it('accepts the spec’s bare {status} with the shop’s quote (45 minutes), taking a held card payment', async () => {
    const cash = await placeCash();
    const card = await placeHeldCard();
    expect(await readOrder(card)).toMatchObject({ status: 'Pending Order', paymentStatus: 'authorised' });

    // 18:00 in London: expected at 18:45.
    for (const id of [cash, card]) expect((await update(id, { status: 'Approved Order' })).body).toEqual({ modifiedCount: 1 });
    expect(await readOrder(cash)).toMatchObject({ expectedAt: '2026-11-18T18:45:00.000Z', expectedTime: '18:45' });
    expect(await readOrder(card)).toMatchObject({
      status: 'Approved Order',
      paymentStatus: 'paid',
      expectedAt: '2026-11-18T18:45:00.000Z',
      expectedTime: '18:45',
    });
  });

  it('refuses readyInMinutes outside 5 to 240 or not whole (400), and leaves the order waiting', async () => {
    const id = await placeCash();
    for (const readyInMinutes of [4, 241, 0, -5, 30.5, '30', null]) {
      const refused = await update(id, { status: 'Approved Order', readyInMinutes });
      expect(refused.status, JSON.stringify(readyInMinutes)).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message: READY_IN_WORDS });
    }
    // Re-timing is bounded alike.
    expect((await update(id, { readyInMinutes: 241 })).body).toMatchObject({ code: 'VALIDATION_FAILED', message: READY_IN_WORDS });
    // A time goes with an acceptance only, a reason with a cancel only; a body with neither is refused.
    expect((await update(id, { status: 'On the way', readyInMinutes: 30 })).status).toBe(400);
    expect((await update(id, { status: 'Approved Order', reason: 'Busy' })).status).toBe(400);
    expect((await update(id, {})).status).toBe(400);
    expect(await readOrder(id)).toMatchObject({ status: 'Pending Order', expectedAt: null });
    expect(await historyOf(id)).toEqual(['Pending Order']);

    // The bounds themselves are taken.
    expect((await update(id, { status: 'Approved Order', readyInMinutes: 5 })).body).toEqual({ modifiedCount: 1 });
    expect((await readOrder(id)).expectedTime).toBe('18:05');
    const other = await placeCash();
    expect((await update(other, { status: 'Approved Order', readyInMinutes: 240 })).body).toEqual({ modifiedCount: 1 });
    expect((await readOrder(other)).expectedTime).toBe('22:00');
  });

  it('re-times an accepted or on-its-way order from now, telling the customer and the admins; 409 ORDER_NOT_RETIMABLE otherwise', async () => {
    const id = await placeCash();
    const refusedWaiting = await update(id, { readyInMinutes: 20 });
    expect(refusedWaiting).toMatchObject({
      status: 409,
      body: { code: 'ORDER_NOT_RETIMABLE', message: 'The order has not been accepted yet: accept it with a time instead' },
    });

    expect((await update(id, { status: 'Approved Order', readyInMinutes: 30 })).body).toEqual({ modifiedCount: 1 });
    const owner = await listen(customer);
    const staff = await listen(otherAdmin);
    // Running late: at 18:20 the admin gives it 20 minutes more from now.
    setClock('2026-11-18T18:20:00Z');
    expect(await update(id, { readyInMinutes: 20 })).toMatchObject({ status: 200, body: { modifiedCount: 1 } });
    expect(await readOrder(id)).toMatchObject({ status: 'Approved Order', expectedAt: '2026-11-18T18:40:00.000Z', expectedTime: '18:40' });
    await owner.waitFor(ORDER_UPDATED, id);
    await staff.waitFor(ORDER_CHANGED, id);
    expect(staff.received).toEqual([{ event: ORDER_CHANGED, payload: { order_id: id, status: 'Approved Order' } }]);

    expect((await update(id, { status: 'On the way' })).body).toEqual({ modifiedCount: 1 });
    setClock('2026-11-18T18:30:00Z');
    expect((await update(id, { readyInMinutes: 15 })).body).toEqual({ modifiedCount: 1 });
    expect(await readOrder(id)).toMatchObject({ status: 'On the way', expectedTime: '18:45' });
    // A new time is no new status: the history has the statuses only.
    expect(await historyOf(id)).toEqual(['Pending Order', 'Approved Order', 'On the way']);

    expect((await update(id, { status: 'Delivered Order' })).body).toEqual({ modifiedCount: 1 });
    expect(await update(id, { readyInMinutes: 10 })).toMatchObject({
      status: 409,
      body: { code: 'ORDER_NOT_RETIMABLE', message: 'The order is delivered: there is no time left to change' },
    });
    const canceled = await placeCash();
    expect((await update(canceled, { status: 'Canceled Order' })).body).toEqual({ modifiedCount: 1 });
    expect(await update(canceled, { readyInMinutes: 10 })).toMatchObject({
      status: 409,
      body: { code: 'ORDER_NOT_RETIMABLE', message: 'The order is canceled: there is no time to change' },
    });
    expect((await readOrder(id)).expectedTime).toBe('18:45');
  });

  it('cancels with the admin’s reason, or a plain one for the spec’s bare {status}, which the customer reads', async () => {
    const withReason = await placeCash();
    const bare = await placeCash();
    const held = await placeHeldCard();
    const owner = await listen(customer);
    const staff = await listen(admin);

    expect((await update(withReason, { status: 'Canceled Order', reason: '  An item has run out ' })).body).toEqual({ modifiedCount: 1 });
    expect((await update(bare, { status: 'Canceled Order' })).body).toEqual({ modifiedCount: 1 });
    expect((await update(held, { status: 'Canceled Order', reason: 'We are closing early' })).body).toEqual({ modifiedCount: 1 });

    expect(await readOrder(withReason)).toMatchObject({ status: 'Canceled Order', cancelReason: 'An item has run out', expectedAt: null });
    expect(await readOrder(bare)).toMatchObject({ status: 'Canceled Order', cancelReason: PLAIN_CANCEL_REASON });
    // The held card money is let go, and the customer reads both.
    expect(await readOrder(held)).toMatchObject({ cancelReason: 'We are closing early', paymentStatus: 'released', refundedTotal: 0 });
    const history = (await call(server, 'GET', `/my-product-history/${encodeURIComponent(customer.user.email)}`, customer))
      .body as OrderWire[];
    expect(history.find((order) => order._id === withReason)?.cancelReason).toBe('An item has run out');

    for (const id of [withReason, bare, held]) {
      await owner.waitFor(ORDER_UPDATED, id);
      await staff.waitFor(ORDER_CHANGED, id);
    }
    expect(staff.received).toContainEqual({ event: ORDER_CHANGED, payload: { order_id: held, status: 'Canceled Order' } });

    // A reason is words: none, blank or too long is refused, and nothing changes.
    const waiting = await placeCash();
    for (const reason of ['', '   ', 'x'.repeat(201), 42]) {
      expect((await update(waiting, { status: 'Canceled Order', reason })).status, JSON.stringify(reason)).toBe(400);
    }
    expect(await readOrder(waiting)).toMatchObject({ status: 'Pending Order', cancelReason: null });
  });

  it('answers 422 CAPTURE_FAILED when the held money cannot be taken, and the order keeps waiting', async () => {
    const id = await placeHeldCard();
    // The hold lapsed at the provider (a card's authorisation expires after some days).
    await server.app.db.update(payments).set({ status: 'canceled' }).where(eq(payments.orderId, id));
    const refused = await update(id, { status: 'Approved Order', readyInMinutes: 30 });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.code).toBe('CAPTURE_FAILED');
    expect(refused.body.message).toMatch(/^The card payment could not be taken/);
    expect(await readOrder(id, admin)).toMatchObject({ status: 'Pending Order', expectedAt: null });
    expect(await historyOf(id)).toEqual(['Pending Order']);
  });

  it('records one acceptance when admins accept a held card order at once, each with another time', async () => {
    const id = await placeHeldCard();
    const times = [20, 30, 45, 60, 90, 120];
    const answers = await Promise.all(
      times.map((readyInMinutes, i) => update(id, { status: 'Approved Order', readyInMinutes }, i % 2 ? admin : otherAdmin)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(times.length).fill(200));
    expect(answers.map((answer) => answer.body.modifiedCount).sort()).toEqual([0, 0, 0, 0, 0, 1]);
    expect(await historyOf(id)).toEqual(['Pending Order', 'Approved Order']);
    const winner = times[answers.findIndex((answer) => answer.body.modifiedCount === 1)] as number;
    const order = await readOrder(id);
    expect(order).toMatchObject({ status: 'Approved Order', paymentStatus: 'paid' });
    expect(order.expectedAt).toBe(new Date(Date.parse(DEFAULT_SHOP_TIME) + winner * 60_000).toISOString());
  });
});

describe.each(testDatabases())('POST /api/orders/{id}/refunds on %s', (kind) => {
  let orderingShop: OrderingShop;
  let server: TestServer;
  let customer: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    orderingShop = await startOrderingShop(kind);
    ({ server, customer, admin } = orderingShop);
  });
  afterAll(async () => server.close());

  /** A card order accepted by the shop: its money captured. */
  async function paidCardOrder(): Promise<string> {
    const id = await placeHeldCardOrder(orderingShop);
    const accepted = await call(server, 'PUT', `/update-sell-products/${id}`, admin, { status: 'Approved Order' });
    expect(accepted.body).toEqual({ modifiedCount: 1 });
    return id;
  }
  const refund = (id: string, body: unknown, who: SignedIn | null = admin) => call(server, 'POST', `/orders/${id}/refunds`, who, body);
  const summary = async () => (await call(server, 'GET', '/admin/summary', admin)).body as AdminSummaryWire;

  it('refunds part of a captured card order for an admin; admins read the refunds, the customer the refunded total only', async () => {
    const id = await paidCardOrder();
    const body = { amount: 2.5, reason: 'The garlic bread was missing' };
    expect((await refund(id, body, null)).status).toBe(401);
    expect((await refund(id, body, customer)).status).toBe(403);
    expect((await server.app.db.select().from(orders).where(eq(orders.id, id)))[0]?.refundedTotal).toBe(0);

    const owner = await connectSocket(server.url, { cookie: customer.cookie });
    const staff = await connectSocket(server.url, { cookie: admin.cookie });
    const before = await summary();
    const answer = await refund(id, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toEqual({
      refund: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        amount: 2.5,
        reason: 'The garlic bread was missing',
        status: expect.stringMatching(/^(pending|succeeded)$/),
        failureReason: null,
        createdAt: '2026-11-18T18:00:00.000Z',
      },
      refundedTotal: 2.5,
      paymentStatus: 'partially_refunded',
    });
    // The customer and the admins hear that the order's money moved.
    await owner.waitFor(ORDER_UPDATED, id);
    await staff.waitFor(ORDER_CHANGED, id);
    expect(staff.received).toContainEqual({ event: ORDER_CHANGED, payload: { order_id: id, status: 'Approved Order' } });
    owner.close();
    staff.close();
    // The dashboard counts the money kept: £17.19 less £2.50.
    const after = await summary();
    expect(before.periods.today.salesPence - after.periods.today.salesPence).toBe(250);

    const asAdmin = (await call(server, 'GET', `/buy-product/${id}`, admin)).body as OrderWire;
    expect(asAdmin).toMatchObject({ refundedTotal: 2.5, paymentStatus: 'partially_refunded' });
    expect(asAdmin.refunds).toEqual([answer.body.refund]);
    const listed = (await call(server, 'GET', '/buy-product', admin)).body as OrderWire[];
    expect(listed.find((order) => order._id === id)?.refunds).toEqual([answer.body.refund]);

    const asCustomer = (await call(server, 'GET', `/buy-product/${id}`, customer)).body as OrderWire;
    expect(asCustomer).toMatchObject({ refundedTotal: 2.5, paymentStatus: 'partially_refunded' });
    expect(asCustomer).not.toHaveProperty('refunds');
    const history = (await call(server, 'GET', `/my-product-history/${encodeURIComponent(customer.user.email)}`, customer))
      .body as OrderWire[];
    expect(history.find((order) => order._id === id)).not.toHaveProperty('refunds');
  });

  it('refuses an amount that is not whole pence or not positive (400), and more than is left', async () => {
    const id = await paidCardOrder();
    for (const amount of [1.234, 0, -1, '2.50', 5000.01]) {
      const refused = await refund(id, { amount, reason: 'Cold' });
      expect(refused.status, JSON.stringify(amount)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await refund(id, { amount: 2, reason: '' })).status).toBe(400);
    // £17.19 was taken: £17.20 is too much.
    const tooMuch = await refund(id, { amount: 17.2, reason: 'Cold' });
    expect(tooMuch.status, JSON.stringify(tooMuch.body)).toBe(422);
    expect(tooMuch.body.code).toBe('REFUND_TOO_LARGE');
    expect(((await call(server, 'GET', `/buy-product/${id}`, admin)).body as OrderWire).refunds).toEqual([]);
    expect((await refund(id, { amount: 17.19, reason: 'Cold' })).body).toMatchObject({ refundedTotal: 17.19, paymentStatus: 'refunded' });
    expect((await refund('f'.repeat(24), { amount: 1, reason: 'Cold' })).status).toBe(404);
  });
});
