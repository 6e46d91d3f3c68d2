// `npm run dev` as a developer uses it: scripts/dev.mjs starts the API server (tsx watch) and Vite's dev server,
// and the browser is on Vite's page. Everything goes through Vite's proxy with the Origin a browser on that page
// sends. Before the server was told that origin, every change (a sign-up, a sign-in, an order) was refused as
// coming from another site.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, START_MS, STOP_MS } from './shop-process';
import { DEFAULT_SHOP_TIME, TEST_ADMIN_PASSWORD } from './test-constants';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Resolves once `url` answers 200; throws at once if `child` exits first (as launchShop in shop-process.ts does). */
async function waitForOk(url: string, child: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  let last = '';
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`npm run dev exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within ${ms} ms (${last})`);
}

describe('npm run dev', () => {
  let dev: ChildProcess;
  let dir: string;
  let page: string;
  let output = '';

  beforeAll(async () => {
    const [apiPort, webPort] = [await freePort(), await freePort()];
    page = `http://localhost:${webPort}`;
    dir = mkdtempSync(path.join(tmpdir(), 'shop-dev-'));
    const { PUBLIC_ORIGIN: _unset, ...env } = process.env;
    // Its own process group, so that the servers it starts (npx, npm, tsx, vite) stop with it.
    dev = spawn(process.execPath, ['scripts/dev.mjs'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...env,
        PORT: String(apiPort),
        WEB_PORT: String(webPort),
        DATA_DIR: dir,
        ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
        SHOP_TIME: DEFAULT_SHOP_TIME,
        LOG_LEVEL: 'warn',
      },
    });
    dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitForOk(`${page}/api/health`, dev, START_MS);
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : error}\n${output}`);
    }
  }, START_MS + 10_000);

  afterAll(async () => {
    if (dev?.pid && dev.exitCode === null) {
      const exited = new Promise((resolve) => dev.once('exit', resolve));
      process.kill(-dev.pid, 'SIGTERM');
      const timer = setTimeout(() => process.kill(-dev.pid!, 'SIGKILL'), STOP_MS);
      await exited;
      clearTimeout(timer);
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, STOP_MS + 10_000);

  it('serves the page from Vite and lets it sign up a customer through the proxy', async () => {
    const html = await (await fetch(`${page}/signup`)).text();
    expect(html).toContain('/src/main.tsx');

    const email = `dev-${Date.now()}@example.com`;
    const response = await fetch(`${page}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: page, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ username: 'Dev Person', email, password: 'a-Strong-password-1' }),
    });
    const body = (await response.json()) as { message?: string; user?: { email: string } };
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body.user?.email).toBe(email);
  });

  it('still refuses a change from another site', async () => {
    const response = await fetch(`${page}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ username: 'Evil', email: `evil-${Date.now()}@example.com`, password: 'a-Strong-password-1' }),
    });
    expect(response.status).toBe(403);
  });
});
