import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, isDatabaseUnavailable } from './client';
import { migrateDatabase } from './migrate';
import { categories } from './schema';

describe('createDatabase', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('keeps an embedded database in DATA_DIR across restarts', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-db-'));
    dirs.push(dataDir);
    const first = await createDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    await migrateDatabase(first);
    await first.db.insert(categories).values({ name: 'Pizza', order: 1, createdAt: new Date() });
    await first.close();

    const second = await createDatabase({ dataDir });
    await migrateDatabase(second);
    const rows = await second.db.select().from(categories);
    expect(rows.map((row) => row.name)).toEqual(['Pizza']);
    await second.ping();
    await second.close();
    await expect(second.ping()).rejects.toThrow();
  });

  it.runIf(process.env.TEST_DATABASE_URL)('migrates a PostgreSQL server, twice without harm', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `shop_client_${randomBytes(4).toString('hex')}`;
    const admin = await createDatabase({ databaseUrl: adminUrl, dataDir: 'memory://' });
    await admin.db.execute(sql.raw(`create database ${name}`));
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = await createDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
      expect(handle.kind).toBe('postgres');
      await Promise.all([migrateDatabase(handle), migrateDatabase(handle)]);
      await handle.db.insert(categories).values({ name: 'Wings', order: 2, createdAt: new Date() });
      expect((await handle.db.select().from(categories)).map((row) => row.name)).toEqual(['Wings']);
      await handle.close();
      await expect(handle.ping()).rejects.toThrow();

      // DATABASE_POOL_SIZE: ten statements at once on a pool of 3 wait their turn on 3 server connections.
      const small = await createDatabase({ databaseUrl: url.toString(), poolSize: 3, dataDir: 'memory://' });
      try {
        const backends = await Promise.all(
          Array.from({ length: 10 }, () => small.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)),
        );
        expect(new Set(backends.map((result) => (result as { rows: Array<{ pid: number }> }).rows[0]?.pid)).size).toBe(3);
      } finally {
        await small.close();
      }
    } finally {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    }
  });
});

describe('isDatabaseUnavailable', () => {
  async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
    try {
      await run();
    } catch (error) {
      return error;
    }
    throw new Error('expected a failure');
  }

  it('tells a database that cannot be reached or has gone from a statement it refused', async () => {
    // Nothing listens on port 1: a refused connection, as drizzle reports it (the driver's error as its cause).
    const unreachable = await createDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', dataDir: 'memory://' });
    try {
      const refused = await errorOf(() => unreachable.db.select().from(categories));
      expect(isDatabaseUnavailable(refused)).toBe(true);
    } finally {
      await unreachable.close();
    }

    const embedded = await createDatabase({ dataDir: 'memory://' });
    await migrateDatabase(embedded);
    await embedded.db.insert(categories).values({ name: 'Pizza', order: 1, createdAt: new Date() });
    const duplicate = await errorOf(() => embedded.db.insert(categories).values({ name: 'Pizza', order: 1, createdAt: new Date() }));
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    await embedded.close();
    expect(isDatabaseUnavailable(await errorOf(() => embedded.db.select().from(categories)))).toBe(true);
    expect(isDatabaseUnavailable(await errorOf(() => embedded.ping()))).toBe(true);

    const withCode = (code: string) => Object.assign(new Error('x'), { code });
    expect(isDatabaseUnavailable(withCode('57P01'))).toBe(true); // the server shutting down
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true); // connection failure
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false); // unique violation
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')], 'both addresses refused'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Internal', { cause: withCode('ECONNRESET') }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('a bug'))).toBe(false);
    expect(isDatabaseUnavailable('not an error')).toBe(false);
  });
});
