// Real shop processes (`node --import tsx apps/server/src/main.ts` as a shop runs, or the compiled bundle) on a fresh
// PostgreSQL database or a DATA_DIR of their own: the one place that creates and drops the database, starts a
// process with its environment, waits until it serves, keeps its output and stops it (SIGTERM, then SIGKILL). Used
// by the suites that start, stop, kill or restart processes, and by the benchmarks (bench/lib/shop.ts), so it
// imports nothing of the in-process harness.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEFAULT_SHOP_TIME, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, TEST_DATABASE_POOL_SIZE } from './test-constants';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
/** A shop process migrates, seeds and LISTENs before it serves; on 2 busy cores that can take a while. */
export const START_MS = 120_000;
/** How long a process has to go after SIGTERM before it gets SIGKILL. */
export const STOP_MS = 15_000;

export async function freePort(): Promise<number> {
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

export interface TestDatabase {
  url: string;
  /** A client of its own on the database (not through any proxy), for the suite's checks. */
  query<Row extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

/** A fresh database on the server `adminUrl` names (TEST_DATABASE_URL), dropped by `drop`. */
export async function createTestDatabase(adminUrl: string, prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
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
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => {});
  return {
    url: url.toString(),
    async query<Row extends Record<string, unknown>>(text: string, values: unknown[] = []) {
      return (await pool.query<Row>(text, values)).rows;
    },
    async drop() {
      await pool.end();
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}

export interface ShopProcess {
  name: string;
  /** http://127.0.0.1:<port>, where the process listens (not necessarily its PUBLIC_ORIGIN). */
  url: string;
  port: number;
  child: ChildProcess;
  /** stdout and stderr so far ('' when the output is passed through, see LaunchOptions.output). */
  output(): string;
  /** Resolves with the exit code (null when a signal ended it) once the process and its output are closed. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface LaunchOptions {
  /** The process's whole environment, usually `{ ...process.env, ... }`; PORT is set here. */
  env: NodeJS.ProcessEnv;
  /** Default: a free port. */
  port?: number;
  /** The loopback address it listens on (HOST), default 127.0.0.1: several processes may share a port on 127.0.0.x. */
  host?: string;
  /** A compiled bundle's main.js, run with plain node (and source maps); default the TypeScript source under tsx. */
  compiled?: string;
  /** Node flags before the entry, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** 'health' (default): until GET /api/health answers 200. 'running': until it prints "Shop running at". */
  readyWhen?: 'health' | 'running';
  /** 'collect' (default): stdout and stderr kept for output(). 'stderr': stdout ignored, stderr passed through. */
  output?: 'collect' | 'stderr';
}

/** Starts a shop process and resolves once it is ready; throws (with its output) if it exits or is not ready in START_MS. */
export async function launchShop(name: string, options: LaunchOptions): Promise<ShopProcess> {
  const { readyWhen = 'health', output: outputMode = 'collect' } = options;
  if (readyWhen === 'running' && outputMode !== 'collect')
    throw new Error('launchShop: readyWhen "running" reads the output, so it must be collected');
  const port = options.port ?? (await freePort());
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host}:${port}`;
  const entry = options.compiled ? ['--enable-source-maps', options.compiled] : ['--import', 'tsx', MAIN];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    cwd: ROOT,
    env: { ...options.env, PORT: String(port), HOST: host },
    stdio: outputMode === 'collect' ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': the last lines of output may still be on their way when the process exits.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const shop: ShopProcess = { name, url, port, child, output: () => output, exited };
  const ready = async () =>
    readyWhen === 'running'
      ? output.includes('Shop running at')
      : (await fetch(`${url}/api/health`).then(
          (r) => r.status,
          () => 0,
        )) === 200;
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`shop ${name} exited (${child.exitCode ?? child.signalCode}) before serving:\n${output}`);
    if (await ready()) return shop;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopShop(shop);
  throw new Error(
    `shop ${name} was not ready (${readyWhen === 'running' ? 'no "Shop running at"' : `${url}/api/health`}) within ${START_MS} ms:\n${output}`,
  );
}

/**
 * Starts a shop process as the suites run one, on `databaseUrl`: NODE_ENV test, LOG_LEVEL warn, the test clock and
 * admin, PUBLIC_ORIGIN its own address. `env` adds to (or replaces) that, e.g. the Stripe keys or another
 * PUBLIC_ORIGIN. `port` reuses a port (a restart on the same address); `compiled` runs a bundle's main.js, as
 * production does, instead of the TypeScript source.
 */
export async function startShop(
  name: string,
  databaseUrl: string,
  env: Record<string, string> = {},
  options: { port?: number; host?: string; compiled?: string } = {},
): Promise<ShopProcess> {
  const listenPort = options.port ?? (await freePort());
  const host = options.host ?? '127.0.0.1';
  return launchShop(name, {
    port: listenPort,
    host,
    ...(options.compiled ? { compiled: options.compiled } : {}),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: TEST_DATABASE_POOL_SIZE,
      // Its own origin: the socket handshake accepts an Origin equal to it and nothing else.
      PUBLIC_ORIGIN: `http://${host}:${listenPort}`,
      SHOP_TIME: DEFAULT_SHOP_TIME,
      ADMIN_EMAIL: TEST_ADMIN_EMAIL,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      ...env,
    },
  });
}

/** SIGTERM, then SIGKILL if it has not gone within `ms`; resolves once it has exited and its output is closed (at once if it had exited). */
export async function stopShop(shop: ShopProcess, ms = STOP_MS): Promise<void> {
  const { child } = shop;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await shop.exited;
  clearTimeout(timer);
}

/**
 * What a several-processes test or benchmark leaves behind, undone in order: the proxies in front (nginx, say),
 * then the processes together, then the database and the folder. Each part is optional, for a start that failed
 * half-way.
 */
export async function tearDownShops(parts: {
  proxies?: Array<{ stop(): Promise<void> } | undefined>;
  shops: ShopProcess[];
  database?: TestDatabase | undefined;
  dir?: string | undefined;
}): Promise<void> {
  for (const proxy of parts.proxies ?? []) await proxy?.stop();
  await Promise.all(parts.shops.map((shop) => stopShop(shop)));
  await parts.database?.drop();
  if (parts.dir) rmSync(parts.dir, { recursive: true, force: true });
}
