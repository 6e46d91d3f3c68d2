// Start-up time and memory of the server run three ways (decision 0700): the compiled bundle
// (`node apps/server/dist/main.js`, what `npm run serve` runs), tsx as a loader inside one node process
// (`node --import tsx apps/server/src/main.ts`, what the tests and e2e run) and the tsx command
// (`tsx apps/server/src/main.ts`, what `npm run serve` ran before: a parent process that starts node with the loader).
// For each, RUNS starts on the embedded database (PGlite): the time from spawn to the "Shop running at" line,
// the RSS of the process tree then, and again after 200 sequential GET /api/allproduts.
// Each start is on a database that is already migrated and seeded (a restart, the usual case); the first start of
// a fresh database adds the seed (about 1.5 s here) whichever way the server runs.
//
// With MEASURE_DATABASE_URL=postgres://... the starts use a throwaway database on that PostgreSQL server instead
// (created and dropped with psql), as a deployment behind nginx does.
//
// Usage: npm run build && node scripts/measure-startup.mjs [RUNS=3]
// The machine is shared: run it when it is quiet, and read medians, not single figures.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.argv[2] ?? 3);
const SERVER_URL = process.env.MEASURE_DATABASE_URL;
const MODES = {
  compiled: [process.execPath, ['--liftoff-only', '--max-semi-space-size=4', '--enable-source-maps', 'apps/server/dist/main.js']],
  'node --import tsx': [process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts']],
  'tsx (command)': [process.execPath, ['node_modules/tsx/dist/cli.mjs', 'apps/server/src/main.ts']],
};

/** A port nobody listens on now (the machine is shared). */
const PORT = await new Promise((resolve, reject) => {
  const probe = createServer().on('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});

if (!existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

/** RSS in KiB of a process and its descendants (the tsx command runs the shop in a child process). */
function treeRssKb(pid) {
  const out = spawnSync('ps', ['-e', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' }).stdout;
  const rows = out
    .trim()
    .split('\n')
    .map((row) => row.trim().split(/\s+/).map(Number));
  const pids = new Set([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [p, pp] of rows) {
      if (pids.has(pp) && !pids.has(p)) {
        pids.add(p);
        grew = true;
      }
    }
  }
  return rows.filter(([p]) => pids.has(p)).reduce((sum, [, , rss]) => sum + rss, 0);
}

async function startOnce(mode, dataDir) {
  const [cmd, args] = MODES[mode];
  const started = performance.now();
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      ADMIN_PASSWORD: 'measure-Pass-123',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Shop running at')) resolve(performance.now() - started);
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`${mode} exited ${code} before starting:\n${output}`)));
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    const startupMs = await ready;
    const rssStartKb = treeRssKb(child.pid);
    for (let i = 0; i < 200; i++) {
      const response = await fetch(`http://127.0.0.1:${PORT}/api/allproduts`);
      if (response.status !== 200) throw new Error(`GET /api/allproduts answered ${response.status}`);
      await response.arrayBuffer();
    }
    const rssAfterKb = treeRssKb(child.pid);
    return { startupMs, rssStartKb, rssAfterKb };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (kb) => (kb / 1024).toFixed(0);

function psql(sql) {
  const result = spawnSync('psql', [SERVER_URL, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql: ${result.stderr || result.error}`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-measure-'));
const databaseName = `shop_measure_${process.pid}`;
let databaseUrl;
if (SERVER_URL) {
  psql(`create database ${databaseName}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
}
try {
  // One first start migrates and seeds the database the measured starts then reuse.
  await startOnce('compiled', dataDir);
  const results = {};
  for (let run = 0; run < RUNS; run++) {
    // Interleaved, so a busy moment on the shared machine falls on every mode rather than on one.
    for (const mode of Object.keys(MODES)) {
      const result = await startOnce(mode, dataDir);
      (results[mode] ??= []).push(result);
      console.info(
        `${mode.padEnd(18)} run ${run + 1}: start ${Math.round(result.startupMs)} ms, RSS ${mb(result.rssStartKb)} MB, after 200 menus ${mb(result.rssAfterKb)} MB`,
      );
    }
  }
  const cpus = readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length ?? '?';
  console.info(`\nmedian of ${RUNS} on ${SERVER_URL ? 'PostgreSQL' : 'PGlite'} (node ${process.version}, ${cpus} CPUs):`);
  console.info('| how | start to "Shop running at" | RSS after start | RSS after 200 GET /api/allproduts |');
  console.info('|---|---|---|---|');
  for (const [mode, runs] of Object.entries(results)) {
    const all = (key, f) => runs.map((r) => f(r[key])).join(', ');
    console.info(
      `| ${mode} | ${Math.round(median(runs.map((r) => r.startupMs)))} ms (${all('startupMs', Math.round)}) | ${mb(median(runs.map((r) => r.rssStartKb)))} MB (${all('rssStartKb', mb)}) | ${mb(median(runs.map((r) => r.rssAfterKb)))} MB (${all('rssAfterKb', mb)}) |`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (SERVER_URL) psql(`drop database if exists ${databaseName} with (force)`);
}
