// What the PostgreSQL benchmarks set up and compute alike: signed-in customers written straight into the database
// (registration is rate-limited and hashes each password, as it should), the seeded Margherita they order, cash
// orders under autocannon, and latency percentiles.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { createDatabase } from '../../apps/server/src/db/client';
import { addresses, users } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/password';
import { createSession, SESSION_COOKIE } from '../../apps/server/src/modules/auth/session';
import { BENCH_NOW } from './shop';

export interface BenchCustomer {
  userId: string;
  /** `sid=<token>`, a session of its own. */
  cookie: string;
  /** '' when made `withAddress: false`. */
  addressId: string;
}

/**
 * `count` customers named `${name} ${i}` (email `${name.toLowerCase()}${i}@example.com` unless `email` says), each
 * with a session and, unless `withAddress` is false, an address, written into the migrated database at `target`.
 */
export async function createCustomers(
  target: string | { dataDir: string },
  opts: { count: number; name: string; email?: (i: number) => string; withAddress?: boolean },
): Promise<BenchCustomer[]> {
  const { count, name, email = (i: number) => `${name.toLowerCase()}${i}@example.com`, withAddress = true } = opts;
  // A PostgreSQL URL, or a stopped shop's DATA_DIR (its embedded database admits one process at a time).
  const database = await createDatabase(
    typeof target === 'string' ? { databaseUrl: target, dataDir: 'memory://' } : { dataDir: target.dataDir },
  );
  try {
    const passwordHash = await hashPassword('bench-customer-pass');
    const customers: BenchCustomer[] = [];
    for (let i = 0; i < count; i += 1) {
      const [user] = await database.db
        .insert(users)
        .values({ email: email(i), username: `${name} ${i}`, role: 'customer', passwordHash, createdAt: BENCH_NOW })
        .returning();
      if (!user) throw new Error('no user');
      let addressId = '';
      if (withAddress) {
        const [address] = await database.db
          .insert(addresses)
          .values({
            userId: user.id,
            firstname: name,
            lastname: `${i}`,
            email: email(i),
            phone: '07700900456',
            address: '1 Test Street',
            address2: '',
            city: 'Bristol',
            postcode: 'BS1 4DJ',
            createdAt: BENCH_NOW,
          })
          .returning();
        if (!address) throw new Error('no address');
        addressId = address.id;
      }
      const { token } = await createSession(database.db, user.id, BENCH_NOW);
      customers.push({ userId: user.id, cookie: `${SESSION_COOKIE}=${token}`, addressId });
    }
    return customers;
  } finally {
    await database.close();
  }
}

/** The seeded Margherita's id, from the menu `origin` serves. */
export async function margheritaId(origin: string): Promise<string> {
  const products = (await (await fetch(`${origin}/api/allproduts`)).json()) as Array<{ _id: string; title: string }>;
  const pizza = products.find((p) => p.title === 'Margherita');
  if (!pizza) throw new Error('no Margherita in the seed');
  return pizza._id;
}

/** The body of a cash order of two large pizzas of `productId`, as every benchmark customer places it. */
export function cashOrderBody(productId: string, addressId: string): string {
  return JSON.stringify({ items: [{ productId, quantity: 2, size: 'l' }], paymentType: 'Cash', addressId, note: '' });
}

/** `connections` connections placing cash orders at `origin` for `seconds`, the customers in turn, each with a new Idempotency-Key. */
export function placeOrders(
  origin: string,
  customers: BenchCustomer[],
  productId: string,
  seconds: number,
  connections: number,
): Promise<autocannon.Result> {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${origin}/api/buy-product`,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const customer = customers[n++ % customers.length] as BenchCustomer;
              return {
                ...req,
                headers: { 'content-type': 'application/json', cookie: customer.cookie, 'idempotency-key': randomUUID() },
                body: cashOrderBody(productId, customer.addressId),
              };
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

export interface LatencyFigures {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Percentiles of `values` (ms), by nearest rank, to a tenth. */
export function figures(values: number[]): LatencyFigures {
  const sorted = [...values].sort((x, y) => x - y);
  // Nearest rank: the smallest value with at least p% of the values at or below it.
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    count: sorted.length,
    p50: round(rank(50)),
    p95: round(rank(95)),
    p99: round(rank(99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}
