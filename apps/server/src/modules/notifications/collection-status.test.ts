// Decision 1005: a collection never goes 'On the way'. The stored status stays the spec's wire name; what the
// customer reads (the notification feed, the status mail) says 'Ready to collect' and 'Collected'.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { mailQueue } from '../../db/schema';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { call, cashOrder, pizzaLine, readyToOrder, type Menu } from '../../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../../test/sign-in';

describe.each(testDatabases())('a collection ready and collected, as the customer reads it, on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let addressId: string;
  let admin: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true, env: { RATE_LIMIT_MULTIPLIER: '10' } });
    ({ menu, customer, addressId } = await readyToOrder(server));
    admin = await signInAs(server, { role: 'owner' });
  });
  afterAll(async () => server?.close());

  async function placeAndMove(body: Record<string, unknown>): Promise<string> {
    const placed = await call(server, 'POST', '/buy-product', customer, body);
    expect(placed.status).toBe(201);
    const id = placed.body.insertedId as string;
    for (const status of ['On the way', 'Delivered Order']) {
      expect((await call(server, 'PUT', `/update-sell-products/${id}`, admin, { status })).body).toMatchObject({ modifiedCount: 1 });
    }
    return id;
  }

  const feedOf = async (id: string) => {
    const feed = (await call(server, 'GET', `/my-product/${encodeURIComponent(customer.user.email)}`, customer)).body as Array<{
      orderId: string;
      status: string;
      title: string;
      description: string;
    }>;
    return feed.filter((item) => item.orderId === id).map(({ status, title, description }) => ({ status, title, description }));
  };

  const onTheWayMailSubject = async (id: string) => {
    let subject: string | undefined;
    await expect
      .poll(
        async () => {
          const rows = await server.app.db
            .select({ subject: mailQueue.subject })
            .from(mailQueue)
            .where(and(eq(mailQueue.orderId, id), eq(mailQueue.dedupeKey, `order:${id}:on-the-way`)));
          subject = rows[0]?.subject;
          return subject;
        },
        { timeout: 10_000 },
      )
      .toBeDefined();
    return subject;
  };

  it('tells a collection "Ready to collect" and "Collected", and mails where to collect it; the status stays the wire name', async () => {
    const id = await placeAndMove({
      items: [pizzaLine(menu)],
      paymentType: 'Pay on collection',
      fulfilment: 'collection',
      contact: { name: 'Ada Lovelace', phone: '07700 900123' },
      note: '',
    });
    const short = displayOrderId(id);
    const feed = await feedOf(id);
    expect(feed).toContainEqual({
      status: 'On the way',
      title: `Order ${short}: Ready to collect`,
      description: 'Your order is ready to collect',
    });
    expect(feed).toContainEqual({
      status: 'Delivered Order',
      title: `Order ${short}: Collected`,
      description: 'Your order has been collected',
    });
    expect(JSON.stringify(feed.map(({ title, description }) => [title, description]))).not.toMatch(/on the way|delivered/i);
    expect(await onTheWayMailSubject(id)).toBe(`Your order ${short} is ready to collect`);
    expect((await call(server, 'GET', `/buy-product/${id}`, customer)).body.status).toBe('Delivered Order');
  });

  it('tells a delivery "On the way" and "Delivered Order" as before', async () => {
    const id = await placeAndMove(cashOrder([pizzaLine(menu)], addressId));
    const short = displayOrderId(id);
    const feed = await feedOf(id);
    expect(feed).toContainEqual({ status: 'On the way', title: `Order ${short}: On the way`, description: 'Your order is on the way' });
    expect(feed).toContainEqual({
      status: 'Delivered Order',
      title: `Order ${short}: Delivered Order`,
      description: 'Your order has been delivered',
    });
    expect(await onTheWayMailSubject(id)).toBe(`Your order ${short} is on its way`);
  });
});
