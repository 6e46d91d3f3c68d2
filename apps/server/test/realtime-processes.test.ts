// Live orders across two real shop processes on one PostgreSQL database: an event caused by a request to one
// process reaches the sockets connected to the other, which only @socket.io/postgres-adapter can carry.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_RECEIVED, ORDER_UPDATED } from '@shop/shared/contract/realtime';
import { call } from './account-test-client';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from './harness';
import { ADDRESS, cashOrder, loadMenu, pizzaLine, type Menu } from './order-fixtures';
import { createTestDatabase, startShop, tearDownShops, START_MS, STOP_MS, type ShopProcess, type TestDatabase } from './shop-process';
import { connectSocket, eventsFor, type TestSocket } from './socket-client';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
/** One event's way from one process through PostgreSQL to the other's socket: milliseconds when it works. */
const EVENT_MS = 5000;

async function signIn(shop: ShopProcess, email: string, password: string): Promise<string> {
  const answer = await call(shop.url, 'POST', '/login/', { body: { email, password } });
  if (answer.status !== 200 || !answer.cookie)
    throw new Error(`sign-in of ${email} through ${shop.name} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.cookie;
}

/** A new customer, registered through the shop's real sign-up route, with one address. */
async function newCustomer(shop: ShopProcess, username: string): Promise<{ cookie: string; addressId: string }> {
  const email = `${username.toLowerCase()}-${randomBytes(3).toString('hex')}@example.com`;
  const registered = await call(shop.url, 'POST', '/register/', { body: { username, email, password: 'a-Strong-password-1' } });
  if (registered.status !== 201 || !registered.cookie)
    throw new Error(`sign-up through ${shop.name} answered ${registered.status} ${JSON.stringify(registered.body)}`);
  const address = await call<{ insertedId: string }>(shop.url, 'POST', '/address-collection', { body: ADDRESS, cookie: registered.cookie });
  if (address.status !== 201) throw new Error(`address not added: ${address.status} ${JSON.stringify(address.body)}`);
  return { cookie: registered.cookie, addressId: address.body.insertedId };
}

// Like the other PostgreSQL suites, this one runs only where TEST_DATABASE_URL names a server (CI sets it).
const SKIPPED = ADMIN_URL ? '' : ' (skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it)';
if (!ADMIN_URL) console.info(`realtime-processes.test.ts: two-process live orders${SKIPPED}`);

describe.runIf(ADMIN_URL)(`live orders across two shop processes on one PostgreSQL database${SKIPPED}`, () => {
  let database: TestDatabase | undefined;
  const shops: ShopProcess[] = [];
  let a: ShopProcess;
  let b: ShopProcess;
  let menu: Menu;
  let adminCookie: string;
  let owner: { cookie: string; addressId: string };
  let other: { cookie: string; addressId: string };
  const open: TestSocket[] = [];

  beforeAll(
    async () => {
      database = await createTestDatabase(ADMIN_URL as string, 'shop_test_procs');
      // One after the other: the first migrates and seeds the empty database, the second finds it ready.
      a = await startShop('A', database.url);
      shops.push(a);
      b = await startShop('B', database.url);
      shops.push(b);
      menu = await loadMenu(a);
      adminCookie = await signIn(a, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
      owner = await newCustomer(a, 'Owner');
      other = await newCustomer(a, 'Other');
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

  /** A socket to process `shop`, with the Origin that process's PUBLIC_ORIGIN accepts. */
  async function connectTo(shop: ShopProcess, cookie: string | null): Promise<TestSocket> {
    const socket = await connectSocket(shop.url, { cookie, origin: shop.url });
    open.push(socket);
    return socket;
  }

  async function placeCashThroughA(): Promise<string> {
    const placed = await call<{ insertedId: string }>(a.url, 'POST', '/buy-product', {
      body: cashOrder([pizzaLine(menu)], owner.addressId),
      cookie: owner.cookie,
    });
    expect(placed.status, `placing a cash order through A: ${JSON.stringify(placed.body)}`).toBe(201);
    return placed.body.insertedId;
  }

  /** Waits for the event with a message that says which way it did not come. */
  async function arrives(socket: TestSocket, event: string, orderId: string, route: string): Promise<void> {
    try {
      await socket.waitFor(event, orderId, EVENT_MS);
    } catch (error) {
      throw new Error(
        `${route}: ${(error as Error).message}. Is the PostgreSQL adapter carrying emits between processes?\n--- A's output:\n${a.output()}\n--- B's output:\n${b.output()}`,
      );
    }
  }

  it('tells an admin connected to B about a cash order placed through A', async () => {
    const adminOnB = await connectTo(b, adminCookie);
    const ownerOnB = await connectTo(b, owner.cookie);
    const id = await placeCashThroughA();
    await arrives(adminOnB, ORDER_RECEIVED, id, 'order placed through A, admin socket on B');
    expect(eventsFor(adminOnB.received, id)).toEqual([ORDER_RECEIVED]);
    await ownerOnB.sync();
    expect(eventsFor(ownerOnB.received, id), 'a customer socket hears no order_received').toEqual([]);
  });

  it('tells the order’s customer on B about a status change made through A, and no other customer on B', async () => {
    const id = await placeCashThroughA();
    const ownerOnB = await connectTo(b, owner.cookie);
    const otherOnB = await connectTo(b, other.cookie);

    const changed = await call<{ modifiedCount: number }>(a.url, 'PUT', `/update-sell-products/${id}`, {
      body: { status: 'Approved Order' },
      cookie: adminCookie,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual({ modifiedCount: 1 });
    await arrives(ownerOnB, ORDER_UPDATED, id, 'status changed through A, owner socket on B');
    expect(ownerOnB.received).toEqual([{ event: ORDER_UPDATED, payload: { order_id: id } }]);

    // B sent the owner's event; a round trip on the other socket (to B) now brings anything B sent it before.
    await otherOnB.sync();
    expect(otherOnB.received, 'another customer on B hears nothing of this order').toEqual([]);
  });
});
