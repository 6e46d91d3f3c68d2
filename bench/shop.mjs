// Starts the shop for a benchmark on a fresh embedded database in a temporary folder, and waits for URLs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Debian's Chromium as the benches start it: no sandbox (root), and none of its calls home (a closed network). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function waitFor(url, ms = 60000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

export function startShop(port, extraEnv = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SHOP_TIME: '2026-11-18T18:00:00Z',
      ADMIN_PASSWORD: 'bench-admin-pass',
      ...extraEnv,
    },
  });
  // Never outlive the bench: a shop left behind keeps its port, and the next run's shop cannot take it.
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  return {
    child,
    stop: () => {
      process.off('exit', kill);
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * startShop on a port nobody holds: a shop left there by an earlier run would answer instead of this one (and with
 * another build), so the measurement refuses to start.
 */
export async function startFreshShop(port, extraEnv = {}) {
  const taken = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is taken: stop what listens there`);
  return startShop(port, extraEnv);
}
