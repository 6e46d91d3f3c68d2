import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './client';
import { MIGRATION_LOCK_KEY, migrateDatabase, MIGRATIONS_FOLDER } from './migrate';

// Several shop processes start at once against one PostgreSQL server (docs/deployment.md: an upgrade restarts
// them all). Migrations run at start under a PostgreSQL advisory lock, so one process migrates and the others
// wait, then find nothing to do. Without the lock, two processes would both create the same tables, and one would
// fail its start.
describe.runIf(process.env.TEST_DATABASE_URL)('migrations under the advisory lock', () => {
  it('wait while another process holds the lock, then three processes migrate one fresh database: all succeed, each migration once', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `shop_migrate_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    const handles = await Promise.all([1, 2, 3].map(() => createDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' })));
    const advisoryLocks = async (granted: boolean) =>
      Number(
        (
          await holder.query<{ n: string }>(
            "select count(*) as n from pg_locks where locktype = 'advisory' and granted = $1 and database = (select oid from pg_database where datname = current_database())",
            [granted],
          )
        ).rows[0]?.n,
      );
    try {
      // Another process is migrating: it holds the lock.
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      let finished = 0;
      const migrating = Promise.allSettled(handles.map((handle) => migrateDatabase(handle).finally(() => (finished += 1))));
      const deadline = Date.now() + 30_000;
      while ((await advisoryLocks(false)) < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await advisoryLocks(false)).toBe(3);
      expect(finished).toBe(0);
      const before = await holder.query("select 1 from information_schema.tables where table_schema = 'drizzle'");
      expect(before.rowCount).toBe(0);

      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      const results = await migrating;
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

      const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      const applied = await holder.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
      expect(Number(applied.rows[0]?.n)).toBe(journal.entries.length);
      // Every process let go of the lock.
      expect(await advisoryLocks(true)).toBe(0);
    } finally {
      await holder.end();
      await Promise.all(handles.map((handle) => handle.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
