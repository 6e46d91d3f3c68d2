// Load (issue 12, point 7): LOAD_CUSTOMERS simulated customers (default 200), each with an account and an address,
// place cash orders at once, each customer one after the other without pause, for LOAD_SECONDS (default 60), every
// order with an Idempotency-Key of its own, against one shop process on a fresh PostgreSQL database. Then the
// database is checked against what the customers were told: every acknowledged order (201) is there exactly once,
// under its key, at the total its cart was quoted, and the database's total of those orders is the sum of the
// acknowledged totals. Reports orders/s, latency percentiles and the answers by status.
// Accounts and sessions are written straight into the database, as in order-placement.ts (registration is
// rate-limited and hashes each password, as it should); addresses go through the real route. Loopback only.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { seededRandom } from '../apps/server/src/db/seed/seeded-random';
import { createCustomers, figures } from './lib/setup';
import { createTestDatabase, startBenchShop, stopShop, type ShopProcess } from './lib/shop';

const PORT = 3406;
const ORIGIN = `http://127.0.0.1:${PORT}`;
/** How long the orders still being answered when the time is up may take before the run counts them as lost. */
const FINISH_MS = 30_000;
/** Carts the customers choose from, each quoted by the server once before the run. */
const CART_COUNT = 40;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

function call(agent: Agent, method: string, path: string, opts: { body?: unknown; cookie?: string; key?: string } = {}): Promise<Answer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.key) headers['idempotency-key'] = opts.key;
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port: PORT, path: `/api${path}`, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          // not JSON: kept as text
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

type CartLine = { productId: string; quantity: number; size?: 's' | 'm' | 'l' | 'xl'; toppingIds?: string[] };
interface Cart {
  items: CartLine[];
  /** The server's quote of this cart, in pence. */
  totalPence: number;
}

/** CART_COUNT carts of one to three lines from the menu (no deals), each quoted by the server and at least the minimum. */
async function quotedCarts(agent: Agent): Promise<Cart[]> {
  const products = (await call(agent, 'GET', '/allproduts')).body as Array<
    Record<string, unknown> & { _id: string; category: string; dealSlots: unknown }
  >;
  const toppings = (await call(agent, 'GET', '/ingredients')).body as Array<{ _id: string; category: string }>;
  const sizeFields = { s: 'regularDiscount', m: 'mediumDiscount', l: 'largeDiscount', xl: 'extraLargeDiscount' } as const;
  const sellable = products
    .filter((p) => !p.dealSlots)
    .map((p) => ({
      id: p._id,
      category: p.category,
      sizes: (Object.keys(sizeFields) as Array<keyof typeof sizeFields>).filter((s) => p[sizeFields[s]] !== '' && p[sizeFields[s]] != null),
    }))
    .filter((p) => p.sizes.length > 0);
  const pizzaToppings = toppings.filter((t) => t.category === 'Pizza').map((t) => t._id);
  const random = seededRandom(12);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
  const carts: Cart[] = [];
  for (let attempt = 0; carts.length < CART_COUNT && attempt < CART_COUNT * 10; attempt += 1) {
    const items: CartLine[] = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
      const product = pick(sellable);
      const line: CartLine = { productId: product.id, quantity: 1 + Math.floor(random() * 3), size: pick(product.sizes) };
      if (product.category === 'Pizza' && random() < 0.5) line.toppingIds = [pick(pizzaToppings)];
      return line;
    });
    const quote = await call(agent, 'POST', '/cart/quote', { body: { items } });
    const answer = quote.body as { total?: number; meetsMinimum?: boolean };
    if (quote.status === 200 && answer.meetsMinimum && typeof answer.total === 'number')
      carts.push({ items, totalPence: Math.round(answer.total * 100) });
  }
  if (carts.length < CART_COUNT) throw new Error(`only ${carts.length} of ${CART_COUNT} carts could be priced from the seeded menu`);
  return carts;
}

interface Placed {
  key: string;
  orderId: string;
  totalPence: number;
}

export async function benchLoadOrders(adminUrl: string, opts: { seconds?: number; customers?: number } = {}) {
  const seconds = opts.seconds ?? Number(process.env.LOAD_SECONDS ?? 60);
  const customerCount = opts.customers ?? Number(process.env.LOAD_CUSTOMERS ?? 200);
  if (!(seconds > 0 && seconds <= 600)) throw new Error(`LOAD_SECONDS must be from 1 to 600, got ${seconds}`);
  if (!(Number.isInteger(customerCount) && customerCount > 0 && customerCount <= 1000))
    throw new Error(`LOAD_CUSTOMERS must be a whole number from 1 to 1000, got ${customerCount}`);

  const database = await createTestDatabase(adminUrl, 'shop_bench_load');
  const agent = new Agent({ keepAlive: true, maxSockets: customerCount + 10 });
  let shop: ShopProcess | undefined;
  try {
    shop = await startBenchShop('load', { port: PORT, databaseUrl: database.url, publicOrigin: ORIGIN });
    const tag = Date.now().toString(36);
    // Addresses through the real route, below.
    const customers = await createCustomers(database.url, {
      count: customerCount,
      name: 'Load',
      email: (i) => `load${i}-${tag}@example.com`,
      withAddress: false,
    });
    await Promise.all(
      customers.map(async (customer, i) => {
        const address = await call(agent, 'POST', '/address-collection', {
          cookie: customer.cookie,
          body: {
            firstname: 'Load',
            lastname: `${i}`,
            Email: `load${i}@example.com`,
            phone: '07700900456',
            address: '1 Test Street',
            city: 'Bristol',
            postcode: 'BS1 4DJ',
          },
        });
        if (address.status !== 201) throw new Error(`address not added: ${address.status} ${JSON.stringify(address.body)}`);
        customer.addressId = (address.body as { insertedId: string }).insertedId;
      }),
    );
    const carts = await quotedCarts(agent);

    const placed: Placed[] = [];
    const latencies: number[] = [];
    const byStatus: Record<string, number> = {};
    const errorSamples: string[] = [];
    let networkErrors = 0;
    let sent = 0;
    const random = seededRandom(34);
    const started = performance.now();
    const endsAt = started + seconds * 1000;
    const customerLoop = async (customer: (typeof customers)[number]) => {
      while (performance.now() < endsAt) {
        const cart = carts[Math.floor(random() * carts.length)] as Cart;
        const key = `load-${randomUUID()}`;
        const at = performance.now();
        sent += 1;
        try {
          const answer = await call(agent, 'POST', '/buy-product', {
            cookie: customer.cookie,
            key,
            body: { items: cart.items, paymentType: 'Cash', addressId: customer.addressId, note: '' },
          });
          latencies.push(performance.now() - at);
          byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
          if (answer.status === 201)
            placed.push({ key, orderId: (answer.body as { insertedId: string }).insertedId, totalPence: cart.totalPence });
          else if (errorSamples.length < 5) errorSamples.push(`${answer.status} ${JSON.stringify(answer.body)}`);
        } catch (error) {
          networkErrors += 1;
          if (errorSamples.length < 5) errorSamples.push((error as Error).message);
        }
      }
    };
    const finished = Promise.all(customers.map(customerLoop));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), seconds * 1000 + FINISH_MS);
    });
    const inTime = await Promise.race([finished.then(() => true), late]);
    clearTimeout(timer);
    const elapsed = (performance.now() - started) / 1000;
    if (!inTime) throw new Error(`orders still unanswered ${FINISH_MS / 1000} s after the end of the run`);

    // What the database holds, against what the customers were told.
    const ids = placed.map((p) => p.orderId);
    const rows = await database.query<{ id: string; total: number }>('select id, total from orders where id = any($1)', [ids]);
    const totals = new Map(rows.map((row) => [row.id, row.total]));
    const keys = new Map(
      (
        await database.query<{ key: string; order_id: string }>('select key, order_id from idempotency_keys where key = any($1)', [
          placed.map((p) => p.key),
        ])
      ).map((row) => [row.key, row.order_id]),
    );
    const userIds = customers.map((c) => c.userId);
    const all = (
      await database.query<{ count: number; total: number | null }>(
        'select count(*)::int as count, sum(total)::bigint as total from orders where user_id = any($1)',
        [userIds],
      )
    )[0];
    const withoutHistory = (
      await database.query<{ count: number }>(
        'select count(*)::int as count from orders o where not exists (select 1 from order_status_history h where h.order_id = o.id)',
      )
    )[0]?.count;
    const acknowledgedTotal = placed.reduce((sum, p) => sum + p.totalPence, 0);
    const databaseTotal = [...new Set(ids)].reduce((sum, id) => sum + (totals.get(id) ?? 0), 0);
    const verified = {
      acknowledged: placed.length,
      distinctIds: new Set(ids).size,
      foundOnce: rows.length,
      missing: ids.filter((id) => !totals.has(id)).length,
      keyMismatches: placed.filter((p) => keys.get(p.key) !== p.orderId).length,
      totalMismatches: placed.filter((p) => totals.get(p.orderId) !== p.totalPence).length,
      acknowledgedTotalPence: acknowledgedTotal,
      databaseTotalPence: databaseTotal,
      ordersInDatabase: all?.count ?? 0,
      allOrdersTotalPence: Number(all?.total ?? 0),
      withoutHistory: withoutHistory ?? 0,
    };
    const fiveXx = Object.entries(byStatus)
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, n]) => sum + n, 0);
    const ok =
      verified.distinctIds === placed.length &&
      verified.foundOnce === placed.length &&
      verified.missing === 0 &&
      verified.keyMismatches === 0 &&
      verified.totalMismatches === 0 &&
      verified.acknowledgedTotalPence === verified.databaseTotalPence &&
      verified.ordersInDatabase === placed.length &&
      verified.withoutHistory === 0 &&
      fiveXx === 0 &&
      networkErrors === 0;
    return {
      customers: customerCount,
      seconds: Math.round(elapsed * 10) / 10,
      requests: sent,
      orders: placed.length,
      ordersPerSecond: Math.round((placed.length / elapsed) * 10) / 10,
      latencyMs: figures(latencies),
      byStatus,
      fiveXx,
      networkErrors,
      errorSamples,
      verified,
      ok,
    };
  } finally {
    agent.destroy();
    if (shop) await stopShop(shop);
    await database.drop();
  }
}
