// Real shop processes (`node --import tsx apps/server/src/main.ts`, as a shop runs) on a fresh PostgreSQL
// database, for the suites that stop, kill or restart them. Like realtime-processes.test.ts, which keeps its own copy.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEFAULT_SHOP_TIME, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from './harness';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
/** A shop process migrates, seeds and LISTENs before it serves; on 2 busy cores that can take a while. */
export const START_MS = 120_000;

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
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null when a signal ended it) once the process and its output are closed. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts a shop process on `databaseUrl` and resolves once it serves /api/health. `env` adds to (or replaces) the
 * test environment, e.g. the Stripe keys. `port` reuses a port (a restart on the same address).
 */
export async function startShop(name: string, databaseUrl: string, env: Record<string, string> = {}, port?: number): Promise<ShopProcess> {
  const listenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PUBLIC_ORIGIN: url,
      SHOP_TIME: DEFAULT_SHOP_TIME,
      ADMIN_EMAIL: TEST_ADMIN_EMAIL,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': the last lines of output may still be on their way when the process exits.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const shop: ShopProcess = { name, url, port: listenPort, child, output: () => output, exited };
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`shop ${name} exited (${child.exitCode ?? child.signalCode}) before serving:\n${output}`);
    const status = await fetch(`${url}/api/health`).then((r) => r.status, () => 0);
    if (status === 200) return shop;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopShop(shop);
  throw new Error(`shop ${name} did not serve ${url}/api/health within ${START_MS} ms:\n${output}`);
}

/** SIGTERM, then SIGKILL if it has not gone within `ms`. */
export async function stopShop(shop: ShopProcess, ms = 15_000): Promise<void> {
  const { child } = shop;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await shop.exited;
  clearTimeout(timer);
}
