// Scale on PostgreSQL (decision 0701): orders a second and placement latency with ONE shop process and with TWO
// behind nginx, in one run on one database, and each process's memory (VmRSS) idle and under load.
// Three phases, each BENCH_SECONDS in all at 50 connections of signed-in customers placing cash orders (as
// order-placement.ts), run in two rounds (1 2 3, then 3 2 1) so that a change in the machine's other load weighs on
// all three alike:
//   1. one process, spoken to directly;
//   2. the same process behind nginx (deploy/nginx.conf.template), so nginx's own cost is seen apart;
//   3. two processes behind nginx, round-robin.
// Customers, sessions and addresses are written straight into the database; orders go through the real route with
// distinct Idempotency-Keys. Traffic goes to loopback only. Needs nginx (apt-get install -y nginx).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase } from '../apps/server/src/db/client';
import { addresses, users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/modules/auth/password';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/auth/session';
import { findNginx, startNginx, type RunningNginx } from '../apps/server/test/nginx-runner';

const ROOT = path.resolve(import.meta.dirname, '..');
const CUSTOMERS = 50;
const WARM_UP_SECONDS = 3;
const NOW = new Date('2026-11-18T18:00:00Z');

/** A port nothing listens on now: a fixed one could be another run's server, measured by mistake. */
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

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 450; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A shop process as it runs in production behind nginx: default log level, TRUST_PROXY naming nginx. */
function startShop(port: number, databaseUrl: string, publicOrigin: string): ChildProcess {
  const { LOG_LEVEL: _ignored, NODE_ENV: _alsoIgnored, ...env } = process.env;
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, PUBLIC_ORIGIN: publicOrigin, TRUST_PROXY: '127.0.0.1', SHOP_TIME: NOW.toISOString(), ADMIN_PASSWORD: 'bench-admin-pass' },
  });
}

async function stopShop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
}

/** Resident memory of a process in MB, from /proc/<pid>/status (VmRSS); null where /proc has no such process. */
function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

/** The highest RSS of each process while `work` runs, sampled every 100 ms. */
async function peakRss<T>(pids: Record<string, number | undefined>, work: () => Promise<T>): Promise<{ result: T; peakMb: Record<string, number | null> }> {
  const peakMb: Record<string, number | null> = Object.fromEntries(Object.keys(pids).map((name) => [name, null]));
  const sample = () => {
    for (const [name, pid] of Object.entries(pids)) {
      const mb = rssMb(pid);
      if (mb !== null) peakMb[name] = Math.max(peakMb[name] ?? 0, mb);
    }
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return { result, peakMb };
  } finally {
    clearInterval(timer);
  }
}

interface Customer {
  cookie: string;
  addressId: string;
}

function placeOrders(origin: string, customers: Customer[], productId: string, seconds: number, connections = CUSTOMERS): Promise<autocannon.Result> {
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
              const customer = customers[n++ % customers.length] as Customer;
              return {
                ...req,
                headers: { 'content-type': 'application/json', cookie: customer.cookie, 'idempotency-key': randomUUID() },
                body: JSON.stringify({ items: [{ productId, quantity: 2, size: 'l' }], paymentType: 'Cash', addressId: customer.addressId, note: '' }),
              };
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

export interface ScalePhase {
  processes: number;
  behindNginx: boolean;
  requests: number;
  non2xx: number;
  errors: number;
  /** Orders placed (answered 2xx) a second, over the phase's whole time. */
  rps: number;
  /** Milliseconds: the worse of the rounds. */
  p50: number;
  p99: number;
  /** Each round's orders a second (autocannon's average), in the order they ran. */
  roundsRps: number[];
  /** Highest VmRSS of each shop process during the phase, MB. */
  peakRssMb: Record<string, number | null>;
  /** Orders each process placed, from nginx's access log (behind nginx only). */
  servedBy?: Record<string, number>;
}

/** One phase's rounds as one figure: counts added, orders a second over the whole time, the worse p99 of the rounds. */
function combine(processes: number, behindNginx: boolean, rounds: Array<{ result: autocannon.Result; peakMb: Record<string, number | null> }>, seconds: number): ScalePhase {
  const peakRssMb: Record<string, number | null> = {};
  for (const { peakMb } of rounds) for (const [name, mb] of Object.entries(peakMb)) peakRssMb[name] = Math.max(peakRssMb[name] ?? 0, mb ?? 0) || null;
  const requests = rounds.reduce((sum, { result }) => sum + result.requests.total, 0);
  const non2xx = rounds.reduce((sum, { result }) => sum + result.non2xx, 0);
  return {
    processes,
    behindNginx,
    requests,
    non2xx,
    errors: rounds.reduce((sum, { result }) => sum + result.errors, 0),
    rps: Math.round(((requests - non2xx) / seconds) * 10) / 10,
    p50: Math.max(...rounds.map(({ result }) => result.latency.p50)),
    p99: Math.max(...rounds.map(({ result }) => result.latency.p99)),
    peakRssMb,
    roundsRps: rounds.map(({ result }) => Math.round(result.requests.average * 10) / 10),
  };
}

/** Orders (POST /api/buy-product answered 201) per process, named by `names` (host:port to name). */
function ordersPerProcess(accessLog: string, names: Record<string, string>): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(Object.values(names).map((name) => [name, 0]));
  for (const line of readFileSync(accessLog, 'utf8').split('\n')) {
    if (!line.includes('"POST /api/buy-product ') || !/" 201 /.test(line)) continue;
    const upstream = /upstream=(\S+)/.exec(line)?.[1]?.split(', ').at(-1) ?? '-';
    const name = names[upstream];
    if (name) counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

export async function benchScale(adminUrl: string, seconds: number) {
  const nginxPath = findNginx();
  if (!nginxPath) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const name = `shop_bench_scale_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-bench-scale-'));
  const shops: ChildProcess[] = [];
  const proxies: RunningNginx[] = [];
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  const origin = (port: number) => `http://127.0.0.1:${port}`;
  const [portA, portB, portNginxOne, portNginxTwo] = [await freePort(), await freePort(), await freePort(), await freePort()];
  // The machine's 1-minute load average before and after: these cores may be shared, and the figures with them.
  const loadBefore = Math.round((loadavg()[0] ?? 0) * 10) / 10;
  try {
    // Both processes serve the shop at the two-process nginx's origin, as a deployment would.
    const a = startShop(portA, databaseUrl, origin(portNginxTwo));
    shops.push(a);
    await waitFor(`${origin(portA)}/api/health`);
    database = await createDatabase({ databaseUrl, dataDir: 'memory://' });
    const passwordHash = await hashPassword('bench-customer-pass');
    const customers: Customer[] = [];
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const email = `scale${i}@example.com`;
      const [user] = await database.db.insert(users).values({ email, username: `Scale ${i}`, role: 'customer', passwordHash, createdAt: NOW }).returning();
      if (!user) throw new Error('no user');
      const [address] = await database.db
        .insert(addresses)
        .values({ userId: user.id, firstname: 'Scale', lastname: `${i}`, email, phone: '07700900456', address: '1 Test Street', address2: '', city: 'Bristol', postcode: 'BS1 4DJ', createdAt: NOW })
        .returning();
      if (!address) throw new Error('no address');
      const { token } = await createSession(database.db, user.id, NOW);
      customers.push({ cookie: `${SESSION_COOKIE}=${token}`, addressId: address.id });
    }
    const products = (await (await fetch(`${origin(portA)}/api/allproduts`)).json()) as Array<{ _id: string; title: string }>;
    const pizza = products.find((p) => p.title === 'Margherita');
    if (!pizza) throw new Error('no Margherita in the seed');

    // Idle: started, seeded, the menu read once, nothing else. Then warmed up (JIT, pools) before measuring.
    await sleep(1000);
    const idleA = rssMb(a.pid);
    const b = startShop(portB, databaseUrl, origin(portNginxTwo));
    shops.push(b);
    await waitFor(`${origin(portB)}/api/health`);
    await sleep(1000);
    const idleB = rssMb(b.pid);
    for (const port of [portA, portB]) await placeOrders(origin(port), customers, pizza._id, WARM_UP_SECONDS, 10);

    const nginxOne = await startNginx({ nginx: nginxPath, dir: path.join(dir, 'nginx-one'), port: portNginxOne, upstreams: [`127.0.0.1:${portA}`] });
    proxies.push(nginxOne);
    const nginxTwo = await startNginx({ nginx: nginxPath, dir: path.join(dir, 'nginx-two'), port: portNginxTwo, upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`] });
    proxies.push(nginxTwo);

    const targets = {
      oneDirect: { processes: 1, behindNginx: false, origin: origin(portA), pids: { A: a.pid } },
      oneBehindNginx: { processes: 1, behindNginx: true, origin: nginxOne.origin, pids: { A: a.pid } },
      twoBehindNginx: { processes: 2, behindNginx: true, origin: nginxTwo.origin, pids: { A: a.pid, B: b.pid } },
    };
    type Target = keyof typeof targets;
    // Two rounds, the second in the reverse order, each phase half the time in each: when the machine's other work
    // comes and goes during the run, it weighs on every phase alike rather than on whichever ran then.
    const half = Math.max(1, Math.round(seconds / 2));
    const rounds: Record<Target, Array<Awaited<ReturnType<typeof peakRss<autocannon.Result>>>>> = { oneDirect: [], oneBehindNginx: [], twoBehindNginx: [] };
    const order: Target[] = ['oneDirect', 'oneBehindNginx', 'twoBehindNginx'];
    for (const key of [...order, ...[...order].reverse()]) {
      const target = targets[key];
      rounds[key].push(await peakRss(target.pids, () => placeOrders(target.origin, customers, pizza._id, half)));
    }
    const combined = (key: Target): ScalePhase => combine(targets[key].processes, targets[key].behindNginx, rounds[key], 2 * half);
    const oneDirect = combined('oneDirect');
    const oneBehindNginx = combined('oneBehindNginx');
    const twoBehindNginx = { ...combined('twoBehindNginx'), servedBy: ordersPerProcess(nginxTwo.accessLog, { [`127.0.0.1:${portA}`]: 'A', [`127.0.0.1:${portB}`]: 'B' }) };

    return {
      seconds,
      connections: CUSTOMERS,
      cpus: availableParallelism(),
      loadAverage: { before: loadBefore, after: Math.round((loadavg()[0] ?? 0) * 10) / 10 },
      oneDirect,
      oneBehindNginx,
      twoBehindNginx,
      /** Two processes behind nginx against one behind nginx: orders a second. */
      speedup: Math.round((twoBehindNginx.rps / oneBehindNginx.rps) * 100) / 100,
      idleRssMb: { A: idleA, B: idleB },
    };
  } finally {
    for (const proxy of proxies) await proxy.stop();
    await Promise.all(shops.map(stopShop));
    await database?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}
