// Order placement under races, with two real shop processes on one PostgreSQL database (what a shop scaled out runs):
// n orders at once for a slot of capacity k place exactly min(n, k); an order's stored address is the one its fee and
// zone were decided on while the customer edits it; an account deleted while it orders ends deleted with no order,
// or keeps the order placed before it, and nothing answers 500. Bounded: a few dozen requests on loopback.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Answer } from './account-test-client';
import { ADDRESS, cashOrder, pizzaLine } from './order-fixtures';
import { newCustomer, useTwoShops, type ProcessCustomer } from './two-shops';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const SLOT = '2026-11-19T19:30:00.000Z';

const SKIPPED = ADMIN_URL ? '' : ' (skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it)';
if (!ADMIN_URL) console.info(`placement-races.test.ts: placement races across two processes${SKIPPED}`);

describe.runIf(ADMIN_URL)(`order placement races across two shop processes on one PostgreSQL database${SKIPPED}`, () => {
  // One customer places many orders in these races: the per-customer limits are not what is tested.
  const shops = useTwoShops(ADMIN_URL as string, 'shop_test_placement_races', { RATE_LIMIT_MULTIPLIER: '50' });
  let db: pg.Client;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: shops.databaseUrl });
    // The suite's teardown drops the database and ends this connection with it.
    db.on('error', () => {});
    await db.connect();
    const settings = await call(shops.a.url, 'PUT', '/shop-settings', {
      body: { shopPostcode: 'BS1 4DJ', traderPhone: '0117 496 0000' },
      cookie: shops.adminCookie,
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const zone = await call(shops.a.url, 'POST', '/delivery-zones', {
      body: { code: 'BS6', fee: 2.5, minimumOrder: 0 },
      cookie: shops.adminCookie,
    });
    expect(zone.status, JSON.stringify(zone.body)).toBe(201);
  });
  // Registered after useTwoShops' hooks, so it runs before they drop the database.
  afterAll(async () => db.end());

  const order = (customer: ProcessCustomer, index: number, extra: Record<string, unknown> = {}) =>
    call<{ insertedId?: string; code?: string }>(index % 2 === 0 ? shops.a.url : shops.b.url, 'POST', '/buy-product', {
      body: cashOrder([pizzaLine(shops.menu)], customer.addressId, extra),
      cookie: customer.cookie,
    });
  const statuses = (answers: Answer<unknown>[]) => answers.map((answer) => answer.status).sort();

  it.each([
    { n: 12, k: 3 },
    { n: 6, k: 10 },
  ])('places exactly min($n, $k) of $n orders sent at once for a slot of capacity $k', async ({ n, k }) => {
    const capacity = await call(shops.a.url, 'PUT', '/shop-settings', { body: { slotCapacity: k }, cookie: shops.adminCookie });
    expect(capacity.status).toBe(200);
    await db.query(`update orders set status = 'Canceled Order' where scheduled_for = $1`, [SLOT]);
    const customers = await Promise.all(Array.from({ length: n }, (_, i) => newCustomer(i % 2 ? shops.a : shops.b, `Slot${i}`)));
    const answers = await Promise.all(customers.map((customer, i) => order(customer, i, { scheduledFor: SLOT })));
    const placed = Math.min(n, k);
    expect(statuses(answers)).toEqual([...Array(placed).fill(201), ...Array(n - placed).fill(422)]);
    for (const refused of answers.filter((answer) => answer.status === 422)) expect(refused.body.code).toBe('SLOT_NOT_AVAILABLE');
    const stored = await db.query(`select count(*)::int as n from orders where scheduled_for = $1 and status <> 'Canceled Order'`, [SLOT]);
    expect(stored.rows[0].n).toBe(placed);
  });

  it('places exactly k card orders for a slot of capacity k whose payments arrive at once, the others released', async () => {
    const slot = '2026-11-19T20:00:00.000Z';
    const capacity = await call(shops.a.url, 'PUT', '/shop-settings', { body: { slotCapacity: 2 }, cookie: shops.adminCookie });
    expect(capacity.status).toBe(200);
    const customers = await Promise.all(Array.from({ length: 6 }, (_, i) => newCustomer(i % 2 ? shops.a : shops.b, `Card${i}`)));
    // Every intent is opened while the slot is free: it fills only as the payments come in.
    const intents = [];
    for (const [i, customer] of customers.entries()) {
      const opened = await call<{ clientSecret: string; orderId: string }>(
        i % 2 ? shops.a.url : shops.b.url,
        'POST',
        '/create-payment-intent',
        {
          body: { items: [pizzaLine(shops.menu)], addressId: customer.addressId, note: '', scheduledFor: slot },
          cookie: customer.cookie,
        },
      );
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      intents.push({ customer, ...opened.body });
    }
    const paid = await Promise.all(
      intents.map(({ customer, clientSecret }, i) =>
        call(i % 2 ? shops.b.url : shops.a.url, 'POST', '/test-payments/confirm', {
          body: { clientSecret, cardNumber: '4242424242424242', exp: '12/30', cvc: '123' },
          cookie: customer.cookie,
        }),
      ),
    );
    expect(statuses(paid)).toEqual([200, 200, 409, 409, 409, 409]);
    const stored = await db.query<{ placed: number; released: number }>(
      `select count(*) filter (where placed_at is not null)::int as placed,
        count(*) filter (where placed_at is null and payment_status = 'released')::int as released
        from orders where scheduled_for = $1`,
      [slot],
    );
    expect(stored.rows[0]).toEqual({ placed: 2, released: 4 });
  });

  it('stores the address its fee and zone were decided on, while the customer edits it between a zone and outside every zone', async () => {
    const customer = await newCustomer(shops.a, 'Mover');
    const move = (postcode: string, index: number) =>
      call(index % 2 === 0 ? shops.b.url : shops.a.url, 'PUT', `/address-collection/${customer.addressId}`, {
        body: { ...ADDRESS, postcode },
        cookie: customer.cookie,
      });
    expect((await move('BS6 6AA', 0)).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? order(customer, i) : move(i % 4 === 1 ? 'BS9 1AA' : 'BS6 6AA', i))),
    );
    expect(
      answers.every((answer) => answer.status < 500),
      JSON.stringify(answers.map((a) => a.body)),
    ).toBe(true);
    const ids = answers.filter((answer) => answer.status === 201).map((answer) => (answer.body as { insertedId: string }).insertedId);
    const refused = answers.filter((answer) => answer.status === 422).map((answer) => (answer.body as { code: string }).code);
    expect(new Set(refused)).toEqual(new Set(refused.length ? ['OUTSIDE_DELIVERY_AREA'] : []));
    const rows = await db.query<{ postcode: string; delivery_fee: number }>(
      `select address->>'postcode' as postcode, delivery_fee from orders where id = any($1)`,
      [ids],
    );
    expect(rows.rows).toHaveLength(ids.length);
    for (const row of rows.rows) expect(row).toEqual({ postcode: 'BS6 6AA', delivery_fee: 250 });
  });

  it('deletes an account that orders at the same moment with no order after it, or keeps it with the order placed before; never a 500', async () => {
    // The deletion checks the password first (argon2, a few hundred milliseconds), so the orders are spread over
    // that time: some land before its transaction, some during it, some after.
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    for (let round = 0; round < 6; round += 1) {
      const customer = await newCustomer(shops.a, `Leaving${round}`);
      const { rows } = await db.query<{ id: string }>(`select id from users where lower(email) like $1 order by created_at desc limit 1`, [
        `leaving${round}-%`,
      ]);
      const userId = rows[0]?.id;
      const orders = Array.from({ length: 8 }, async (_, i) => {
        await later(i * 40);
        return order(customer, i + round);
      });
      const deletion = call(round % 2 === 0 ? shops.a.url : shops.b.url, 'POST', '/profile/delete', {
        body: { password: 'a-Strong-password-1' },
        cookie: customer.cookie,
      });
      const [deleted, ...placed] = await Promise.all([deletion, ...orders]);
      const all = [deleted, ...placed] as Answer<unknown>[];
      expect(
        all.every((answer) => answer.status < 500),
        JSON.stringify(all.map((a) => [a.status, a.body])),
      ).toBe(true);
      const user = await db.query<{ deleted_at: Date | null }>('select deleted_at from users where id = $1', [userId]);
      const stored = await db.query<{ n: number }>('select count(*)::int as n from orders where user_id = $1', [userId]);
      if (deleted?.status === 200) {
        expect(user.rows[0]?.deleted_at).not.toBeNull();
        expect(stored.rows[0]?.n).toBe(0);
        for (const answer of placed) expect([401, 201]).toContain(answer.status);
        expect(placed.filter((answer) => answer.status === 201)).toHaveLength(0);
      } else {
        expect(deleted?.status, JSON.stringify(deleted?.body)).toBe(409);
        expect((deleted?.body as { code: string }).code).toBe('ACCOUNT_HAS_OPEN_ORDERS');
        expect(user.rows[0]?.deleted_at).toBeNull();
        expect(stored.rows[0]?.n).toBe(placed.filter((answer) => answer.status === 201).length);
      }
    }
  });
});
