import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { unpackEmptyCluster } from './pglite-cluster';
import * as schema from './schema';

export type Schema = typeof schema;

/** The database as modules see it; both PGlite and node-postgres satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

interface HandleBase {
  db: Db;
  close(): Promise<void>;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
}

export interface PgliteHandle extends HandleBase {
  kind: 'pglite';
  driverDb: PgliteDatabase<Schema>;
  client: PGlite;
}

export interface PostgresHandle extends HandleBase {
  kind: 'postgres';
  pool: pg.Pool;
}

export type DatabaseHandle = PgliteHandle | PostgresHandle;

export interface CreateDatabaseOptions {
  /** A postgres:// URL; without it an embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files (`${dataDir}/pglite`), or 'memory://' for an in-memory database. */
  dataDir: string;
  /** The most connections the pool opens on databaseUrl (DATABASE_POOL_SIZE). */
  poolSize?: number | undefined;
  /** Called when an idle pooled connection fails (e.g. the server restarts); the pool replaces it. */
  onPoolError?: (error: Error) => void;
  /** A PGlite data directory dump (`dumpDataDir()`) to start the in-memory database from; tests reuse a seeded one. */
  pgliteTemplate?: Blob;
}

export const MEMORY_DATA_DIR = 'memory://';

/**
 * PostgreSQL's settings inside the embedded PGlite (decision 1102). PGlite's WebAssembly memory never shrinks, and
 * PostgreSQL zeroes its shared memory at start, so shared_buffers is resident from the first moment: the default
 * 128 MB was a quarter of an idle shop. 16 MB holds a small shop's hot pages (the menu is answered from the server's
 * own snapshot, and pictures are read from the file system's cache below PGlite anyway).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * An empty database cluster (PGlite's own initdb, run once by `scripts/build-server.mjs` and dumped as a gzipped
 * tar), beside the bundle in a build; absent in the source tree, where PGlite runs initdb as before. A first start
 * unpacks it instead of running initdb, which takes a second PGlite instance and a copy of its memory: a 750 MB
 * peak, 200 MB of it kept (decision 1102).
 */
export const PGLITE_EMPTY_CLUSTER = fileURLToPath(new URL('./pglite-empty.tar.gz', import.meta.url));

/** What a request answers (503) when the database does not answer. */
export const DATABASE_UNAVAILABLE = 'The shop cannot reach its database just now: please try again in a moment';

// Socket errors of a database connection that could not be made or was lost.
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// PostgreSQL's own: class 08 (connection exception), the server shutting down or starting, too many connections.
const SERVER_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
// node-postgres and pg-pool say so in words only; PGlite once closed, and a handle after close() (below), too.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Cannot use a pool after calling end/,
  /^PGlite is closed/,
  /^The database is closed/,
];

/**
 * Whether `error` (or what caused it: drizzle wraps the driver's error as `cause`) says the database could not be
 * reached or went away, rather than refused a statement: the request may succeed later, so it answers 503.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || SERVER_UNAVAILABLE_CODES.has(code) || /^08/.test(code))) return true;
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** A fixed SQL text with $1..$n parameters, for the few hot statements that skip the query builder. */
export interface PreparedSql {
  /** Unique per text: PostgreSQL parses and plans a named statement once per connection. */
  name: string;
  text: string;
}

/**
 * Runs a fixed statement on the database behind `db` (not inside a drizzle transaction: one statement is
 * its own transaction). On PostgreSQL it is a named prepared statement; PGlite runs the text as it is.
 * Rows come back with the driver's own types, keyed by the column names the text selects.
 */
export async function runPrepared<Row extends Record<string, unknown>>(
  db: InTransaction,
  statement: PreparedSql,
  values: unknown[],
): Promise<Row[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool || client instanceof pg.Client)
    return (await client.query<Row>({ name: statement.name, text: statement.text, values })).rows;
  if (client instanceof PGlite) return (await client.query<Row>(statement.text, values)).rows;
  // Inside drizzle's transaction: the same text on the transaction's own connection, its $n bound as parameters.
  const parts = statement.text.split(/\$(\d+)/);
  const chunks = parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`));
  const result = (await db.execute(sql.join(chunks))) as unknown as { rows: Row[] };
  return result.rows;
}

/** A transaction's handle, as `db.transaction` passes it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A handle whose statements run in one transaction: drizzle's, or inTransaction's own connection (PostgreSQL). */
export type InTransaction = Db | Tx;

// One query builder per pooled connection, made the first time the connection runs a transaction of inTransaction's.
const onConnection = new WeakMap<pg.PoolClient, Db>();

function builderOn(connection: pg.PoolClient): Db {
  let db = onConnection.get(connection);
  if (!db) {
    db = drizzlePostgres({ client: connection, schema });
    onConnection.set(connection, db);
  }
  return db;
}

/**
 * One transaction on one pooled connection, whose fixed statements (runPrepared) are then prepared once per
 * connection as they are outside a transaction; drizzle's own transaction sends each as new text. `opening`, SQL
 * without parameters (its values already literals), runs in BEGIN's own round trip, and its last statement's rows go
 * to `work`. PGlite has one connection and takes drizzle's transaction.
 */
async function runTransaction<T>(db: Db, work: TransactionWork<T>, opening: readonly string[]): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      let rows: Record<string, unknown>[] = [];
      for (const text of opening) rows = ((await tx.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
      return work(tx, rows);
    });
  }
  const connection = await pool.connect();
  let broken: Error | undefined;
  try {
    const opened = (await connection.query(['begin', ...opening].join(';\n'))) as unknown as pg.QueryResult | pg.QueryResult[];
    const results = Array.isArray(opened) ? opened : [opened];
    try {
      const result = await work(builderOn(connection), opening.length > 0 ? (results.at(-1)?.rows ?? []) : []);
      await connection.query('commit');
      return result;
    } catch (error) {
      await connection.query('rollback').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    }
  } catch (error) {
    if (isDatabaseUnavailable(error)) broken = error as Error;
    throw error;
  } finally {
    // A connection that failed is closed, not given to the next request.
    connection.release(broken);
  }
}

/** A transaction's work: its handle, and the rows of its opening's last statement. */
export type TransactionWork<T> = (tx: InTransaction, opened: Record<string, unknown>[]) => Promise<T>;

/** A value written into an opening's SQL text: quoted as PostgreSQL reads a string literal. */
export const sqlLiteral = (value: string): string => pg.escapeLiteral(value);

// PostgreSQL's answers to two transactions that locked in each other's way: one of them is rolled back and may
// simply run again.
const RETRYABLE_CODES = new Set(['40001', '40P01']);
const MAX_TRANSACTION_TRIES = 4;

export function isLockConflict(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && RETRYABLE_CODES.has(code)) return true;
  return isLockConflict(error.cause, depth + 1);
}

/** Thrown when a transaction lost to others every time it was tried; the API answers 409 BUSY_TRY_AGAIN. */
export class TransactionConflict extends Error {
  readonly code = '40001';
  constructor(cause: unknown) {
    super('The transaction kept conflicting with others', { cause });
  }
}

export const BUSY_TRY_AGAIN = 'The shop is busy with the same thing just now: please try again';

/**
 * Runs `work` in a transaction, again (up to four times in all) when PostgreSQL rolled it back for a deadlock or a
 * serialization failure; after that a TransactionConflict. `work` must do nothing outside the database. `opening`:
 * statements without parameters to run first, in BEGIN's round trip (the locks a transaction takes first).
 */
export async function inTransaction<T>(db: Db, work: TransactionWork<T>, opening: readonly string[] = []): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runTransaction(db, work, opening);
    } catch (error) {
      if (!isLockConflict(error)) throw error;
      if (attempt >= MAX_TRANSACTION_TRIES) throw new TransactionConflict(error);
    }
  }
}

export async function createDatabase(options: CreateDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options.poolSize ?? 30, options.onPoolError);
  return createPglite(options.dataDir, options.pgliteTemplate);
}

async function createPglite(dataDir: string, template?: Blob): Promise<PgliteHandle> {
  let client: PGlite;
  if (dataDir === MEMORY_DATA_DIR) {
    client = await PGlite.create({ startParams: PGLITE_START_PARAMS, ...(template ? { loadDataDir: template } : {}) });
  } else {
    const dir = path.join(dataDir, 'pglite');
    if (existsSync(PGLITE_EMPTY_CLUSTER)) await unpackEmptyCluster(PGLITE_EMPTY_CLUSTER, dir);
    await mkdir(dir, { recursive: true });
    client = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS });
  }
  const driverDb = drizzlePglite({ client, schema });
  let closed = false;
  return {
    kind: 'pglite',
    db: driverDb,
    driverDb,
    client,
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
    async ping() {
      if (closed) throw new Error('The database is closed');
      await driverDb.execute(sql`select 1`);
    },
  };
}

/**
 * A pooled client whose connection is lost while it is checked out (inside a transaction, or the realtime adapter's
 * LISTEN client) emits 'error' while the pool does not listen to it, and an 'error' nobody listens to ends the
 * process. Here every client has a listener of its own: the statement that was running gets the error itself (its
 * request answers 503) and the pool drops the client when it is released. With `releaseLost`, a client still
 * checked out once its connection has ended is released too, for a pool whose user never gives back a client it
 * holds (the adapter takes a new LISTEN client after a loss): without it each outage would keep one slot for good.
 */
export function surviveLostConnections(pool: pg.Pool, opts: { releaseLost?: boolean } = {}): void {
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (!opts.releaseLost) return;
    client.on('end', () => {
      // After the queries the loss failed have been released by their own callbacks.
      setImmediate(() => {
        if (!checkedOut.has(client)) return;
        try {
          client.release(new Error('The database connection was lost'));
        } catch {
          // Released meanwhile by its user.
        }
      });
    });
  });
}

async function createPostgres(databaseUrl: string, poolSize: number, onPoolError?: (error: Error) => void): Promise<PostgresHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, connectionTimeoutMillis: 5000, max: poolSize });
  surviveLostConnections(pool);
  // Without a listener an idle client's error (server restart, network drop) would crash the process.
  pool.on('error', (error) => {
    if (onPoolError) onPoolError(error);
    else console.error('PostgreSQL pool error:', error.message);
  });
  const driverDb: NodePgDatabase<Schema> = drizzlePostgres({ client: pool, schema });
  let closed = false;
  return {
    kind: 'postgres',
    db: driverDb,
    pool,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
    async ping() {
      if (closed) throw new Error('The database is closed');
      await pool.query('select 1');
    },
  };
}
