// Limits per customer that no real customer reaches (issue 19, point 6: one customer placed 200 fifty-line orders
// and 300 addresses in 2 s): 20 orders an hour, 50 a day, 20 saved addresses (domain/customer-limits.ts).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_LIMIT_REACHED, CUSTOMER_LIMITS, ORDER_LIMIT_REACHED } from '@shop/shared/domain/customer-limits';
import { addresses, orders } from '../src/db/schema';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { ADDRESS, addAddress, call, cashOrder, loadMenu, pizzaLine, type Menu } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

describe.each(testDatabases())('limits per customer on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    menu = await loadMenu(server);
  });
  afterAll(async () => server?.close());

  async function customerWithAddress(): Promise<{ customer: SignedIn; addressId: string }> {
    const customer = await signInAs(server);
    return { customer, addressId: await addAddress(server, customer) };
  }

  const placeCash = (who: SignedIn, addressId: string, key: string) =>
    call(server, 'POST', '/buy-product', who, cashOrder([pizzaLine(menu)], addressId), { 'Idempotency-Key': `customer-limits-${key}` });

  /** Moves the customer's orders `minutes` into the past, as if the shop's clock had moved on. */
  async function age(who: SignedIn, minutes: number): Promise<void> {
    await server.app.db
      .update(orders)
      .set({ createdAt: sql`${orders.createdAt} - make_interval(mins => ${minutes})` })
      .where(eq(orders.userId, who.user.id));
  }

  async function ordersOf(who: SignedIn): Promise<number> {
    return (await server.app.db.select().from(orders).where(eq(orders.userId, who.user.id))).length;
  }

  it('takes 20 orders in an hour and refuses the 21st with 429 ORDER_LIMIT_REACHED, cash or card; a retried key still answers its order', async () => {
    const { customer, addressId } = await customerWithAddress();
    const first = await placeCash(customer, addressId, 'order-1');
    expect(first.status).toBe(201);
    for (let i = 2; i <= CUSTOMER_LIMITS.ordersPerHour; i += 1)
      expect((await placeCash(customer, addressId, `order-${i}`)).status).toBe(201);

    const refused = await placeCash(customer, addressId, 'order-21');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'ORDER_LIMIT_REACHED', message: ORDER_LIMIT_REACHED });
    const card = await call(server, 'POST', '/create-payment-intent', customer, { items: [pizzaLine(menu)], addressId, note: '' });
    expect(card.status).toBe(429);
    expect(card.body).toMatchObject({ code: 'ORDER_LIMIT_REACHED' });
    expect(await ordersOf(customer)).toBe(CUSTOMER_LIMITS.ordersPerHour);

    // A retry of an order already placed is not a new order: it answers the first one.
    const retried = await placeCash(customer, addressId, 'order-1');
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(first.body);

    // Another customer is not affected.
    const other = await customerWithAddress();
    expect((await placeCash(other.customer, other.addressId, 'other-1')).status).toBe(201);
  });

  it('counts the last 60 minutes and the last 24 hours: 50 orders in a day, then none until the oldest are a day old', async () => {
    const { customer, addressId } = await customerWithAddress();
    let placed = 0;
    const place = async () => (await placeCash(customer, addressId, `day-${placed++}`)).status;
    for (let i = 0; i < 20; i += 1) expect(await place()).toBe(201);
    expect(await place()).toBe(429);
    await age(customer, 61);
    for (let i = 0; i < 20; i += 1) expect(await place()).toBe(201);
    await age(customer, 61);
    for (let i = 0; i < 10; i += 1) expect(await place()).toBe(201);
    // 10 in the last hour, 50 in the day.
    expect(await place()).toBe(429);
    await age(customer, 22 * 60);
    // The first 20 are now more than 24 hours old.
    expect(await place()).toBe(201);
  });

  it('holds against a burst: 60 orders sent at once place no more than the limit', async () => {
    const { customer, addressId } = await customerWithAddress();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => placeCash(customer, addressId, `burst-${i}`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 201 && status !== 429)).toEqual([]);
    // Requests answered at the same moment may pass the count together: a few over the limit at most.
    const created = statuses.filter((status) => status === 201).length;
    expect(created).toBeGreaterThanOrEqual(CUSTOMER_LIMITS.ordersPerHour);
    expect(created).toBeLessThanOrEqual(CUSTOMER_LIMITS.ordersPerHour + 10);
    expect(await ordersOf(customer)).toBe(created);
  });

  it('keeps 20 addresses per account, refuses the 21st with 409 ADDRESS_LIMIT_REACHED, even sent 40 at once, and takes one again after a delete', async () => {
    const customer = await signInAs(server);
    const add = () => call(server, 'POST', '/address-collection', customer, ADDRESS);
    const answers = await Promise.all(Array.from({ length: 40 }, () => add()));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(CUSTOMER_LIMITS.addresses);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(20);
    for (const answer of refused)
      expect(answer.body).toMatchObject({ statusCode: 409, code: 'ADDRESS_LIMIT_REACHED', message: ADDRESS_LIMIT_REACHED });
    const saved = await server.app.db.select().from(addresses).where(eq(addresses.userId, customer.user.id));
    expect(saved).toHaveLength(CUSTOMER_LIMITS.addresses);

    const one = answers.find((answer) => answer.status === 201)?.body.insertedId as string;
    expect((await call(server, 'DELETE', `/address-collection/${one}`, customer)).status).toBe(200);
    expect((await add()).status).toBe(201);
    expect((await add()).status).toBe(409);
  });
});
