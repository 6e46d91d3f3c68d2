import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { launchShop, stopShop } from './shop-process';

/** Starts the shop as `npm start` does (without the build), waits until it serves, then stops it with SIGTERM. */
async function startAndStop(dataDir: string, shopTime = ''): Promise<{ output: string; health: number; exitCode: number | null }> {
  // tsx as a loader inside this node process, so SIGTERM reaches the shop itself and not a wrapper.
  const shop = await launchShop('main', {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: '',
      ADMIN_EMAIL: '',
      DATABASE_URL: '',
      NODE_ENV: 'test',
      SHOP_TIME: shopTime,
    },
    readyWhen: 'running',
  });
  const health = await fetch(`${shop.url}/api/health`).then(
    (r) => r.status,
    () => 0,
  );
  await stopShop(shop);
  const { code } = await shop.exited;
  return { output: shop.output(), health, exitCode: code };
}

describe('the shop process (main.ts)', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('seeds a fresh DATA_DIR, prints the URL, a generated admin password once and the clock, stops cleanly on SIGTERM, and reuses the data next time', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-main-'));

    const first = await startAndStop(dataDir);
    expect(first.health).toBe(200);
    expect(first.output).toMatch(/Seeded 12 categories/);
    expect(first.output).toMatch(/Shop running at http:\/\/localhost:\d+/);
    expect(first.output).toMatch(/Admin sign-in: admin@example\.com \/ \S+/);
    // The real clock, and whether the shop takes orders at it (startup-lines.test.ts has the words).
    expect(first.output).toMatch(/Clock: real time, \w+day \d+ \w+ \d{4}, \d\d:\d\d in London\. We are (open|closed)/);
    expect(first.output).toContain('SIGTERM received, shutting down');
    expect(first.output).toContain('Shut down cleanly');
    expect(first.exitCode).toBe(0);

    const second = await startAndStop(dataDir, '2026-11-18T18:00:00Z');
    expect(second.health).toBe(200);
    expect(second.output).toContain(
      'Clock: fixed by SHOP_TIME at Wednesday 18 November 2026, 18:00 in London (it does not move). We are open until 23:15.',
    );
    expect(second.output).not.toMatch(/Seeded/);
    expect(second.output).not.toMatch(/Admin sign-in: admin@example\.com \/ /);
    expect(second.output).toContain('Admin sign-in: admin@example.com (password as set at first start');
    expect(second.exitCode).toBe(0);
  }, 240_000);

  it('refuses to start in production without payments and mail configured, saying what to set, before it touches any data', async () => {
    const untouched = await mkdtemp(path.join(tmpdir(), 'shop-main-prod-'));
    try {
      const { STRIPE_SECRET_KEY: _s, STRIPE_PUBLISHABLE_KEY: _p, SMTP_URL: _m, PAYMENTS: _y, ...env } = process.env;
      const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../src/main.ts', import.meta.url))], {
        env: { ...env, NODE_ENV: 'production', DATA_DIR: path.join(untouched, 'data'), DATABASE_URL: '', PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('Configuration error: NODE_ENV=production refuses to start: card payments need STRIPE_SECRET_KEY');
      expect(run.stderr).toContain('set PAYMENTS=cash-only to take cash on delivery only');
      expect(run.stderr).toContain('SMTP_URL must be set');
      expect(run.stdout).not.toContain('Shop running at');
      expect(readdirSync(untouched)).toEqual([]);
    } finally {
      await rm(untouched, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a first start in production without ADMIN_PASSWORD, instead of printing a generated one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'shop-main-admin-'));
    try {
      const { ADMIN_PASSWORD: _a, STRIPE_SECRET_KEY: _s, STRIPE_PUBLISHABLE_KEY: _p, ...env } = process.env;
      const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../src/main.ts', import.meta.url))], {
        env: {
          ...env,
          NODE_ENV: 'production',
          PAYMENTS: 'cash-only',
          SMTP_URL: 'smtp://127.0.0.1:9',
          DATA_DIR: dir,
          DATABASE_URL: '',
          PORT: '0',
          SHOP_TIME: '',
          RATE_LIMIT_MULTIPLIER: '',
          DEMO_ORDERS: '',
        },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('ADMIN_PASSWORD must be set for the first start in production');
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/Admin sign-in: \S+ \/ /);
      expect(run.stdout).not.toContain('Shop running at');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 150_000);
});
