// Backup and restore drill (docs/deployment.md, "Backups"): proves that a custom-format pg_dump of a shop database
// restores with pg_restore into an empty database and that every order comes back.
//
//   node scripts/backup-restore-check.mjs --server postgres://postgres@127.0.0.1:5432/postgres
//       Creates a fresh database on that server, lets the shop itself migrate and seed it with the demo month of
//       orders (apps/server/src/main.ts with DEMO_ORDERS=true, stopped once it serves), dumps it with
//       `pg_dump -Fc`, restores the dump into a second fresh database with `pg_restore`, checks it, and drops both.
//   node scripts/backup-restore-check.mjs --server postgres://... --source postgres://.../shop
//       The same drill on a shop's own database: dumps it (nothing is written to it) and restores into a scratch
//       database on --server, which is dropped afterwards. Run it on the live database now and then, or on a copy.
//
// The check: every order that existed before the dump is in the restored database with the same id, total,
// subtotal, payment type and number of lines, every table (the migrations' journal too) is there, and, for the
// fresh database (nothing writes to it), every table has as many rows as before the dump. Exits 0 and says what it compared, or 1 naming what is missing or different.
// --keep leaves the databases and the dump file in place. pg_dump, pg_restore and psql are taken from PATH
// (Debian: postgresql-client, of the server's major version or newer).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const { values: args } = parseArgs({
  options: {
    server: { type: 'string' },
    source: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const serverUrl = args.server ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error(
    'Usage: node scripts/backup-restore-check.mjs --server postgres://user@host:5432/postgres [--source postgres://.../shop] [--keep]',
  );
  process.exit(2);
}

function databaseUrl(base, name) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs a PostgreSQL client tool; throws with its stderr when it fails. */
function run(tool, toolArgs) {
  const result = spawnSync(tool, toolArgs, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`${tool}: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(
      `${tool} ${toolArgs.filter((a) => !a.startsWith('postgres')).join(' ')} exited ${result.status}: ${result.stderr.trim()}`,
    );
  return result.stdout;
}

/** Rows of a query as arrays of text fields (psql's unaligned output, tab-separated). */
function query(url, sql) {
  const out = run('psql', [url, '-X', '-v', 'ON_ERROR_STOP=1', '-At', '-F', '\t', '-c', sql]);
  return out
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

/** What the check compares: the orders (immutable fields) and the row count of every table. */
function snapshot(url) {
  const tables = query(
    url,
    "select table_schema, table_name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2",
  );
  const counts = new Map();
  for (const [schema, table] of tables) {
    const name = `"${schema}"."${table}"`;
    counts.set(name, Number(query(url, `select count(*) from ${name}`)[0]?.[0]));
  }
  // A restore that left no orders table has no orders: the comparison then names each one as missing.
  const orders = new Map(
    counts.has('"public"."orders"')
      ? query(url, 'select id, total, subtotal, payment_type, jsonb_array_length(items) from orders order by id').map(([id, ...rest]) => [
          id,
          rest.join(' '),
        ])
      : [],
  );
  return { orders, counts };
}

function compare(before, after, { live }) {
  const problems = [];
  for (const [id, fields] of before.orders) {
    const restored = after.orders.get(id);
    if (restored === undefined) problems.push(`order ${id} is missing from the restored database`);
    else if (restored !== fields) problems.push(`order ${id} differs: total subtotal payment lines were ${fields}, restored ${restored}`);
  }
  for (const [table, count] of before.counts) {
    const restored = after.counts.get(table);
    if (restored === undefined) problems.push(`table ${table} is missing from the restored database`);
    // A live shop adds and removes rows (sessions, rate limits) between the count and the dump; only a fresh
    // source, which nothing writes to, must match row for row.
    else if (!live && restored !== count) problems.push(`table ${table} has ${restored} rows restored, ${count} before the dump`);
  }
  return problems;
}

/** Starts the shop on `url` so that it migrates and seeds (with the demo orders), and stops it once it serves. */
async function fillWithTheShop(url) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      DEMO_ORDERS: 'true',
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
      LOG_LEVEL: 'warn',
      // Not production, which refuses DEMO_ORDERS (made-up orders) and starts only with mail and payments set up.
      NODE_ENV: 'development',
      SHOP_TIME: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  const deadline = Date.now() + 180_000;
  while (!output.includes('Shop running at') && child.exitCode === null && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  const started = output.includes('Shop running at');
  child.kill('SIGTERM');
  const code = await exited;
  if (!started || code !== 0) throw new Error(`the shop did not start and stop cleanly on the fresh database (exit ${code}):\n${output}`);
  return output.match(/Demo orders: .*/)?.[0] ?? '';
}

const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const created = [];
const workDir = mkdtempSync(path.join(tmpdir(), 'shop-backup-check-'));
const dumpFile = path.join(workDir, 'shop.dump');
let failed = false;

try {
  let sourceUrl = args.source;
  if (!sourceUrl) {
    const name = `shop_backup_source_${suffix}`;
    query(serverUrl, `create database ${name}`);
    created.push(name);
    sourceUrl = databaseUrl(serverUrl, name);
    const filled = await fillWithTheShop(sourceUrl);
    console.info(`Source: fresh database ${name}, migrated and seeded by the shop. ${filled}`);
  } else {
    console.info(`Source: ${new URL(sourceUrl).pathname.slice(1)} on ${new URL(sourceUrl).host} (only read)`);
  }

  const before = snapshot(sourceUrl);
  if (before.orders.size === 0 && !args.source) throw new Error('the source database has no orders to check');

  const dumpStarted = performance.now();
  run('pg_dump', ['--format=custom', '--file', dumpFile, sourceUrl]);
  const dumpMs = performance.now() - dumpStarted;

  const restoreName = `shop_backup_restore_${suffix}`;
  query(serverUrl, `create database ${restoreName}`);
  created.push(restoreName);
  const restoreUrl = databaseUrl(serverUrl, restoreName);
  const restoreStarted = performance.now();
  run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', restoreUrl, dumpFile]);
  const restoreMs = performance.now() - restoreStarted;

  const after = snapshot(restoreUrl);
  const problems = compare(before, after, { live: Boolean(args.source) });
  const kb = Math.round(statSync(dumpFile).size / 1024);
  console.info(
    `Dump: pg_dump --format=custom, ${kb} KB in ${Math.round(dumpMs)} ms; restored with pg_restore into ${restoreName} in ${Math.round(restoreMs)} ms.`,
  );
  if (problems.length > 0) {
    failed = true;
    console.error(`FAIL: the restored database is not the one dumped (${problems.length} problem(s)):`);
    for (const problem of problems.slice(0, 20)) console.error(`  ${problem}`);
    if (problems.length > 20) console.error(`  ... and ${problems.length - 20} more`);
  } else {
    const rows = [...before.counts.values()].reduce((a, b) => a + b, 0);
    console.info(
      `OK: all ${before.orders.size} orders restored with the same ids, totals, subtotals, payment types and lines; ${before.counts.size} tables, ${rows} rows, counts match.`,
    );
  }
} catch (error) {
  failed = true;
  console.error(`FAIL: ${error instanceof Error ? error.message : error}`);
} finally {
  if (args.keep) {
    console.info(`Kept: databases ${created.join(', ') || '(none created)'} and ${dumpFile}`);
  } else {
    for (const name of created.reverse()) {
      try {
        query(serverUrl, `drop database if exists ${name} with (force)`);
      } catch (error) {
        console.error(`Could not drop ${name}: ${error instanceof Error ? error.message : error}`);
      }
    }
    rmSync(workDir, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);
