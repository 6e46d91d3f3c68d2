import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './client';
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
    } finally {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    }
  });
});
