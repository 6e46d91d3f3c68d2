import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINIMUM_ORDER } from '@shop/shared/domain/messages';
import { ORDER_TOO_LARGE } from '@shop/shared/domain/pricing';
import { orders } from '../../db/schema';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { signInAs, type SignedIn } from '../../../test/sign-in';
import {
  addAddress,
  call,
  cashOrder,
  dealLine,
  orderHistory,
  pizzaLine,
  PIZZA_AND_DEAL_TOTAL,
  readyToOrder,
  startOrderingShop,
  type Menu,
  type OrderingShop,
} from '../../../test/order-fixtures';

describe.each(testDatabases())('orders on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let addressId: string;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    ({ menu, customer, addressId } = await readyToOrder(server));
  });
  afterAll(async () => server.close());

  const history = (who: SignedIn) => orderHistory(server, who);

  it('places a cash order priced by the server, with the server’s date and time and status Pending Order', async () => {
    const placed = await call(
      server,
      'POST',
      '/buy-product',
      customer,
      cashOrder([pizzaLine(menu), dealLine(menu)], addressId, {
        email: customer.user.email,
        date: '01/01/1999',
        time: '03:00',
        status: 'Pending Order',
      }),
    );
    expect(placed.status).toBe(201);
    const id = placed.body.insertedId as string;
    expect(placed.body).toEqual({ insertedId: id, trackingUrl: expect.stringMatching(/^\/track\/[A-Za-z0-9_-]{24}$/) });

    const order = (await call(server, 'GET', `/buy-product/${id}`, customer)).body;
    expect(order).toMatchObject({
      _id: id,
      email: customer.user.email,
      date: '18/11/2026',
      time: '18:00',
      paymentType: 'Cash',
      paymentStatus: 'unpaid',
      status: 'Pending Order',
      addressId,
      note: 'Ring the bell',
      totalPrice: PIZZA_AND_DEAL_TOTAL,
      quantity: 2,
      address: { firstname: 'Grace', lastname: 'Hopper', Email: 'grace@example.com', postcode: 'BS1 4DJ' },
    });
    expect(order.items[0]).toMatchObject({
      title: 'Margherita',
      size: 'l',
      sizeLabel: 'Large 13"',
      crust: 'stuffed_crust',
      topping: 'Pepperoni',
      quantity: 1,
      price: 17.19,
      totalQuantityPrice: 17.19,
    });
    expect(order.items[1]).toMatchObject({ title: 'Pizza Pair', dealItems: ['Margherita', 'Hawaiian'], totalQuantityPrice: 18.99 });
    expect(order.items[0].line).toEqual(pizzaLine(menu));

    const listed = await history(customer);
    expect(listed[0]?._id).toBe(id);
    const notices = (await call(server, 'GET', `/my-product/${encodeURIComponent(customer.user.email)}`, customer)).body;
    expect(notices[0]).toMatchObject({
      kind: 'order',
      orderId: id,
      status: 'Pending Order',
      description: 'Your order has been placed',
      title: `Order ${id.slice(18)}: Pending Order`,
    });
  });

  it('refuses an order over the £5,000.00 online maximum with 422, on both order routes', async () => {
    const huge = Array.from({ length: 4 }, () => pizzaLine(menu, 99)); // 4 × 99 × £17.19 = £6,807.24
    for (const [path, body] of [
      ['/buy-product', cashOrder(huge, addressId)],
      ['/create-payment-intent', { items: huge, addressId }],
    ] as const) {
      const refused = await call(server, 'POST', path, customer, body);
      expect(refused.status, path).toBe(422);
      expect(refused.body.message).toBe(ORDER_TOO_LARGE);
    }
    const justUnder = await call(
      server,
      'POST',
      '/buy-product',
      customer,
      cashOrder(
        Array.from({ length: 2 }, () => pizzaLine(menu, 99)),
        addressId,
      ),
    );
    expect(justUnder.status).toBe(201);
  });

  it('refuses a tampered price, a bad quantity, an unknown or deleted product and a foreign address', async () => {
    const tampered = await call(
      server,
      'POST',
      '/buy-product',
      customer,
      cashOrder([{ ...pizzaLine(menu), price: 0.01 } as ReturnType<typeof pizzaLine>], addressId),
    );
    expect(tampered.status).toBe(400);
    for (const quantity of [-1, 0, 1.5]) {
      const bad = await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu, quantity)], addressId));
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('items.0.quantity');
    }
    const unknown = await call(
      server,
      'POST',
      '/buy-product',
      customer,
      cashOrder([{ productId: 'a'.repeat(24), quantity: 5 }], addressId),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('This item is no longer available');

    // A product on the menu, then deleted by an admin.
    const admin = await signInAs(server, { role: 'owner' });
    const partyBox = menu.product('Party Sharer Box');
    expect(
      (
        await call(server, 'POST', '/buy-product', customer, cashOrder([{ productId: partyBox, quantity: 1 }], addressId), {
          'Idempotency-Key': 'before-delete-1',
        })
      ).status,
    ).toBe(201);
    expect((await call(server, 'DELETE', `/allproduts/${partyBox}`, admin)).status).toBe(200);
    const deleted = await call(server, 'POST', '/buy-product', customer, cashOrder([{ productId: partyBox, quantity: 1 }], addressId));
    expect(deleted.status).toBe(422);
    expect(deleted.body.message).toBe('This item is no longer available');

    const stranger = await signInAs(server);
    const foreign = await call(server, 'POST', '/buy-product', stranger, cashOrder([pizzaLine(menu)], addressId));
    expect(foreign.status).toBe(404);
    const noAddress = await call(server, 'POST', '/buy-product', stranger, { items: [pizzaLine(menu)], paymentType: 'Cash', note: '' });
    expect(noAddress.body.message).toBe('Please add your address');
    const otherEmail = await call(
      server,
      'POST',
      '/buy-product',
      customer,
      cashOrder([pizzaLine(menu)], addressId, { email: stranger.user.email }),
    );
    expect(otherEmail.status).toBe(403);
    const forcedStatus = await call(
      server,
      'POST',
      '/buy-product',
      customer,
      cashOrder([pizzaLine(menu)], addressId, { status: 'Delivered Order' }),
    );
    expect(forcedStatus.status).toBe(400);
    expect(await history(stranger)).toEqual([]);
  });

  it('refuses an order under £10.00 with the spec’s message', async () => {
    const small = await call(
      server,
      'POST',
      '/buy-product',
      customer,
      cashOrder([{ productId: menu.product('Garlic Bread'), quantity: 2 }], addressId),
    );
    expect(small.status).toBe(422);
    expect(small.body.message).toBe(MINIMUM_ORDER);
    const empty = await call(server, 'POST', '/buy-product', customer, cashOrder([], addressId));
    expect(empty.body.message).toBe(MINIMUM_ORDER);
    const exactly = await call(
      server,
      'POST',
      '/buy-product',
      customer,
      cashOrder(
        [
          { productId: menu.product('Chicken Strips Sharer'), quantity: 1 },
          { productId: menu.product('Garlic Bread'), quantity: 1 },
        ],
        addressId,
      ),
    );
    expect(exactly.status).toBe(201);
  });

  it('places one order for one idempotency key, and refuses the key with a different body', async () => {
    const shopper = await signInAs(server);
    const address = await addAddress(server, shopper);
    const body = cashOrder([pizzaLine(menu)], address);
    const headers = { 'Idempotency-Key': 'order-key-sequential-1' };
    const first = await call(server, 'POST', '/buy-product', shopper, body, headers);
    const second = await call(server, 'POST', '/buy-product', shopper, body, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await history(shopper)).toHaveLength(1);

    const changed = await call(server, 'POST', '/buy-product', shopper, cashOrder([pizzaLine(menu, 2)], address), headers);
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe('This Idempotency-Key was already used for a different order');
    expect(await history(shopper)).toHaveLength(1);
  });

  it('places one order when the same key arrives several times at once', async () => {
    const shopper = await signInAs(server);
    const address = await addAddress(server, shopper);
    const body = cashOrder([dealLine(menu)], address);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(server, 'POST', '/buy-product', shopper, body, { 'Idempotency-Key': 'order-key-concurrent-1' })),
    );
    const ids = new Set(answers.map((a) => a.body.insertedId as string));
    expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(ids.size).toBe(1);
    const stored = await server.app.db.select().from(orders).where(eq(orders.userId, shopper.user.id));
    expect(stored).toHaveLength(1);
  });

  it('shows an order only to its customer or an admin, and each history only to its owner', async () => {
    const id = (await history(customer))[0]?._id as string;
    const stranger = await signInAs(server);
    const admin = await signInAs(server, { role: 'owner' });
    expect((await call(server, 'GET', `/buy-product/${id}`, stranger)).status).toBe(404);
    expect((await call(server, 'GET', `/buy-product/${id}`, admin)).status).toBe(200);
    expect((await call(server, 'GET', `/buy-product/${id}`, null)).status).toBe(401);
    expect((await call(server, 'GET', `/my-product-history/${encodeURIComponent(customer.user.email)}`, stranger)).status).toBe(403);
    expect((await call(server, 'GET', `/my-product/${encodeURIComponent(customer.user.email)}`, stranger)).status).toBe(403);
  });

  it('lists the history newest first', async () => {
    const listed = await history(customer);
    const created = listed.map((order) => order.createdAt as string);
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect([...created].sort().reverse()).toEqual(created);
    const ids = listed.map((order) => order._id as string);
    expect([...ids].sort().reverse()).toEqual(ids);
  });
});

// London wall clock: November is GMT, so these instants read the same in London.
const CLOCK_CASES = [
  { name: 'before opening on a Wednesday', time: '2026-11-18T11:59:00Z', refused: 'We are closed. We open today at 12:00.' },
  {
    name: 'at the cut-off on a Wednesday night',
    time: '2026-11-18T23:00:00Z',
    refused: 'We stop taking orders 15 minutes before closing. We open tomorrow at 12:00.',
  },
  { name: 'after closing on a Thursday night', time: '2026-11-19T23:20:00Z', refused: 'We are closed. We open tomorrow at 14:00.' },
  {
    name: 'at the cut-off after midnight on a Friday night',
    time: '2026-11-21T00:30:00Z',
    refused: 'We stop taking orders 15 minutes before closing. We open today at 12:00.',
  },
  { name: 'past midnight inside Friday’s session', time: '2026-11-21T00:29:00Z', refused: null },
  { name: 'at the last minute on a Wednesday', time: '2026-11-18T22:59:00Z', refused: null },
] as const;

describe.each(testDatabases())('opening hours at the server on %s', (kind) => {
  // One shop whose clock each case moves: the hours are read at the clock of each request.
  let shop: OrderingShop;
  beforeAll(async () => {
    shop = await startOrderingShop(kind);
  });
  afterAll(async () => shop?.server.close());

  it.each(CLOCK_CASES)('$name', async ({ time, refused }) => {
    const { server, menu, addressId: address } = shop;
    server.config.shopTime = new Date(time);
    // A session is dated by the shop clock: sign in again at this one.
    const customer = await signInAs(server, { email: shop.customer.user.email });
    const before = (await server.app.db.select().from(orders)).length;
    const cash = await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], address));
    const card = await call(server, 'POST', '/create-payment-intent', customer, {
      items: [pizzaLine(menu)],
      addressId: address,
      note: '',
    });
    if (refused) {
      expect(cash.status).toBe(422);
      expect(cash.body.message).toBe(refused);
      expect(card.status).toBe(422);
      expect(card.body.message).toBe(refused);
      expect(await server.app.db.select().from(orders)).toHaveLength(before);
    } else {
      expect(cash.status, JSON.stringify(cash.body)).toBe(201);
      expect(card.status, JSON.stringify(card.body)).toBe(200);
    }
  });
});

describe('the opening status route', () => {
  it('answers the shop clock’s status, so checkout can say when orders close or reopen', async () => {
    const server = await startTestServer({ env: { SHOP_TIME: '2026-11-18T23:05:00Z' } });
    try {
      const answer = await call(server, 'GET', '/opening-status', null);
      expect(answer.body).toMatchObject({
        open: true,
        acceptingOrders: false,
        message: 'We stop taking orders 15 minutes before closing. We open tomorrow at 12:00.',
      });
    } finally {
      await server.close();
    }
  });
});
