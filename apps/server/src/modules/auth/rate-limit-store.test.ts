import fastifyRateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { createDatabase, MEMORY_DATA_DIR, type Db, type DatabaseHandle } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { incrementRateLimit, postgresRateLimitStore, rateLimitRowKey, readRateLimit, sweepRateLimits } from './rate-limit-store';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let counter = 0;
const uniqueKey = (what: string) => `${what}-${++counter}-${Date.now().toString(36)}`;

describe.each(testDatabases())('the rate-limit store on %s', (kind) => {
  let server: TestServer;
  let db: Db;
  /** On PostgreSQL, a second pool on the same database: what a second shop process holds. */
  let other: DatabaseHandle | undefined;

  beforeAll(async () => {
    server = await startTestServer({ db: kind });
    db = server.app.db;
    if (server.config.databaseUrl)
      other = await createDatabase({
        databaseUrl: server.config.databaseUrl,
        poolSize: server.config.databasePoolSize,
        dataDir: MEMORY_DATA_DIR,
      });
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  it('counts requests in one window: 1, 2, 3, with the time left of the window it started', async () => {
    const key = uniqueKey('127.0.0.9');
    const first = await incrementRateLimit(db, 'login', key, 60_000);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(55_000);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    expect((await incrementRateLimit(db, 'login', key, 60_000)).current).toBe(2);
    const third = await incrementRateLimit(db, 'login', key, 60_000);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeLessThanOrEqual(first.ttl);
  });

  it('keeps each limit name and each key apart', async () => {
    const key = uniqueKey('a@example.com');
    await incrementRateLimit(db, 'forgotPassword', key, 60_000);
    await incrementRateLimit(db, 'forgotPassword', key, 60_000);
    expect((await incrementRateLimit(db, 'forgotPasswordPerAccount', key, 60_000)).current).toBe(1);
    expect((await incrementRateLimit(db, 'forgotPassword', `${key}x`, 60_000)).current).toBe(1);
    expect(rateLimitRowKey('a', 'b\nc')).not.toBe(rateLimitRowKey('a\nb', 'c'));
  });

  it('starts a new window at 1 once the window has passed', async () => {
    const key = uniqueKey('window');
    expect((await incrementRateLimit(db, 'short', key, 300)).current).toBe(1);
    expect((await incrementRateLimit(db, 'short', key, 300)).current).toBe(2);
    await sleep(450);
    const fresh = await incrementRateLimit(db, 'short', key, 300);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(150);
    expect(fresh.ttl).toBeLessThanOrEqual(300);
  });

  it('loses no count when many requests arrive at once, from two processes on PostgreSQL', async () => {
    const key = uniqueKey('burst');
    const handles = [db, other?.db ?? db];
    const counts = await Promise.all(Array.from({ length: 60 }, (_, i) => incrementRateLimit(handles[i % 2] as Db, 'burst', key, 60_000)));
    expect(counts.map((count) => count.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect((await readRateLimit(db, 'burst', key)).current).toBe(60);
  });

  it('reads a counter without counting, and reads 0 when there is no current window', async () => {
    const key = uniqueKey('peek');
    expect(await readRateLimit(db, 'peek', key)).toEqual({ current: 0, ttl: 0 });
    await incrementRateLimit(db, 'peek', key, 60_000);
    expect((await readRateLimit(db, 'peek', key)).current).toBe(1);
    expect((await readRateLimit(db, 'peek', key)).current).toBe(1);
  });

  it('takes a key of any length (an e-mail field of a megabyte) and stores no key in clear', async () => {
    const key = `${'x'.repeat(1024 * 1024)}@example.com`;
    expect((await incrementRateLimit(db, 'login', key, 60_000)).current).toBe(1);
    expect((await incrementRateLimit(db, 'login', key, 60_000)).current).toBe(2);
    const rows = await db.select({ key: rateLimits.key }).from(rateLimits);
    for (const row of rows) expect(row.key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sweeps expired counters away and keeps the others', async () => {
    const gone = uniqueKey('gone');
    const kept = uniqueKey('kept');
    await incrementRateLimit(db, 'sweep', gone, 100);
    await incrementRateLimit(db, 'sweep', kept, 60_000);
    await sleep(200);
    expect(await sweepRateLimits(db)).toBeGreaterThanOrEqual(1);
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).not.toContain(rateLimitRowKey('sweep', gone));
    expect(keys).toContain(rateLimitRowKey('sweep', kept));
    expect((await incrementRateLimit(db, 'sweep', kept, 60_000)).current).toBe(2);
  });

  it('as @fastify/rate-limit’s store: two apps on one database share a limit, and a limit without a name is refused', async () => {
    const apps = await Promise.all(
      [db, other?.db ?? db].map(async (handle) => {
        const app = Fastify();
        await app.register(fastifyRateLimit, { global: false, store: postgresRateLimitStore(handle) });
        return app;
      }),
    );
    try {
      const settings = { name: uniqueKey('shared'), max: 3, timeWindow: 60_000, keyGenerator: () => '198.51.100.7' };
      const checks = apps.map((app) => app.createRateLimit(settings));
      const request = { routeOptions: { config: {} } } as unknown as Parameters<(typeof checks)[number]>[0];
      const states = [];
      for (let i = 0; i < 4; i += 1) states.push(await (checks[i % 2] as (typeof checks)[number])(request));
      expect(states.map((state) => !state.isAllowed && state.isExceeded)).toEqual([false, false, false, true]);
      expect(() => apps[0]?.createRateLimit({ max: 1, timeWindow: 1000 })).toThrow(/needs a name/);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});
