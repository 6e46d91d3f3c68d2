import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, shopNow, type Config } from '../src/config';
import { createDatabase, MEMORY_DATA_DIR, type DatabaseHandle } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { seedDatabase } from '../src/db/seed/seed';
import { checkAnswersAgainstSchemas } from './answer-schemas';
import { watchErrorAnswers } from './error-answers';
import { DEFAULT_SHOP_TIME, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, TEST_DATABASE_POOL_SIZE } from './test-constants';

export type TestDatabaseKind = 'pglite' | 'postgres';

export { DEFAULT_SHOP_TIME, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD };

export interface TestServerOptions {
  /** Fill the database with the seed (menu, images, admin). Default false: an empty, migrated database. */
  seed?: boolean;
  /** Extra environment for loadConfig, e.g. { SHOP_TIME: '2026-11-22T10:00:00Z' }. */
  env?: Partial<Record<string, string>>;
  /** 'postgres' needs TEST_DATABASE_URL; a fresh database is created there and dropped on close. */
  db?: TestDatabaseKind;
  /** Serve this directory as the built SPA instead of apps/web/dist. */
  webDistDir?: string;
  /** Runs after buildApp and before listen, e.g. to register a route only a test needs. */
  setup?: (app: FastifyInstance) => void | Promise<void>;
}

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 — the API is under `${url}/api`. */
  url: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/**
 * The API suites that run on a PostgreSQL server as well as on PGlite (decision 0706), each with what in it can go
 * otherwise there. PGlite is PostgreSQL itself, so the rest of the shop is the same SQL on the same engine; what
 * differs is concurrency (requests at once race on a server's pooled connections, row locks and SKIP LOCKED; PGlite
 * takes one statement at a time), node-postgres (named prepared statements, its own types for hand-written
 * statements' columns) and the server's version, settings and time zone data. Paths from the repository's root;
 * postgres-suites.test.ts checks that each is there and asks the harness.
 */
export const POSTGRES_SUITES: Readonly<Record<string, string>> = {
  'apps/server/src/db/schema-checks.test.ts': "the migrations' constraints, as the server enforces them",
  'apps/server/src/modules/audit/append-only.test.ts': "the audit log's append-only trigger, as the server runs it",
  'apps/server/src/modules/auth/rate-limit-store.test.ts': 'counters raised at once from two processes, by prepared statements',
  'apps/server/src/modules/orders/orders.test.ts': 'one Idempotency-Key sent several times at once; the placement statement',
  'apps/server/src/modules/orders/order-status.test.ts': 'admins changing one order at once',
  'apps/server/src/modules/orders/order-promise.test.ts': 'admins accepting one held card order at once',
  'apps/server/src/modules/payments/payments.test.ts': 'parallel requests with one Idempotency-Key, webhooks under row locks',
  'apps/server/src/modules/payments/money.test.ts': 'captures and refunds at once under row locks',
  'apps/server/src/modules/payments/paid-order-rules.test.ts': "a paid order's rules checked again under the placement's locks",
  'apps/server/test/unpaid-card-orders.test.ts': "the money sweep's hand-written condition",
  'apps/server/test/customer-limits.test.ts': 'bursts of orders and addresses against the per-customer limits',
  'apps/server/test/promotions.test.ts': "a code's limits under parallel orders, counted under the promotion's row lock",
  'apps/server/test/guest-orders.test.ts': "a guest's advisory locks and the hand-written counts by e-mail, number and address",
  'apps/server/test/order-mail.test.ts': 'the mail queue claimed with SKIP LOCKED by deliveries at once',
  'apps/server/test/order-timers.test.ts': "the timers' SKIP LOCKED claims and hand-written interval arithmetic",
  'apps/server/test/kitchen.test.ts': "the kitchen's hand-written statement: its counts, JSON and timestamps as node-postgres types them",
  'apps/server/src/modules/printers/printers.test.ts': "the print queue's hand-written SQL and its claims",
  'apps/server/src/modules/delivery/delivery.test.ts': 'hand-written statements that add the home zone once and keep the last one',
  'apps/server/src/modules/reports/summary.test.ts': "aggregates by London's day, in the server's time zone data",
  'apps/server/src/realtime/realtime.test.ts': "the socket.io PostgreSQL adapter's LISTEN/NOTIFY, used only there",
  // The driver's cash-up (decision 1701).
  'apps/server/test/cash-up.test.ts':
    "a shift closed twice at once and a month's tips paid out twice at once, under row locks and the unique index",
  'apps/server/test/order-updates.test.ts': "each update claimed once by listeners at once, on the server's pooled connections",
  'apps/server/test/dispatch.test.ts': 'two dispatchers assigning one order, or one driver, at once under row and advisory locks',
};

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
// The test file that asks, from vitest's expect; Playwright's journeys import this harness too, without vitest.
const vitestExpect = process.env.VITEST ? (await import('vitest')).expect : undefined;

/**
 * The databases an API suite runs on: `describe.each(testDatabases())('... on %s', (kind) => ...)`. Every suite runs
 * on PGlite; the suites of POSTGRES_SUITES run on the PostgreSQL server too when TEST_DATABASE_URL is set (CI sets
 * it). TEST_POSTGRES=all runs every suite on both, for a change to the database layer itself (db/client.ts).
 */
export function testDatabases(): TestDatabaseKind[] {
  if (!process.env.TEST_DATABASE_URL) return ['pglite'];
  if (process.env.TEST_POSTGRES === 'all') return ['pglite', 'postgres'];
  return currentTestFile() in POSTGRES_SUITES ? ['pglite', 'postgres'] : ['pglite'];
}

/** The test file vitest is running, from the repository's root ('' outside vitest). */
export function currentTestFile(): string {
  const file = vitestExpect?.getState().testPath;
  return file ? path.relative(REPO_ROOT, file).split(path.sep).join('/') : '';
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const kind = opts.db ?? 'pglite';
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: MEMORY_DATA_DIR,
    SHOP_TIME: DEFAULT_SHOP_TIME,
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    PORT: String(port),
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    // The order timers (auto-reject, the money sweep) do not run by themselves in a test server: a suite that moves
    // the shop clock would see orders change under it. Suites about them run runOrderTimers, or set an interval.
    // Production refuses 0 (nothing would answer for the shop), so a production test server ticks once an hour.
    ORDER_TIMERS_INTERVAL_MS: opts.env?.NODE_ENV === 'production' ? '3600000' : '0',
    DATABASE_POOL_SIZE: TEST_DATABASE_POOL_SIZE,
    ...opts.env,
  };

  let dropDatabase: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    const created = await createPostgresDatabase(await postgresTemplate(loadConfig(env), opts.seed ?? false));
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
  }

  const config = loadConfig(env);
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase(config, kind, opts.seed ?? false);
    const app = await buildApp({
      config,
      database,
      ...(opts.webDistDir ? { webDistDir: opts.webDistDir } : {}),
      // Every answer checked against its route's schema (answer-schemas.ts).
      beforeRoutes: checkAnswersAgainstSchemas,
    });
    await opts.setup?.(app);
    // Every 4xx and 5xx this server sends must keep the error contract; close() fails the suite if one did not.
    const errorAnswers = watchErrorAnswers(app.server);
    await app.listen({ port, host: '127.0.0.1' });
    const handle = database;
    let closed = false;
    return {
      url: `http://127.0.0.1:${port}`,
      app,
      database: handle,
      config,
      async close() {
        if (closed) return;
        closed = true;
        await app.close();
        await handle.close();
        await dropDatabase?.();
        if (errorAnswers.problems.length > 0) {
          throw new Error(`Error answers that break the error contract (contract/errors.ts):\n${errorAnswers.problems.join('\n')}`);
        }
      },
    };
  } catch (error) {
    await database?.close();
    await dropDatabase?.();
    throw error;
  }
}

async function openDatabase(config: Config, kind: TestDatabaseKind, seed: boolean): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const template = await pgliteTemplate(config, seed);
    return createDatabase({ dataDir: MEMORY_DATA_DIR, pgliteTemplate: template });
  }
  // A copy of its template (below): migrated, and seeded when asked.
  return createDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, dataDir: MEMORY_DATA_DIR });
}

async function seedInto(database: DatabaseHandle, config: Config): Promise<void> {
  await seedDatabase(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    now: shopNow(config),
    log: () => {},
  });
}

// --- PGlite templates --------------------------------------------------------------------------------------
// Creating, migrating and seeding an embedded database takes seconds; loading a dump of one takes a fraction.
// Dumps are cached in memory per process and on disk across processes, keyed by everything that shapes them.

// Everything a template's bytes depend on: schema, migrations, seed data and drawing, image encoding, hashing.
const TEMPLATE_SOURCES = ['../src/db', '../src/images', '../src/modules/auth/password.ts'].map((p) =>
  fileURLToPath(new URL(p, import.meta.url)),
);
const templates = new Map<string, Promise<Blob>>();

function listFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? listFiles(full) : [full];
    });
}

function templateKey(config: Config, seed: boolean): string {
  const hash = createHash('sha256');
  for (const source of TEMPLATE_SOURCES) {
    const files = statSync(source).isDirectory() ? listFiles(source) : [source];
    for (const file of files) hash.update(file).update(readFileSync(file));
  }
  hash.update(JSON.stringify({ seed, adminEmail: config.adminEmail, adminPassword: config.adminPassword, shopTime: config.shopTime }));
  return hash.digest('hex').slice(0, 16);
}

function pgliteTemplate(config: Config, seed: boolean): Promise<Blob> {
  const key = templateKey(config, seed);
  let template = templates.get(key);
  if (!template) {
    template = loadOrBuildTemplate(key, config, seed);
    templates.set(key, template);
    template.catch(() => templates.delete(key));
  }
  return template;
}

async function loadOrBuildTemplate(key: string, config: Config, seed: boolean): Promise<Blob> {
  const file = path.join(os.tmpdir(), `shop-test-pglite-${key}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not built yet by any process: build it below.
  }
  const database = await createDatabase({ dataDir: MEMORY_DATA_DIR });
  try {
    await migrateDatabase(database);
    if (seed) await seedInto(database, config);
    if (database.kind !== 'pglite') throw new Error('expected an embedded database');
    const dump = await database.client.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Written under a unique name and renamed, so a parallel process never reads half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    return new Blob([bytes]);
  } finally {
    await database.close();
  }
}

// --- PostgreSQL ----------------------------------------------------------------------------------------------
// Each server gets a database of its own, copied by the server from a template database (CREATE DATABASE ...
// TEMPLATE), migrated and seeded once per key as the PGlite templates are: a copy takes a fraction of a second where
// migrating and seeding took seconds. Templates stay on the server, one per key (shop_template_<key>), as the PGlite
// dumps stay in the temporary folder; the migrations on an empty server are db/migrate.test.ts' and the processes'.

const postgresTemplates = new Map<string, Promise<string>>();
/** The advisory lock (on the server's maintenance database) held while a template is built. */
const TEMPLATE_LOCK_KEY = 0x73686f70; // "shop"

function adminDatabaseUrl(): string {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL must be set to run tests on PostgreSQL');
  return adminUrl;
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function postgresTemplate(config: Config, seed: boolean): Promise<string> {
  const name = `shop_template_${templateKey(config, seed)}`;
  let template = postgresTemplates.get(name);
  if (!template) {
    template = buildPostgresTemplate(name, config, seed).then(() => name);
    postgresTemplates.set(name, template);
    template.catch(() => postgresTemplates.delete(name));
  }
  return template;
}

async function buildPostgresTemplate(name: string, config: Config, seed: boolean): Promise<void> {
  const adminUrl = adminDatabaseUrl();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One builder at a time, across the processes of a run and runs side by side: the others wait, then find it.
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    // Built under another name and renamed once whole, so a template by its own name is always complete.
    const partial = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${partial}`);
    try {
      const database = await createDatabase({ databaseUrl: databaseUrl(adminUrl, partial), dataDir: MEMORY_DATA_DIR });
      try {
        await migrateDatabase(database);
        if (seed) await seedInto(database, config);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${partial} rename to ${name}`);
    } catch (error) {
      await admin.query(`drop database if exists ${partial} with (force)`);
      throw error;
    }
  } finally {
    // Ending the session releases the lock.
    await admin.end();
  }
}

async function createPostgresDatabase(template: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = adminDatabaseUrl();
  const name = `shop_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(adminUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
