// The shop's live state across two real shop processes on one PostgreSQL database (decision 0901): a pause set
// through A holds on B (it is a row, not a process's memory), B's storefront sockets hear `shop_status`, and an
// order through B is refused until the pause is turned off through B, after which A takes one.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_STATUS } from '@shop/shared/contract/shop-status';
import { call } from './account-test-client';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from './harness';
import { ADDRESS, cashOrder, loadMenu, pizzaLine, type Menu } from './order-fixtures';
import { createTestDatabase, startShop, tearDownShops, START_MS, STOP_MS, type ShopProcess, type TestDatabase } from './shop-process';
import { connectSocket, type TestSocket } from './socket-client';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
/** One event's way from one process through PostgreSQL to the other's socket: milliseconds when it works. */
const EVENT_MS = 5000;
const PAUSED = 'We are not taking orders right now. Back at 18:30.';

const SKIPPED = ADMIN_URL ? '' : ' (skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it)';
if (!ADMIN_URL) console.info(`kitchen-processes.test.ts: busy and pause across two processes${SKIPPED}`);

describe.runIf(ADMIN_URL)(`the shop's status across two shop processes on one PostgreSQL database${SKIPPED}`, () => {
  let database: TestDatabase | undefined;
  const shops: ShopProcess[] = [];
  let a: ShopProcess;
  let b: ShopProcess;
  let menu: Menu;
  let adminCookie: string;
  let customer: { cookie: string; addressId: string };
  const open: TestSocket[] = [];

  beforeAll(
    async () => {
      database = await createTestDatabase(ADMIN_URL as string, 'shop_test_kitchen');
      a = await startShop('A', database.url);
      shops.push(a);
      b = await startShop('B', database.url);
      shops.push(b);
      menu = await loadMenu(a);
      const signedIn = await call(a.url, 'POST', '/login/', { body: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD } });
      if (!signedIn.cookie) throw new Error(`admin sign-in answered ${signedIn.status}`);
      adminCookie = signedIn.cookie;
      const email = `kitchen-${randomBytes(3).toString('hex')}@example.com`;
      const registered = await call(a.url, 'POST', '/register/', { body: { username: 'Kitchen', email, password: 'a-Strong-password-1' } });
      if (!registered.cookie) throw new Error(`sign-up answered ${registered.status}`);
      const address = await call<{ insertedId: string }>(a.url, 'POST', '/address-collection', {
        body: ADDRESS,
        cookie: registered.cookie,
      });
      customer = { cookie: registered.cookie, addressId: address.body.insertedId };
    },
    2 * START_MS + 30_000,
  );
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(
    async () => {
      await tearDownShops({ shops, database });
    },
    2 * STOP_MS + 10_000,
  );

  const order = (shop: ShopProcess) =>
    call<{ insertedId?: string; code?: string; message?: string }>(shop.url, 'POST', '/buy-product', {
      body: cashOrder([pizzaLine(menu)], customer.addressId),
      cookie: customer.cookie,
    });

  it('a pause set through A holds on B, B’s storefront hears it, and B’s order route refuses until it is off', async () => {
    const visitorOnB = await connectSocket(b.url, { origin: b.url });
    open.push(visitorOnB);

    const paused = await call(a.url, 'PUT', '/shop-status', { body: { pause: { forMinutes: 30 } }, cookie: adminCookie });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    await expect
      .poll(() => visitorOnB.received.filter((item) => item.event === SHOP_STATUS).length, { timeout: EVENT_MS, interval: 20 })
      .toBe(1);
    expect(visitorOnB.received.find((item) => item.event === SHOP_STATUS)?.payload).toEqual(paused.body);

    const onB = await call(b.url, 'GET', '/opening-status');
    expect(onB.body).toMatchObject({ acceptingOrders: false, closedReason: 'paused', message: PAUSED });
    const refused = await order(b);
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body).toMatchObject({ code: 'ORDERING_PAUSED', message: PAUSED });

    const resumed = await call(b.url, 'PUT', '/shop-status', { body: { pause: null }, cookie: adminCookie });
    expect(resumed.body).toMatchObject({ acceptingOrders: true, pausedUntil: null });
    expect((await order(a)).status).toBe(201);
  });
});
