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
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { findNginx, startNginx, type RunningNginx } from '../apps/server/test/nginx-runner';
import { createCustomers, margheritaId, placeOrders } from './lib/setup';
import { createTestDatabase, freePort, startBenchShop, tearDownShops, type ShopProcess, type TestDatabase } from './lib/shop';

const CUSTOMERS = 50;
const WARM_UP_SECONDS = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A shop process as it runs in production behind nginx: default log level, TRUST_PROXY naming nginx. */
function startShop(name: string, port: number, databaseUrl: string, publicOrigin: string): Promise<ShopProcess> {
  return startBenchShop(name, { port, databaseUrl, publicOrigin, env: { TRUST_PROXY: '127.0.0.1' } });
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
async function peakRss<T>(
  pids: Record<string, number | undefined>,
  work: () => Promise<T>,
): Promise<{ result: T; peakMb: Record<string, number | null> }> {
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
function combine(
  processes: number,
  behindNginx: boolean,
  rounds: Array<{ result: autocannon.Result; peakMb: Record<string, number | null> }>,
  seconds: number,
): ScalePhase {
  const peakRssMb: Record<string, number | null> = {};
  for (const { peakMb } of rounds)
    for (const [name, mb] of Object.entries(peakMb)) peakRssMb[name] = Math.max(peakRssMb[name] ?? 0, mb ?? 0) || null;
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
  let database: TestDatabase | undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-bench-scale-'));
  const shops: ShopProcess[] = [];
  const proxies: RunningNginx[] = [];
  const origin = (port: number) => `http://127.0.0.1:${port}`;
  const [portA, portB, portNginxOne, portNginxTwo] = [await freePort(), await freePort(), await freePort(), await freePort()];
  // The machine's 1-minute load average before and after: these cores may be shared, and the figures with them.
  const loadBefore = Math.round((loadavg()[0] ?? 0) * 10) / 10;
  try {
    database = await createTestDatabase(adminUrl, 'shop_bench_scale');
    // Both processes serve the shop at the two-process nginx's origin, as a deployment would.
    const a = await startShop('A', portA, database.url, origin(portNginxTwo));
    shops.push(a);
    const customers = await createCustomers(database.url, { count: CUSTOMERS, name: 'Scale' });
    const pizzaId = await margheritaId(origin(portA));

    // Idle: started, seeded, the menu read once, nothing else. Then warmed up (JIT, pools) before measuring.
    await sleep(1000);
    const idleA = rssMb(a.child.pid);
    const b = await startShop('B', portB, database.url, origin(portNginxTwo));
    shops.push(b);
    await sleep(1000);
    const idleB = rssMb(b.child.pid);
    for (const port of [portA, portB]) await placeOrders(origin(port), customers, pizzaId, WARM_UP_SECONDS, 10);

    const nginxOne = await startNginx({
      nginx: nginxPath,
      dir: path.join(dir, 'nginx-one'),
      port: portNginxOne,
      upstreams: [`127.0.0.1:${portA}`],
    });
    proxies.push(nginxOne);
    const nginxTwo = await startNginx({
      nginx: nginxPath,
      dir: path.join(dir, 'nginx-two'),
      port: portNginxTwo,
      upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`],
    });
    proxies.push(nginxTwo);

    const targets = {
      oneDirect: { processes: 1, behindNginx: false, origin: origin(portA), pids: { A: a.child.pid } },
      oneBehindNginx: { processes: 1, behindNginx: true, origin: nginxOne.origin, pids: { A: a.child.pid } },
      twoBehindNginx: { processes: 2, behindNginx: true, origin: nginxTwo.origin, pids: { A: a.child.pid, B: b.child.pid } },
    };
    type Target = keyof typeof targets;
    // Two rounds, the second in the reverse order, each phase half the time in each: when the machine's other work
    // comes and goes during the run, it weighs on every phase alike rather than on whichever ran then.
    const half = Math.max(1, Math.round(seconds / 2));
    const rounds: Record<Target, Array<Awaited<ReturnType<typeof peakRss<autocannon.Result>>>>> = {
      oneDirect: [],
      oneBehindNginx: [],
      twoBehindNginx: [],
    };
    const order: Target[] = ['oneDirect', 'oneBehindNginx', 'twoBehindNginx'];
    for (const key of [...order, ...[...order].reverse()]) {
      const target = targets[key];
      rounds[key].push(await peakRss(target.pids, () => placeOrders(target.origin, customers, pizzaId, half, CUSTOMERS)));
    }
    const combined = (key: Target): ScalePhase => combine(targets[key].processes, targets[key].behindNginx, rounds[key], 2 * half);
    const oneDirect = combined('oneDirect');
    const oneBehindNginx = combined('oneBehindNginx');
    const twoBehindNginx = {
      ...combined('twoBehindNginx'),
      servedBy: ordersPerProcess(nginxTwo.accessLog, { [`127.0.0.1:${portA}`]: 'A', [`127.0.0.1:${portB}`]: 'B' }),
    };

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
    await tearDownShops({ proxies, shops, database, dir });
  }
}
