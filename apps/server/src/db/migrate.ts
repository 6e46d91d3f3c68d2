import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateWithPostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migrateWithPglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';
import * as schema from './schema';

// Beside this file in the source; beside the bundle in a build (scripts/build-server.mjs copies it to dist/migrations).
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same in every process of this app. Exported for its test.
export const MIGRATION_LOCK_KEY = 7_305_118_261;

/** Applies the committed drizzle migrations that the database has not seen yet. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migrateWithPglite(handle.driverDb, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // Several processes may start at once against one server: one migrates, the others wait and then find nothing to do.
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateWithPostgres(drizzlePostgres({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
