import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, inArray, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateWithPostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migrateWithPglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './client';
import { migrateDatabase, MIGRATIONS_FOLDER } from './migrate';
import { products, toppings } from './schema';

// Decision 1004: a shop upgraded through migration 0007 had `[]` ("contains none of the 14") on every product and
// topping by default, so its storefront said 'Allergens: none' about food nobody had checked. Migration 0008 makes
// the column nullable (NULL: not recorded) and turns those `[]` into NULL; a recorded list is kept.

type Journal = { entries: Array<{ tag: string }> };

/** A copy of the migrations folder that stops before 0008: the shop as it was before this change. */
async function migrationsBefore0008(dir: string): Promise<string> {
  const folder = path.join(dir, 'migrations');
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as Journal;
  const at = journal.entries.findIndex((entry) => entry.tag.startsWith('0008_'));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

async function migrateTo(handle: DatabaseHandle, folder: string): Promise<void> {
  if (handle.kind === 'pglite') await migrateWithPglite(handle.driverDb, { migrationsFolder: folder });
  else await migrateWithPostgres(drizzlePostgres({ client: handle.pool }), { migrationsFolder: folder });
}

async function upgradeKeepsWhatIsKnown(handle: DatabaseHandle, dir: string) {
  await migrateTo(handle, await migrationsBefore0008(dir));
  const now = new Date().toISOString();
  // Rows as 0007 left them: two took the default `[]`, two had their allergens recorded.
  await handle.db.execute(sql`insert into products (id, title, created_at) values ('p00000000000000000000001', 'Unchecked', ${now})`);
  await handle.db.execute(
    sql`insert into products (id, title, created_at, allergens) values ('p00000000000000000000002', 'Margherita', ${now}, '["gluten","milk"]'::jsonb)`,
  );
  await handle.db.execute(
    sql`insert into toppings (id, name, category, price, created_at) values ('t00000000000000000000001', 'Olives', 'Pizza', 50, ${now})`,
  );
  await handle.db.execute(
    sql`insert into toppings (id, name, category, price, created_at, allergens) values ('t00000000000000000000002', 'Cheese', 'Pizza', 50, ${now}, '["milk"]'::jsonb)`,
  );

  await migrateDatabase(handle);

  const productRows = await handle.db
    .select({ title: products.title, allergens: products.allergens })
    .from(products)
    .orderBy(asc(products.title));
  expect(productRows).toEqual([
    { title: 'Margherita', allergens: ['gluten', 'milk'] },
    { title: 'Unchecked', allergens: null },
  ]);
  const toppingRows = await handle.db
    .select({ name: toppings.name, allergens: toppings.allergens })
    .from(toppings)
    .orderBy(asc(toppings.name));
  expect(toppingRows).toEqual([
    { name: 'Cheese', allergens: ['milk'] },
    { name: 'Olives', allergens: null },
  ]);
  // A row written after the upgrade without allergens is not recorded; `[]` written on purpose stays `[]`.
  await handle.db.execute(sql`insert into products (id, title, created_at) values ('p00000000000000000000003', 'New', ${now})`);
  await handle.db.execute(
    sql`insert into products (id, title, created_at, allergens) values ('p00000000000000000000004', 'Cola', ${now}, '[]'::jsonb)`,
  );
  const later = await handle.db
    .select({ title: products.title, allergens: products.allergens })
    .from(products)
    .where(inArray(products.title, ['New', 'Cola']))
    .orderBy(asc(products.title));
  expect(later).toEqual([
    { title: 'Cola', allergens: [] },
    { title: 'New', allergens: null },
  ]);
}

describe('migration 0008: allergens not recorded', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('on PGlite, turns the `[]` 0007 gave every product and topping into NULL (not recorded) and keeps recorded lists', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-0008-'));
    dirs.push(dir);
    const handle = await createDatabase({ dataDir: 'memory://' });
    try {
      await upgradeKeepsWhatIsKnown(handle, dir);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, the same',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-0008-'));
      dirs.push(dir);
      const adminUrl = process.env.TEST_DATABASE_URL ?? '';
      const name = `shop_0008_${randomBytes(4).toString('hex')}`;
      const admin = await createDatabase({ databaseUrl: adminUrl, dataDir: 'memory://' });
      await admin.db.execute(sql.raw(`create database ${name}`));
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = await createDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
      try {
        await upgradeKeepsWhatIsKnown(handle, dir);
      } finally {
        await handle.close();
        await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
        await admin.close();
      }
    },
    60_000,
  );
});
