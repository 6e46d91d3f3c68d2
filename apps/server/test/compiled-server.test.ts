import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, launchShop, stopShop } from './shop-process';

// Production runs the server compiled (decision 0700): `npm run build` bundles it with scripts/build-server.mjs
// and `npm run serve` runs `node apps/server/dist/main.js`, with no TypeScript loader. This builds the same bundle
// into a folder of its own beside dist (so a build running at the same time is not disturbed) and runs it.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const OUT = path.join(ROOT, 'apps/server', `dist-test-${process.pid}`);
const MIGRATIONS = path.join(ROOT, 'apps/server/src/db/migrations');

interface Started {
  output: string;
  health: number;
  menu: unknown;
  exitCode: number | null;
}

/** Runs the bundle with plain node until it serves, asks it for its health and menu, then stops it with SIGTERM. */
async function runCompiled(env: Record<string, string>): Promise<Started> {
  const shop = await launchShop('compiled', {
    compiled: path.join(OUT, 'main.js'),
    env: { ...process.env, ADMIN_PASSWORD: '', ADMIN_EMAIL: '', DATABASE_URL: '', NODE_ENV: 'test', ...env },
    readyWhen: 'running',
  });
  const health = await fetch(`${shop.url}/api/health`).then(
    (r) => r.status,
    () => 0,
  );
  const menu: unknown = await fetch(`${shop.url}/api/allproduts`).then(
    (r) => r.json(),
    () => null,
  );
  await stopShop(shop);
  const { code } = await shop.exited;
  // Read after the exit: the shutdown lines arrive last.
  return { output: shop.output(), health, menu, exitCode: code };
}

describe('the compiled server (npm run build, npm run serve)', () => {
  let bundle = '';
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', OUT], { cwd: ROOT, encoding: 'utf8' });
    expect(build.stderr).toBe('');
    expect(build.status).toBe(0);
    expect(build.stdout).toMatch(/^Server built: apps\/server\/dist-test-\d+\/main\.js \(\d+ server and \d+ shared files/);
    bundle = await readFile(path.join(OUT, 'main.js'), 'utf8');
  }, 120_000);
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    await rm(OUT, { recursive: true, force: true });
  });

  it('is one ES module holding the server and @shop/shared, importing only packages Node can load', async () => {
    // The shared package is TypeScript source that Node cannot import: it must be inside the bundle.
    expect(bundle).not.toMatch(/from ["']@shop\//);
    expect(bundle).not.toMatch(/from ["']tsx/);
    expect(bundle).toContain('// packages/shared/src/domain/money.ts');
    // The migrations travel with it, every one of them.
    const sources = (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.sql')).sort();
    expect((await readdir(path.join(OUT, 'migrations'))).filter((name) => name.endsWith('.sql')).sort()).toEqual(sources);
  });

  it('starts with plain node on a fresh embedded database: migrates, seeds, prints the URL and the admin sign-in, serves, stops cleanly', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-compiled-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const run = await runCompiled({ DATA_DIR: dataDir });
    expect(run.output).toMatch(/Seeded 12 categories/);
    expect(run.output).toMatch(/Shop running at http:\/\/localhost:\d+/);
    expect(run.output).toMatch(/Admin sign-in: admin@example\.com \/ \S+/);
    expect(run.health).toBe(200);
    expect(Array.isArray(run.menu) && run.menu.length).toBeGreaterThan(10);
    expect(run.output).toContain('Shut down cleanly');
    expect(run.exitCode).toBe(0);
  }, 180_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'migrates a fresh PostgreSQL database from the migrations beside it',
    async () => {
      const database = await createTestDatabase(process.env.TEST_DATABASE_URL as string, 'shop_compiled');
      cleanups.push(() => database.drop());

      const run = await runCompiled({ DATABASE_URL: database.url, DATA_DIR: './unused' });
      expect(run.output).toContain('data: PostgreSQL (DATABASE_URL)');
      expect(run.health).toBe(200);
      expect(run.exitCode).toBe(0);

      const applied = await database.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
      const journal = JSON.parse(await readFile(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(Number(applied[0]?.n)).toBe(journal.entries.length);
    },
    180_000,
  );
});
