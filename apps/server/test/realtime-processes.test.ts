// Live orders across two real shop processes on one PostgreSQL database: an event caused by a request to one
// process reaches the sockets connected to the other, which only @socket.io/postgres-adapter can carry.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_RECEIVED, ORDER_UPDATED } from '@shop/shared/contract/realtime';
import { call } from './account-test-client';
import { DEFAULT_SHOP_TIME, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from './harness';
import { ADDRESS, cashOrder, pizzaLine, type Menu } from './order-fixtures';
import { connectSocket, eventsFor, type TestSocket } from './socket-client';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const ADMIN_URL = process.env.TEST_DATABASE_URL;
/** A shop process migrates, seeds and LISTENs before it serves; on 2 busy cores that can take a while. */
const START_MS = 90_000;
/** One event's way from one process through PostgreSQL to the other's socket: milliseconds when it works. */
const EVENT_MS = 5000;
const STOP_MS = 10_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A fresh database on the TEST_DATABASE_URL server, as the harness makes them, dropped by `drop`. */
async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_test_procs_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

interface ShopProcess {
  name: string;
  url: string;
  child: ChildProcess;
  output(): string;
}

/** Starts `node --import tsx apps/server/src/main.ts` as a shop does, and resolves once it serves /api/health. */
async function startShop(name: string, databaseUrl: string): Promise<ShopProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      // Each process's own origin: the socket handshake accepts an Origin equal to it and nothing else.
      PUBLIC_ORIGIN: url,
      SHOP_TIME: DEFAULT_SHOP_TIME,
      ADMIN_EMAIL: TEST_ADMIN_EMAIL,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const shop = { name, url, child, output: () => output };
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`shop ${name} exited with ${child.exitCode} before serving:\n${output}`);
    const status = await fetch(`${url}/api/health`).then((r) => r.status, () => 0);
    if (status === 200) return shop;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopShop(shop);
  throw new Error(`shop ${name} did not serve ${url}/api/health within ${START_MS} ms:\n${output}`);
}

/** SIGTERM, then SIGKILL if it has not gone within STOP_MS. */
async function stopShop(shop: ShopProcess): Promise<void> {
  const { child } = shop;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
  await gone;
  clearTimeout(timer);
}

async function signIn(shop: ShopProcess, email: string, password: string): Promise<string> {
  const answer = await call(shop.url, 'POST', '/login/', { body: { email, password } });
  if (answer.status !== 200 || !answer.cookie) throw new Error(`sign-in of ${email} through ${shop.name} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.cookie;
}

/** A new customer, registered through the shop's real sign-up route, with one address. */
async function newCustomer(shop: ShopProcess, username: string): Promise<{ cookie: string; addressId: string }> {
  const email = `${username.toLowerCase()}-${randomBytes(3).toString('hex')}@example.com`;
  const registered = await call(shop.url, 'POST', '/register/', { body: { username, email, password: 'a-Strong-password-1' } });
  if (registered.status !== 201 || !registered.cookie) throw new Error(`sign-up through ${shop.name} answered ${registered.status} ${JSON.stringify(registered.body)}`);
  const address = await call<{ insertedId: string }>(shop.url, 'POST', '/address-collection', { body: ADDRESS, cookie: registered.cookie });
  if (address.status !== 201) throw new Error(`address not added: ${address.status} ${JSON.stringify(address.body)}`);
  return { cookie: registered.cookie, addressId: address.body.insertedId };
}

async function loadMenu(shop: ShopProcess): Promise<Menu> {
  const products = (await (await fetch(`${shop.url}/api/allproduts`)).json()) as Array<{ _id: string; title: string }>;
  const toppings = (await (await fetch(`${shop.url}/api/ingredients`)).json()) as Array<{ _id: string; ToopingName: string }>;
  const need = (id: string | undefined, what: string) => {
    if (!id) throw new Error(`the seed has no ${what}`);
    return id;
  };
  return {
    product: (title) => need(products.find((p) => p.title === title)?._id, title),
    topping: (name) => need(toppings.find((t) => t.ToopingName === name)?._id, name),
  };
}

// Like the other PostgreSQL suites, this one runs only where TEST_DATABASE_URL names a server (CI sets it).
const SKIPPED = ADMIN_URL ? '' : ' (skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it)';
if (!ADMIN_URL) console.info(`realtime-processes.test.ts: two-process live orders${SKIPPED}`);

describe.runIf(ADMIN_URL)(`live orders across two shop processes on one PostgreSQL database${SKIPPED}`, () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  const shops: ShopProcess[] = [];
  let a: ShopProcess;
  let b: ShopProcess;
  let menu: Menu;
  let adminCookie: string;
  let owner: { cookie: string; addressId: string };
  let other: { cookie: string; addressId: string };
  const open: TestSocket[] = [];

  beforeAll(async () => {
    database = await createDatabase(ADMIN_URL as string);
    // One after the other: the first migrates and seeds the empty database, the second finds it ready.
    a = await startShop('A', database.url);
    shops.push(a);
    b = await startShop('B', database.url);
    shops.push(b);
    menu = await loadMenu(a);
    adminCookie = await signIn(a, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    owner = await newCustomer(a, 'Owner');
    other = await newCustomer(a, 'Other');
  }, 2 * START_MS + 30_000);

  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });

  afterAll(async () => {
    await Promise.all(shops.map(stopShop));
    await database?.drop();
  }, 2 * STOP_MS + 10_000);

  /** A socket to process `shop`, with the Origin that process's PUBLIC_ORIGIN accepts. */
  async function connectTo(shop: ShopProcess, cookie: string | null): Promise<TestSocket> {
    const socket = await connectSocket(shop.url, { cookie, origin: shop.url });
    open.push(socket);
    return socket;
  }

  async function placeCashThroughA(): Promise<string> {
    const placed = await call<{ insertedId: string }>(a.url, 'POST', '/buy-product', { body: cashOrder([pizzaLine(menu)], owner.addressId), cookie: owner.cookie });
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

    const changed = await call<{ modifiedCount: number }>(a.url, 'PUT', `/update-sell-products/${id}`, { body: { status: 'Approved Order' }, cookie: adminCookie });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual({ modifiedCount: 1 });
    await arrives(ownerOnB, ORDER_UPDATED, id, 'status changed through A, owner socket on B');
    expect(ownerOnB.received).toEqual([{ event: ORDER_UPDATED, payload: { order_id: id } }]);

    // B sent the owner's event; a round trip on the other socket (to B) now brings anything B sent it before.
    await otherOnB.sync();
    expect(otherOnB.received, 'another customer on B hears nothing of this order').toEqual([]);
  });
});
