// A/B of two or more builds with Lighthouse's mobile preset: one shop per build, started side by side, then one run
// of each build in turn (A, B, A, B, ...) so a machine whose load drifts weighs on every build alike. Prints each run
// with the load average at its end, then each build's medians. This is how decision 1103 judges a start-up device.
//   AB_DIRS=/tmp/with,/tmp/without [AB_ROOTS=<repo>,<repo>] [LH_RUNS=5] [LH_SLOWDOWNS=4] node --import tsx bench/lighthouse-ab.mjs
// Build each variant into its own folder first (decision 1103, "To repeat"). AB_ROOTS: the checkout whose server
// serves each build (this one by default), for a build whose server side differs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { lighthouseRun } from './lighthouse-budgets.mjs';
import { ROOT, waitFor } from './shop.mjs';

const dirs = (process.env.AB_DIRS ?? '').split(',').filter(Boolean);
if (dirs.length < 2) throw new Error('AB_DIRS: two or more build folders, comma-separated');
const roots = (process.env.AB_ROOTS ?? '').split(',').filter(Boolean);
const runs = Number(process.env.LH_RUNS ?? 5);
const slowdowns = (process.env.LH_SLOWDOWNS ?? '4').split(',').map(Number);
const basePort = Number(process.env.LH_PORT ?? 3431);

function shopOn(port, webDistDir, root) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-ab-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST_DIR: webDistDir,
      LOG_LEVEL: 'warn',
      SHOP_TIME: '2026-11-18T18:00:00Z',
      ADMIN_PASSWORD: 'bench-admin-pass',
    },
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  return stop;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const shops = dirs.map((dir, i) => ({ dir, url: `http://127.0.0.1:${basePort + i}/`, stop: shopOn(basePort + i, dir, roots[i] ?? ROOT) }));
try {
  for (const shop of shops) {
    await waitFor(shop.url, 180000);
    // The server's first render loads its renderer; the runs get the cached page.
    await fetch(shop.url);
  }
  for (const slowdown of slowdowns) {
    const results = shops.map(() => []);
    for (let run = 0; run < runs; run++) {
      for (const [i, shop] of shops.entries()) {
        const { figures } = await lighthouseRun(shop.url, slowdown).catch(() => lighthouseRun(shop.url, slowdown));
        const load = loadavg()[0].toFixed(2);
        results[i].push(figures);
        console.info(
          `${slowdown}x run ${run + 1} ${path.basename(shop.dir).padEnd(16)} perf ${figures.performance} LCP ${figures.lcpMs} TBT ${figures.tbtMs} FCP ${figures.fcpMs} CLS ${figures.cls} SEO ${figures.seo} load ${load}`,
        );
      }
    }
    for (const [i, shop] of shops.entries()) {
      const m = (key) => median(results[i].map((figures) => figures[key]));
      console.info(
        `${slowdown}x median of ${runs} ${path.basename(shop.dir).padEnd(16)} perf ${m('performance')} LCP ${m('lcpMs')} ms TBT ${m('tbtMs')} ms FCP ${m('fcpMs')} ms CLS ${m('cls')} SEO ${m('seo')}`,
      );
    }
  }
} finally {
  for (const shop of shops) shop.stop();
}
