import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The backup drill of docs/deployment.md (scripts/backup-restore-check.mjs): pg_dump -Fc of a shop database with
// the demo month of orders, pg_restore into a fresh database, every order checked. It needs a PostgreSQL server
// (TEST_DATABASE_URL, as CI sets) and the PostgreSQL client tools.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SCRIPT = path.join(ROOT, 'scripts/backup-restore-check.mjs');
const serverUrl = process.env.TEST_DATABASE_URL;
const tools = ['pg_dump', 'pg_restore', 'psql'];
const missingTool = tools.find((tool) => spawnSync(tool, ['--version']).status !== 0);
const skipReason = !serverUrl
  ? 'TEST_DATABASE_URL is not set'
  : missingTool
    ? `${missingTool} is not installed (apt-get install postgresql-client)`
    : undefined;
if (skipReason) console.warn(`SKIPPED backup-restore check: ${skipReason}.`);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCheck(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SCRIPT, '--server', serverUrl ?? '', ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function psql(url: string, sql: string): string {
  const result = spawnSync('psql', [url, '-X', '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout.trim();
}

function databaseUrl(name: string): string {
  const url = new URL(serverUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/** A pg_restore that restores as asked and then does `after` to the restored database: a backup gone wrong. */
function brokenPgRestore(dir: string, after: 'change-a-total' | 'restore-nothing'): NodeJS.ProcessEnv {
  const real = spawnSync('sh', ['-c', 'command -v pg_restore'], { encoding: 'utf8' }).stdout.trim();
  const bin = path.join(dir, after);
  rmSync(bin, { recursive: true, force: true });
  spawnSync('mkdir', ['-p', bin]);
  const body =
    after === 'restore-nothing'
      ? 'exit 0'
      : [
          `"${real}" "$@" || exit $?`,
          'db=""; while [ $# -gt 0 ]; do [ "$1" = "--dbname" ] && db="$2"; shift; done',
          `psql "$db" -X -q -c "update orders set total = total + 1 where id = (select min(id) from orders)"`,
        ].join('\n');
  writeFileSync(path.join(bin, 'pg_restore'), `#!/bin/sh\n${body}\n`);
  chmodSync(path.join(bin, 'pg_restore'), 0o755);
  return { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
}

describe.skipIf(skipReason !== undefined)('backup and restore (scripts/backup-restore-check.mjs)', () => {
  const kept: string[] = [];
  const workDir = mkdtempSync(path.join(tmpdir(), 'shop-backup-test-'));
  afterAll(() => {
    for (const name of kept) psql(serverUrl ?? '', `drop database if exists ${name} with (force)`);
    rmSync(workDir, { recursive: true, force: true });
  });

  let sourceUrl = '';

  it('dumps a shop database full of orders with pg_dump -Fc, restores it with pg_restore, finds every order, and drops its databases', async () => {
    const run = await runCheck(['--keep']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const names = /Kept: databases (\S+), (\S+) and/.exec(run.stdout);
    expect(names, run.stdout).not.toBeNull();
    const [source, restored] = [names?.[1] ?? '', names?.[2] ?? ''];
    kept.push(source, restored);
    sourceUrl = databaseUrl(source);

    const orders = Number(/OK: all (\d+) orders restored/.exec(run.stdout)?.[1]);
    expect(orders).toBeGreaterThan(300);
    // What the script says it compared is what both databases hold.
    const fingerprint = "select count(*), sum(total), string_agg(id, ',' order by id) from orders";
    expect(psql(databaseUrl(restored), fingerprint)).toBe(psql(sourceUrl, fingerprint));
    expect(psql(sourceUrl, 'select count(*) from orders')).toBe(String(orders));

    // Without --keep, nothing is left behind.
    const clean = await runCheck(['--source', sourceUrl]);
    expect(clean.code).toBe(0);
    const scratch = /restored with pg_restore into (\S+) in/.exec(clean.stdout)?.[1] ?? '';
    expect(scratch).toMatch(/^shop_backup_restore_/);
    expect(psql(serverUrl ?? '', `select count(*) from pg_database where datname = '${scratch}'`)).toBe('0');
  }, 300_000);

  it('fails, naming the order, when a restored order total differs', async () => {
    expect(sourceUrl).not.toBe('');
    const run = await runCheck(['--source', sourceUrl], brokenPgRestore(workDir, 'change-a-total'));
    const first = psql(sourceUrl, 'select min(id) from orders');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('FAIL: the restored database is not the one dumped (1 problem(s))');
    expect(run.stderr).toContain(`order ${first} differs`);
  }, 120_000);

  it('fails when the restore leaves the database empty', async () => {
    expect(sourceUrl).not.toBe('');
    const run = await runCheck(['--source', sourceUrl], brokenPgRestore(workDir, 'restore-nothing'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/is missing from the restored database/);
  }, 120_000);
});
