import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import { ORDER_STATUSES, statusChangeRefusal, type OrderStatus } from '@shop/shared/domain/order-status';
import { orderStatusHistory } from '../../db/schema';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { addAddress, call, cashOrder, pizzaLine, readyToOrder, type Menu } from '../../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../../test/sign-in';

/** How an order reaches each status from Pending Order through the route itself (none for Pending Order). */
const PATH_TO: Record<OrderStatus, OrderStatus[]> = {
  'Pending Order': [],
  'Approved Order': ['Approved Order'],
  'On the way': ['Approved Order', 'On the way'],
  'Delivered Order': ['Approved Order', 'On the way', 'Delivered Order'],
  'Canceled Order': ['Canceled Order'],
};

describe.each(testDatabases())('order status changes on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let addressId: string;
  let admin: SignedIn;
  let otherAdmin: SignedIn;

  beforeAll(async () => {
    // One customer places an order for each of the 25 status pairs: past the per-customer limit of 20 an hour.
    server = await startTestServer({ db: kind, seed: true, env: { RATE_LIMIT_MULTIPLIER: '10' } });
    ({ menu, customer, addressId } = await readyToOrder(server));
    admin = await signInAs(server, { role: 'owner' });
    otherAdmin = await signInAs(server, { role: 'owner' });
  });
  afterAll(async () => server.close());

  async function placeCash(who = customer, address = addressId): Promise<string> {
    const placed = await call(server, 'POST', '/buy-product', who, cashOrder([pizzaLine(menu)], address));
    expect(placed.status).toBe(201);
    return placed.body.insertedId as string;
  }
  const setStatus = (id: string, status: string, who: SignedIn | null = admin) =>
    call(server, 'PUT', `/update-sell-products/${id}`, who, { status });
  // In the order written (ids grow with time): the rows share the fixed clock's changed_at, and a select without an
  // order may answer them in any order (PostgreSQL reuses space in its pages).
  const historyRows = (id: string) =>
    server.app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(asc(orderStatusHistory.id));
  const readOrder = async (id: string, who: SignedIn) => (await call(server, 'GET', `/buy-product/${id}`, who)).body as OrderWire;

  it('lets admins only change a status: 401 signed out, 403 for customers, the owner included', async () => {
    const id = await placeCash();
    expect((await setStatus(id, 'Approved Order', null)).status).toBe(401);
    const owner = await setStatus(id, 'Approved Order', customer);
    expect(owner.status).toBe(403);
    expect((await readOrder(id, customer)).status).toBe('Pending Order');
    expect(await setStatus(id, 'Approved Order')).toMatchObject({ status: 200, body: { modifiedCount: 1 } });
  });

  it('answers 404 for an unknown or malformed id and for a card order not paid yet; 400 for a body that is not a status', async () => {
    for (const id of ['f'.repeat(24), 'not-an-order', '0123']) {
      expect(await setStatus(id, 'Approved Order')).toMatchObject({ status: 404, body: { message: 'Order not found' } });
    }
    const card = await call(server, 'POST', '/create-payment-intent', customer, { items: [pizzaLine(menu)], addressId, note: '' });
    expect(card.status).toBe(200);
    expect(await setStatus(card.body.orderId, 'Approved Order')).toMatchObject({ status: 404, body: { message: 'Order not found' } });
    expect(await historyRows(card.body.orderId)).toEqual([]);

    const id = await placeCash();
    expect((await setStatus(id, 'Shipped')).status).toBe(400);
    expect((await call(server, 'PUT', `/update-sell-products/${id}`, admin, { status: 'Approved Order', note: 'x' })).status).toBe(400);
    expect((await call(server, 'PUT', `/update-sell-products/${id}`, admin)).status).toBe(400);
    expect((await readOrder(id, admin)).status).toBe('Pending Order');
  });

  // Every pair of statuses: decision 0003's rule decides, and only an applied change is recorded.
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => ({ from, to })));
  it.each(pairs)('from $from to $to', async ({ from, to }) => {
    const id = await placeCash();
    for (const step of PATH_TO[from]) expect((await setStatus(id, step)).body).toEqual({ modifiedCount: 1 });
    const before = (await historyRows(id)).length;
    const answer = await setStatus(id, to);
    const refusal = statusChangeRefusal(from, to);
    if (from === to) {
      expect(answer).toMatchObject({ status: 200, body: { modifiedCount: 0 } });
    } else if (refusal) {
      expect(answer).toMatchObject({ status: 409, body: { message: refusal } });
    } else {
      expect(answer).toMatchObject({ status: 200, body: { modifiedCount: 1 } });
    }
    const applied = from !== to && !refusal;
    expect((await historyRows(id)).length).toBe(before + (applied ? 1 : 0));
    expect((await readOrder(id, customer)).status).toBe(applied ? to : from);
  });

  it('records each change with the shop clock’s time and the admin, shown to admins only', async () => {
    const id = await placeCash();
    await setStatus(id, 'Approved Order', admin);
    await setStatus(id, 'On the way', otherAdmin);

    const asAdmin = await readOrder(id, admin);
    expect(asAdmin.statusHistory).toEqual([
      { status: 'Pending Order', date: '18/11/2026', time: '18:00', createdAt: '2026-11-18T18:00:00.000Z', changedBy: customer.user.email },
      { status: 'Approved Order', date: '18/11/2026', time: '18:00', createdAt: '2026-11-18T18:00:00.000Z', changedBy: admin.user.email },
      { status: 'On the way', date: '18/11/2026', time: '18:00', createdAt: '2026-11-18T18:00:00.000Z', changedBy: otherAdmin.user.email },
    ]);
    const rows = await historyRows(id);
    expect(rows.map((row) => row.changedBy).slice(1)).toEqual([admin.user.id, otherAdmin.user.id]);

    const asOwner = await readOrder(id, customer);
    expect(asOwner.status).toBe('On the way');
    expect(asOwner.statusHistory.map((change) => change.status)).toEqual(['Pending Order', 'Approved Order', 'On the way']);
    for (const change of asOwner.statusHistory) expect(change).not.toHaveProperty('changedBy');

    const history = (who: SignedIn) => call(server, 'GET', `/my-product-history/${encodeURIComponent(customer.user.email)}`, who);
    const ownList = (await history(customer)).body as OrderWire[];
    expect(ownList.find((order) => order._id === id)?.statusHistory.every((change) => !('changedBy' in change))).toBe(true);
    const adminList = (await history(admin)).body as OrderWire[];
    expect(adminList.find((order) => order._id === id)?.statusHistory.at(-1)?.changedBy).toBe(otherAdmin.user.email);

    // The customer's feed has a line per change.
    const feed = (await call(server, 'GET', `/my-product/${encodeURIComponent(customer.user.email)}`, customer)).body as Array<{
      orderId: string;
      status: string;
      description: string;
    }>;
    expect(
      feed
        .filter((item) => item.orderId === id)
        .map((item) => item.description)
        .sort(),
    ).toEqual(['Your order has been approved', 'Your order has been placed', 'Your order is on the way'].sort());
  });

  it('applies one change when admins set the same status at once, and settles different ones in some order', async () => {
    const id = await placeCash();
    const same = await Promise.all(Array.from({ length: 6 }, (_, i) => setStatus(id, 'Approved Order', i % 2 ? admin : otherAdmin)));
    expect(same.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(same.map((answer) => answer.body.modifiedCount).sort()).toEqual([0, 0, 0, 0, 0, 1]);
    expect((await historyRows(id)).map((row) => row.status)).toEqual(['Pending Order', 'Approved Order']);

    // From Approved: On the way then Canceled both apply; Canceled first makes On the way a refusal (final).
    const mixed = await Promise.all(
      ['On the way', 'Canceled Order', 'On the way', 'Canceled Order', 'On the way', 'Canceled Order'].map((status, i) =>
        setStatus(id, status, i % 2 ? admin : otherAdmin).then((answer) => ({ status, answer })),
      ),
    );
    for (const { answer } of mixed) expect([200, 409]).toContain(answer.status);
    const applied = mixed.filter(({ answer }) => answer.body.modifiedCount === 1).map(({ status }) => status);
    expect(new Set(applied).size).toBe(applied.length);
    const rows = (await historyRows(id)).map((row) => row.status);
    expect(rows.slice(2).sort()).toEqual([...applied].sort());
    expect(rows.at(-1)).toBe('Canceled Order');
    expect((await readOrder(id, admin)).status).toBe('Canceled Order');
    const refused = mixed.filter(({ answer }) => answer.status === 409);
    for (const { answer } of refused) expect(answer.body.message).toBe('The order is canceled and can no longer change');
  });
});

describe.each(testDatabases())('the shop’s order list (GET /api/buy-product) on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let admin: SignedIn;
  let customer: SignedIn;
  let addressId: string;
  const placed: string[] = [];

  beforeAll(async () => {
    // 53 orders from two customers: past the per-customer limit of 20 an hour.
    server = await startTestServer({ db: kind, seed: true, env: { RATE_LIMIT_MULTIPLIER: '10' } });
    ({ menu, customer, addressId } = await readyToOrder(server));
    admin = await signInAs(server, { role: 'owner' });
    const second = await signInAs(server);
    const secondAddress = await addAddress(server, second);
    for (let i = 0; i < 53; i += 1) {
      const who = i % 2 ? second : customer;
      const answer = await call(
        server,
        'POST',
        '/buy-product',
        who,
        cashOrder([pizzaLine(menu)], who === customer ? addressId : secondAddress),
      );
      expect(answer.status).toBe(201);
      placed.push(answer.body.insertedId as string);
    }
  });
  afterAll(async () => server.close());

  const list = (query: string, who: SignedIn | null = admin) => call(server, 'GET', `/buy-product${query}`, who);

  it('is for admins only', async () => {
    expect((await list('', null)).status).toBe(401);
    expect((await list('', customer)).status).toBe(403);
  });

  it('lists the orders the shop sees newest first, 50 a page, with the total in X-Total-Count', async () => {
    // A card order waiting for its payment is not the shop's yet; once paid it is.
    const card = await call(server, 'POST', '/create-payment-intent', customer, { items: [pizzaLine(menu)], addressId, note: '' });
    const first = await list('');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe('53');
    const newestFirst = [...placed].reverse();
    expect((first.body as OrderWire[]).map((order) => order._id)).toEqual(newestFirst.slice(0, 50));
    expect((first.body as OrderWire[])[0]).toMatchObject({
      paymentType: 'Cash',
      status: 'Pending Order',
      statusHistory: [{ status: 'Pending Order', changedBy: expect.stringContaining('@example.com') }],
    });
    const second = await list('?page=2');
    expect(second.headers.get('x-total-count')).toBe('53');
    expect((second.body as OrderWire[]).map((order) => order._id)).toEqual(newestFirst.slice(50));
    expect((await list('?page=3')).body).toEqual([]);

    const paid = await call(server, 'POST', '/test-payments/confirm', customer, {
      clientSecret: card.body.clientSecret,
      cardNumber: '4242424242424242',
      exp: '12/30',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    const afterPayment = await list('');
    expect(afterPayment.headers.get('x-total-count')).toBe('54');
    expect((afterPayment.body as OrderWire[]).map((order) => order._id)).toContain(card.body.orderId);
  });

  it('filters by status', async () => {
    const [a, b, c] = placed;
    for (const id of [a, b])
      expect((await call(server, 'PUT', `/update-sell-products/${id}`, admin, { status: 'Approved Order' })).body).toEqual({
        modifiedCount: 1,
      });
    expect((await call(server, 'PUT', `/update-sell-products/${c}`, admin, { status: 'Canceled Order' })).body).toEqual({
      modifiedCount: 1,
    });

    const approved = await list(`?status=${encodeURIComponent('Approved Order')}`);
    expect(approved.headers.get('x-total-count')).toBe('2');
    expect((approved.body as OrderWire[]).map((order) => order._id)).toEqual([b, a]);
    expect((approved.body as OrderWire[])[0]?.statusHistory.map((change) => [change.status, change.changedBy])).toEqual([
      ['Pending Order', expect.stringContaining('@example.com')],
      ['Approved Order', admin.user.email],
    ]);
    const canceled = await list('?status=Canceled+Order&page=1');
    expect((canceled.body as OrderWire[]).map((order) => order._id)).toEqual([c]);
    expect((await list('?status=On+the+way')).body).toEqual([]);
  });

  it('refuses a status that is not one of the five and a page that is not a whole number from 1', async () => {
    for (const query of ['?status=Shipped', '?status=', '?page=0', '?page=-1', '?page=1.5', '?page=two']) {
      expect((await list(query)).status, query).toBe(400);
    }
  });
});
