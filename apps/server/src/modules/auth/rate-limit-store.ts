import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyReply } from 'fastify';
import { TOO_MANY_ATTEMPTS } from '@shop/shared/contract/auth';
import { and, inArray, lte, sql } from 'drizzle-orm';
import { runPrepared, type Db, type PreparedSql } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { HttpError } from '../../http-errors';

// The @fastify/rate-limit store of the account routes (decisions 0103 and 0701): counters in the `rate_limits`
// table, so every process of the shop counts into the same window and a limit means the same with one process or
// ten. Each request is one atomic upsert: PostgreSQL locks the row, so concurrent requests to different processes
// are counted one after the other and none is lost. The same table serves embedded PGlite.

/** What the plugin needs of a counter: requests counted in the current window, and milliseconds until it ends. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}

/** Options a limit passes to `createRateLimit` beside max and timeWindow: its name keeps its counters apart. */
export interface NamedLimitOptions {
  name: string;
}

// A window starts with its first request and lasts timeWindow; a request after the end starts a new window at 1.
// Both CASEs read the row as it was before the update; RETURNING reads it after.
const INCREMENT: PreparedSql = {
  name: 'rate_limit_increment',
  text: `insert into rate_limits as r (key, count, expires_at)
values ($1, 1, statement_timestamp() + $2::int * interval '1 millisecond')
on conflict (key) do update set
  count = case when r.expires_at <= statement_timestamp() then 1 else least(r.count, 2147483646) + 1 end,
  expires_at = case when r.expires_at <= statement_timestamp() then excluded.expires_at else r.expires_at end
returning count, greatest(0, ceil(extract(epoch from (expires_at - statement_timestamp())) * 1000))::int as ttl`,
};

const READ: PreparedSql = {
  name: 'rate_limit_read',
  text: `select count, greatest(0, ceil(extract(epoch from (expires_at - statement_timestamp())) * 1000))::int as ttl
from rate_limits where key = $1 and expires_at > statement_timestamp()`,
};

/** How often (at most) one process deletes expired counters, after a request: an idle process costs nothing. */
export const RATE_LIMIT_SWEEP_MS = 60_000;

/** The row key of one counter: a digest, so no e-mail or address is stored in clear and any key length fits. */
export function rateLimitRowKey(name: string, key: string): string {
  return createHash('sha256').update(`${name.length}:${name}\n`).update(key).digest('hex');
}

/** Counts one request for `key` in `name`'s window; the database's clock decides the window. */
export async function incrementRateLimit(db: Db, name: string, key: string, timeWindowMs: number): Promise<RateLimitCount> {
  const [row] = await runPrepared<{ count: number; ttl: number }>(db, INCREMENT, [
    rateLimitRowKey(name, key),
    Math.max(1, Math.round(timeWindowMs)),
  ]);
  if (!row) throw new Error('rate limit: the counter upsert returned no row');
  return { current: Number(row.count), ttl: Number(row.ttl) };
}

/**
 * Counts one attempt for `key` in `name`'s window and refuses it, 429 with Retry-After, when that makes it one too
 * many: over `max` times the server's multiplier (1 in a shop).
 */
export async function countAttempt(
  db: Db,
  reply: FastifyReply,
  name: string,
  key: string,
  limit: { max: number; timeWindow: number },
  multiplier: number,
): Promise<void> {
  const { current, ttl } = await incrementRateLimit(db, name, key, limit.timeWindow);
  if (current > limit.max * multiplier) {
    reply.header('retry-after', Math.max(1, Math.ceil(ttl / 1000)));
    throw new HttpError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS);
  }
}

const RELEASE: PreparedSql = {
  name: 'rate_limit_release',
  text: `update rate_limits set count = greatest(count - 1, 0) where key = $1 and expires_at > statement_timestamp()`,
};

/**
 * Gives back one request counted in `name`'s current window (an attempt that succeeded, for a limit on failures).
 * Counting first and giving back afterwards, rather than counting failures once they are known, keeps the limit
 * exact under parallel requests: each attempt being checked holds its place in the count.
 */
export async function releaseRateLimit(db: Db, name: string, key: string): Promise<void> {
  await runPrepared(db, RELEASE, [rateLimitRowKey(name, key)]);
}

/** The counter as it stands, without counting a request: 0 when there is no current window. */
export async function readRateLimit(db: Db, name: string, key: string): Promise<RateLimitCount> {
  const [row] = await runPrepared<{ count: number; ttl: number }>(db, READ, [rateLimitRowKey(name, key)]);
  return row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
}

/**
 * Deletes a batch of expired counters and answers how many went. Expired rows count for nothing (the upsert restarts
 * them), so this changes no answer. The condition is repeated outside the sub-select so that a row an upsert has
 * just restarted is checked again under its lock, and kept.
 */
export async function sweepRateLimits(db: Db, batch = 5000): Promise<number> {
  const expired = lte(rateLimits.expiresAt, sql`statement_timestamp()`);
  const deleted = await db
    .delete(rateLimits)
    .where(and(inArray(rateLimits.key, db.select({ key: rateLimits.key }).from(rateLimits).where(expired).limit(batch)), expired))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

type Callback = (error: Error | null, result?: RateLimitCount) => void;

/**
 * The store class to give `@fastify/rate-limit` as `store`, bound to one database. The plugin makes one instance,
 * then a child per `createRateLimit(options)`; each child must be given a `name` in those options (see
 * NamedLimitOptions), which becomes its counters' namespace. A child without one throws at start, so two limits can
 * never share counters by accident. Only the plugin's default fixed window is kept: `continueExceeding` and
 * `exponentialBackoff` are not supported (the shop uses neither).
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = Date.now();
  const maybeSweep = () => {
    if (Date.now() - lastSweep < RATE_LIMIT_SWEEP_MS) return;
    lastSweep = Date.now();
    // Detached: a request never waits for it, and a failed sweep is simply tried again next time.
    sweepRateLimits(db).catch(() => {});
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly name: string | null = null) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const name = this.requireName();
      incrementRateLimit(db, name, key, timeWindow).then(
        (count) => {
          callback(null, count);
          maybeSweep();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** The plugin's non-mutating peek (`createRateLimit(...)(request, { increment: false })`). */
    read(key: string, callback: Callback): void {
      const name = this.requireName();
      readRateLimit(db, name, key).then(
        (count) => callback(null, count),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      const name = (routeOptions as Partial<NamedLimitOptions>).name;
      if (typeof name !== 'string' || name === '')
        throw new Error('rate limit: every limit on the PostgreSQL store needs a name (createRateLimit({ name, ... }))');
      return new PostgresRateLimitStore(name);
    }

    private requireName(): string {
      if (this.name === null)
        throw new Error('rate limit: the PostgreSQL store counts only through a named child (createRateLimit({ name, ... }))');
      return this.name;
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
