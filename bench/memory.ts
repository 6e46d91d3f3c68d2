// Memory of one shop process (issue 23 point 5, decision 1102): the compiled server (apps/server/dist/main.js, what
// `npm run serve` and the production image run) on the embedded PGlite, the default a small shop runs, and on
// PostgreSQL beside it. Resident memory only (VmRSS and VmHWM from /proc/<pid>/status), which a busy machine moves far
// less than it moves timings. For each database:
//   1. a first start on an empty database (a fresh DATA_DIR, or a fresh PostgreSQL database): the peak while it
//      migrates and seeds (drawing and encoding the menu's pictures with sharp) until it serves, then idle after it;
//   2. BENCH_CUSTOMERS customers written into that database while the shop is stopped (PGlite admits one process);
//   3. a restart on it (the usual start): its peak, then idle after it;
//   4. the orders bench's load (50 signed-in customers placing cash orders for BENCH_SECONDS): the peak under it,
//      from VmHWM once reset (`5` written to /proc/<pid>/clear_refs) and from samples every 50 ms.
// Idle is VmRSS IDLE_MS after the shop first answers /api/health.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCustomers, margheritaId, placeOrders } from './lib/setup';
import { createTestDatabase, startBenchShop, stopShop, type ShopProcess, type TestDatabase } from './lib/shop';

const CUSTOMERS = 50;
const IDLE_MS = 3000;
const ROOT = path.resolve(import.meta.dirname, '..');
/** What `npm run build` makes and `npm run serve` runs. */
export const COMPILED_SERVER = path.join(ROOT, 'apps/server/dist/main.js');

/** The node flags of `npm run serve` and the image's CMD, before --enable-source-maps (decision 1102). */
export const SERVE_NODE_ARGS = ['--liftoff-only', '--max-semi-space-size=4'];
const arenas = process.env.BENCH_MALLOC_ARENA_MAX ?? '2';
const MALLOC_ENV: Record<string, string> = arenas === 'default' ? {} : { MALLOC_ARENA_MAX: arenas };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS and VmHWM of a process, MB to a tenth; null once it has gone. */
export function memoryMb(pid: number | undefined): { rss: number; hwm: number } | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? Number.NaN);
    const mb = (value: number) => Math.round(value / 102.4) / 10;
    return { rss: mb(kb('VmRSS')), hwm: mb(kb('VmHWM')) };
  } catch {
    return null;
  }
}

/** CPU time (user and system) a process has used, in ms; NaN once it has gone. */
function cpuMs(pid: number): number {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat (utime, stime) in clock ticks, 100 a second on Linux; after the name.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Sets a process's VmHWM back to its VmRSS (Linux 4.0 and later); false where the kernel refuses. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The highest VmRSS of `pid` while `work` runs: sampled every 50 ms and, where it could be reset first, VmHWM. */
async function peakDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  const hwmReset = resetPeak(pid);
  let peak = memoryMb(pid)?.rss ?? 0;
  const timer = setInterval(() => (peak = Math.max(peak, memoryMb(pid)?.rss ?? 0)), 50);
  try {
    const result = await work();
    const now = memoryMb(pid);
    return { result, peakMb: Math.max(peak, now?.rss ?? 0, hwmReset ? (now?.hwm ?? 0) : 0) };
  } finally {
    clearInterval(timer);
  }
}

export interface MemoryFigures {
  /** process.version of the shop (the bench's own node runs it), and its database. */
  node: string;
  database: 'pglite' | 'postgres';
  /** The shop's node flags (before --enable-source-maps) and MALLOC_ARENA_MAX ('default': glibc's own). */
  nodeArgs: string[];
  mallocArenaMax: string;
  /** MB: VmHWM once the first start on an empty database serves, and VmRSS IDLE_MS later. */
  firstStartPeakMb: number;
  firstStartIdleMb: number;
  /** MB: the same for a restart on that database. */
  restartPeakMb: number;
  restartIdleMb: number;
  /** MB: the highest VmRSS under the orders load, and VmRSS when it ends. */
  ordersPeakMb: number;
  ordersEndMb: number;
  orders: { requests: number; placed: number; non2xx: number; errors: number; seconds: number };
  /** The shop's CPU time (ms) per order placed under that load: what a flag that saves memory may cost. */
  ordersCpuMsPerOrder: number;
  /** ms from spawn until /api/health answered (figures: a shared machine sways them). */
  firstStartMs: number;
  restartMs: number;
}

interface Target {
  database: 'pglite' | 'postgres';
  /** DATA_DIR or DATABASE_URL of the shop. */
  env: Record<string, string>;
  addCustomers(): Promise<Awaited<ReturnType<typeof createCustomers>>>;
}

async function startMeasured(name: string, target: Target, nodeArgs: string[]) {
  const started = performance.now();
  const shop = await startBenchShop(name, {
    port: 3396,
    // As the image runs it (its ENV): glibc's malloc with two arenas (decision 1102). `npm run serve` leaves malloc
    // to the environment; BENCH_MALLOC_ARENA_MAX=default measures it that way.
    env: { ...MALLOC_ENV, ...target.env },
    compiled: COMPILED_SERVER,
    // As `npm run serve` and the image's CMD run it (the bench's launcher adds --enable-source-maps).
    nodeArgs: [...SERVE_NODE_ARGS, ...nodeArgs],
  });
  const ms = Math.round(performance.now() - started);
  const atReady = memoryMb(shop.child.pid);
  await sleep(IDLE_MS);
  const idle = memoryMb(shop.child.pid);
  if (!atReady || !idle) throw new Error(`shop ${name} exited while measured:\n${shop.output()}`);
  return { shop, ms, peakMb: Math.max(atReady.hwm, idle.hwm), idleMb: idle.rss };
}

async function measure(target: Target, seconds: number, nodeArgs: string[]): Promise<MemoryFigures> {
  let shop: ShopProcess | undefined;
  try {
    const first = await startMeasured(`memory-${target.database}-first`, target, nodeArgs);
    shop = first.shop;
    await stopShop(shop);
    const customers = await target.addCustomers();
    const restart = await startMeasured(`memory-${target.database}-restart`, target, nodeArgs);
    shop = restart.shop;
    const pid = shop.child.pid as number;
    const productId = await margheritaId(shop.url);
    const url = shop.url;
    const cpuBefore = cpuMs(pid);
    const { result, peakMb } = await peakDuring(pid, () => placeOrders(url, customers, productId, seconds, CUSTOMERS));
    const cpuPerOrder = (cpuMs(pid) - cpuBefore) / Math.max(1, result['2xx']);
    return {
      node: process.version,
      database: target.database,
      nodeArgs: [...SERVE_NODE_ARGS, ...nodeArgs],
      mallocArenaMax: arenas,
      firstStartPeakMb: first.peakMb,
      firstStartIdleMb: first.idleMb,
      restartPeakMb: restart.peakMb,
      restartIdleMb: restart.idleMb,
      ordersPeakMb: peakMb,
      ordersEndMb: memoryMb(pid)?.rss ?? Number.NaN,
      orders: { requests: result.requests.total, placed: result['2xx'], non2xx: result.non2xx, errors: result.errors, seconds },
      ordersCpuMsPerOrder: Math.round(cpuPerOrder * 100) / 100,
      firstStartMs: first.ms,
      restartMs: restart.ms,
    };
  } finally {
    if (shop) await stopShop(shop);
  }
}

/** The embedded database in a folder of its own, its customers written with the shop stopped. */
export async function memoryOnPglite(seconds: number, nodeArgs: string[] = []): Promise<MemoryFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-memory-'));
  try {
    return await measure(
      {
        database: 'pglite',
        env: { DATA_DIR: dataDir, DATABASE_URL: '' },
        addCustomers: () => createCustomers({ dataDir }, { count: CUSTOMERS, name: 'Bench' }),
      },
      seconds,
      nodeArgs,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database on the PostgreSQL server `adminUrl` names. */
export async function memoryOnPostgres(adminUrl: string, seconds: number, nodeArgs: string[] = []): Promise<MemoryFigures> {
  let database: TestDatabase | undefined;
  try {
    database = await createTestDatabase(adminUrl, 'shop_bench_memory');
    const url = database.url;
    return await measure(
      {
        database: 'postgres',
        env: { DATABASE_URL: url },
        addCustomers: () => createCustomers(url, { count: CUSTOMERS, name: 'Bench' }),
      },
      seconds,
      nodeArgs,
    );
  } finally {
    await database?.drop();
  }
}
