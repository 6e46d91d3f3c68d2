// Two real shop processes on one fresh PostgreSQL database, as the several-process suites start them: A and B, the
// seeded menu, the admin signed in through A, customers signed up through the real route, sockets to either process
// closed after each test, and everything torn down after the suite.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { call } from './account-test-client';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from './harness';
import { ADDRESS, loadMenu, type Menu } from './order-fixtures';
import { createTestDatabase, startShop, tearDownShops, START_MS, STOP_MS, type ShopProcess, type TestDatabase } from './shop-process';
import { connectSocket, type TestSocket } from './socket-client';

/** A customer signed in through a shop process, with one address. */
export interface ProcessCustomer {
  cookie: string;
  addressId: string;
}

/** The session cookie of `email`, signed in through `shop`'s real login route. */
export async function signInThrough(shop: ShopProcess, email: string, password: string): Promise<string> {
  const answer = await call(shop.url, 'POST', '/login/', { body: { email, password } });
  if (answer.status !== 200 || !answer.cookie)
    throw new Error(`sign-in of ${email} through ${shop.name} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.cookie;
}

/** A new customer, registered through `shop`'s real sign-up route, with one address. */
export async function newCustomer(shop: ShopProcess, username: string): Promise<ProcessCustomer> {
  const email = `${username.toLowerCase()}-${randomBytes(3).toString('hex')}@example.com`;
  const registered = await call(shop.url, 'POST', '/register/', { body: { username, email, password: 'a-Strong-password-1' } });
  if (registered.status !== 201 || !registered.cookie)
    throw new Error(`sign-up through ${shop.name} answered ${registered.status} ${JSON.stringify(registered.body)}`);
  const address = await call<{ insertedId: string }>(shop.url, 'POST', '/address-collection', { body: ADDRESS, cookie: registered.cookie });
  if (address.status !== 201) throw new Error(`address not added: ${address.status} ${JSON.stringify(address.body)}`);
  return { cookie: registered.cookie, addressId: address.body.insertedId };
}

export interface TwoShops {
  a: ShopProcess;
  b: ShopProcess;
  menu: Menu;
  /** The admin's session, signed in through A. */
  adminCookie: string;
  /** The database both use, for a suite that checks what was written. */
  databaseUrl: string;
  /** A socket to `shop` (signed in with `cookie`, or a visitor's), with the Origin its PUBLIC_ORIGIN accepts; closed after the test. */
  connect(shop: ShopProcess, cookie?: string | null): Promise<TestSocket>;
}

/**
 * Call inside the suite's `describe`: its hooks start A and B on a new database `databaseName` on the server at
 * `adminUrl` (with `env` added to their environment) before the tests and stop them after. The answer's fields are there once the suite's tests run.
 */
export function useTwoShops(adminUrl: string, databaseName: string, env: Record<string, string> = {}): TwoShops {
  let database: TestDatabase | undefined;
  const shops: ShopProcess[] = [];
  const open: TestSocket[] = [];
  const two = {
    async connect(shop: ShopProcess, cookie: string | null = null) {
      const socket = await connectSocket(shop.url, { cookie, origin: shop.url });
      open.push(socket);
      return socket;
    },
  } as TwoShops;

  beforeAll(
    async () => {
      database = await createTestDatabase(adminUrl, databaseName);
      // One after the other: the first migrates and seeds the empty database, the second finds it ready.
      two.databaseUrl = database.url;
      two.a = await startShop('A', database.url, env);
      shops.push(two.a);
      two.b = await startShop('B', database.url, env);
      shops.push(two.b);
      two.menu = await loadMenu(two.a);
      two.adminCookie = await signInThrough(two.a, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
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
  return two;
}
