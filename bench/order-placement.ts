// Order placement on PostgreSQL: 50 signed-in customers placing cash orders at once for BENCH_SECONDS.
// Customers, sessions and addresses are written straight into the database (registration is rate-limited,
// as it should be); the orders go through the real HTTP route with distinct Idempotency-Keys.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase } from '../apps/server/src/db/client';
import { addresses, users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/modules/auth/password';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/auth/session';

const ROOT = path.resolve(import.meta.dirname, '..');
const CUSTOMERS = 50;

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

export async function benchOrderPlacement(adminUrl: string, seconds: number) {
  const name = `shop_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const port = 3403;
  const now = new Date('2026-11-18T18:00:00Z');
  // BENCH_SERVER_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', profiles the server under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // The server's default log level (info), as a shop runs it: nothing may log per order at that level.
  const { LOG_LEVEL: _ignored, NODE_ENV: _alsoIgnored, ...env } = process.env;
  const shop = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SHOP_TIME: now.toISOString(), ADMIN_PASSWORD: 'bench-admin-pass' },
  });
  const database = await createDatabase({ databaseUrl, dataDir: 'memory://' });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`);
    const passwordHash = await hashPassword('bench-customer-pass');
    const customers: Array<{ cookie: string; addressId: string; email: string }> = [];
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const email = `bench${i}@example.com`;
      const [user] = await database.db.insert(users).values({ email, username: `Bench ${i}`, role: 'customer', passwordHash, createdAt: now }).returning();
      if (!user) throw new Error('no user');
      const [address] = await database.db
        .insert(addresses)
        .values({ userId: user.id, firstname: 'Bench', lastname: `${i}`, email, phone: '07700900456', address: '1 Test Street', address2: '', city: 'Bristol', postcode: 'BS1 4DJ', createdAt: now })
        .returning();
      if (!address) throw new Error('no address');
      const { token } = await createSession(database.db, user.id, now);
      customers.push({ cookie: `${SESSION_COOKIE}=${token}`, addressId: address.id, email });
    }
    const products = (await (await fetch(`http://127.0.0.1:${port}/api/allproduts`)).json()) as Array<{ _id: string; title: string }>;
    const pizza = products.find((p) => p.title === 'Margherita');
    if (!pizza) throw new Error('no Margherita in the seed');
    let n = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: `http://127.0.0.1:${port}/api/buy-product`,
          connections: CUSTOMERS,
          duration: seconds,
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => {
                const c = customers[n++ % CUSTOMERS]!;
                return {
                  ...req,
                  headers: { 'content-type': 'application/json', cookie: c.cookie, 'idempotency-key': randomUUID() },
                  body: JSON.stringify({ items: [{ productId: pizza._id, quantity: 2, size: 'l' }], paymentType: 'Cash', addressId: c.addressId, note: '' }),
                };
              },
            },
          ],
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
    });
    return { requests: result.requests.total, non2xx: result.non2xx, errors: result.errors, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  } finally {
    shop.kill('SIGTERM');
    await new Promise((r) => shop.once('exit', r));
    await database.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}
