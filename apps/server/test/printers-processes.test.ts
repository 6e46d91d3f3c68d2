// Issue 24 (decision 1200): two real shop processes on one PostgreSQL database, both running the print dispatcher,
// and one simulated network printer (a TCP server in this test recording the bytes). Orders accepted through either
// process, and reprinted through both at once with one Idempotency-Key: every ticket comes out once, whichever
// process sends it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { call } from './account-test-client';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from './harness';
import { cashOrder, loadMenu, pizzaLine } from './order-fixtures';
import { createTestDatabase, startShop, tearDownShops, START_MS, STOP_MS, type ShopProcess, type TestDatabase } from './shop-process';
import { printedText, startTcpPrinter, type TcpPrinter } from './tcp-printer';
import { newCustomer, signInThrough } from './two-shops';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const ORDERS = 8;
/** dispatcher.ts logs this (at info) for each ticket a process sent. */
const PRINTED_LINE = 'ticket printed';

const SKIPPED = ADMIN_URL ? '' : ' (skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it)';
if (!ADMIN_URL) console.info(`printers-processes.test.ts: printing across two processes${SKIPPED}`);

describe.runIf(ADMIN_URL)(`kitchen tickets from two shop processes on one PostgreSQL database${SKIPPED}`, () => {
  let database: TestDatabase | undefined;
  const shops: ShopProcess[] = [];
  let printer: TcpPrinter | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(ADMIN_URL as string, 'shop_test_printers');
    // One starts first (it migrates and seeds), then the second.
    shops.push(await startShop('A', database.url, { LOG_LEVEL: 'info', RATE_LIMIT_MULTIPLIER: '10' }));
    shops.push(await startShop('B', database.url, { LOG_LEVEL: 'info', RATE_LIMIT_MULTIPLIER: '10' }));
    printer = await startTcpPrinter();
  }, 3 * START_MS);
  afterAll(
    async () => {
      await printer?.close();
      await tearDownShops({ shops, database });
    },
    2 * STOP_MS + 10_000,
  );

  it('prints each accepted order once and each reprint once, whichever process accepts, reprints or sends', async () => {
    const [a, b] = shops as [ShopProcess, ShopProcess];
    const tcp = printer as TcpPrinter;
    const db = database as TestDatabase;
    const adminA = await signInThrough(a, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    const adminB = await signInThrough(b, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    const added = await call<{ id: string }>(a.url, 'POST', '/printers', {
      body: { name: 'Kitchen', connection: { kind: 'tcp', host: '127.0.0.1', port: tcp.port } },
      cookie: adminA,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);

    const menu = await loadMenu(a);
    const customer = await newCustomer(a, 'Hungry');
    const placed: string[] = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const through = i % 2 === 0 ? a : b;
      const order = await call<{ insertedId: string }>(through.url, 'POST', '/buy-product', {
        body: cashOrder([pizzaLine(menu)], customer.addressId),
        cookie: customer.cookie,
      });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      placed.push(order.body.insertedId);
    }
    // Accepted half through each process, two at a time.
    await Promise.all(
      placed.map(async (id, i) => {
        const [shop, cookie] = i % 2 === 0 ? [a, adminA] : [b, adminB];
        const accepted = await call(shop.url, 'PUT', `/update-sell-products/${id}`, { body: { status: 'Approved Order' }, cookie });
        expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      }),
    );
    await tcp.waitForCuts(ORDERS, 60_000);

    // Reprint each order through both processes at the same moment with one key: one job, one ticket.
    const reprints = await Promise.all(
      placed.map(async (id) => {
        const key = `reprint-${id}`;
        const [fromA, fromB] = await Promise.all(
          [
            [a, adminA],
            [b, adminB],
          ].map(async ([shop, cookie]) => {
            const response = await fetch(`${(shop as ShopProcess).url}/api/orders/${id}/print`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: cookie as string, 'idempotency-key': key },
              body: '{}',
            });
            return { status: response.status, body: (await response.json()) as { jobs: Array<{ id: string }> } };
          }),
        );
        return { id, fromA: fromA as NonNullable<typeof fromA>, fromB: fromB as NonNullable<typeof fromB> };
      }),
    );
    for (const { fromA, fromB } of reprints) {
      expect([fromA.status, fromB.status], JSON.stringify([fromA.body, fromB.body])).toEqual([202, 202]);
      expect(fromA.body.jobs.map((job) => job.id)).toEqual(fromB.body.jobs.map((job) => job.id));
    }
    await tcp.waitForCuts(2 * ORDERS, 60_000);

    // Both processes' dispatchers tick every second: give them a few more chances to print anything twice.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(tcp.cuts()).toBe(2 * ORDERS);
    const text = tcp.text();
    for (const id of placed) expect(text.split(`#${displayOrderId(id)}`).length - 1, `order ${id}`).toBe(2);
    const jobs = await db.query<{ status: string; attempts: number; n: string }>(
      `select status, attempts, count(*) as n from print_jobs group by status, attempts`,
    );
    expect(jobs.map((row) => ({ status: row.status, attempts: row.attempts, n: Number(row.n) }))).toEqual([
      { status: 'printed', attempts: 1, n: 2 * ORDERS },
    ]);
    // One line per ticket across both processes; each process sent some (they race for every job).
    const lines = shops.map(
      (shop) =>
        shop
          .output()
          .split('\n')
          .filter((line) => line.includes(PRINTED_LINE)).length,
    );
    expect((lines[0] ?? 0) + (lines[1] ?? 0)).toBe(2 * ORDERS);
    expect(tcp.sessions.every((bytes) => printedText(bytes).includes('CASH DUE'))).toBe(true);
  }, 240_000);
});
