import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the shop as `npm start` does (without the build), waits until it serves, then stops it with SIGTERM. */
async function startAndStop(dataDir: string): Promise<{ output: string; health: number; exitCode: number | null }> {
  const port = await freePort();
  // tsx as a loader inside this node process, so SIGTERM reaches the shop itself and not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: '', ADMIN_EMAIL: '', DATABASE_URL: '', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': the last lines of output may still be on their way when the process exits.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  while (!output.includes('Shop running at') && Date.now() < deadline && child.exitCode === null) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const health = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status, () => 0);
  child.kill('SIGTERM');
  const exitCode = await exited;
  return { output, health, exitCode };
}

describe('the shop process (main.ts)', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('seeds a fresh DATA_DIR, prints the URL and a generated admin password once, stops cleanly on SIGTERM, and reuses the data next time', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-main-'));

    const first = await startAndStop(dataDir);
    expect(first.health).toBe(200);
    expect(first.output).toMatch(/Seeded 12 categories/);
    expect(first.output).toMatch(/Shop running at http:\/\/localhost:\d+/);
    expect(first.output).toMatch(/Admin sign-in: admin@example\.com \/ \S+/);
    expect(first.output).toContain('SIGTERM received, shutting down');
    expect(first.output).toContain('Shut down cleanly');
    expect(first.exitCode).toBe(0);

    const second = await startAndStop(dataDir);
    expect(second.health).toBe(200);
    expect(second.output).not.toMatch(/Seeded/);
    expect(second.output).not.toMatch(/Admin sign-in: admin@example\.com \/ /);
    expect(second.output).toContain('Admin sign-in: admin@example.com (password as set at first start');
    expect(second.exitCode).toBe(0);
  }, 240_000);
});
