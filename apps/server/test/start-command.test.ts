import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm start` (and `npm run demo`) build before they serve. Before, the build printed about 120 lines (Vite's
// size of every asset, a warning about vite.config.ts) above the lines a newcomer needs: the URL, the admin
// sign-in and the clock (main.test.ts). The build they run prints only what is wrong, and the server's one line.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('npm start and npm run demo', () => {
  it('build quietly, then serve', () => {
    expect(scripts.start).toBe('npm run build:quiet --silent && npm run serve --silent');
    expect(scripts.demo).toMatch(/^npm run build:quiet --silent && /);
    // The browser's build, the storefront's server renderer beside it (decision 1100), then the server.
    expect(scripts['build:quiet']?.split(' && ')).toEqual([
      expect.stringMatching(/^vite build apps\/web --logLevel warn$/),
      expect.stringMatching(/^vite build apps\/web --config apps\/web\/vite\.ssr\.config\.ts --logLevel warn$/),
      'node scripts/build-server.mjs',
    ]);
  });

  it('print nothing of the web build but its problems', async () => {
    const [webBuild = ''] = (scripts['build:quiet'] ?? '').split(' && ');
    const [command = '', ...args] = webBuild.split(' ');
    const outDir = await mkdtemp(path.join(tmpdir(), 'shop-quiet-build-'));
    try {
      // As npm runs it (node_modules/.bin on the PATH), into a folder of its own: apps/web/dist is left alone.
      const bin = path.join(ROOT, 'node_modules', '.bin', command);
      // A shell's environment: not vitest's NODE_ENV=test, under which Vite makes a development build.
      const { NODE_ENV: _test, ...env } = process.env;
      const run = spawnSync(bin, [...args, '--outDir', outDir, '--emptyOutDir'], { cwd: ROOT, env, encoding: 'utf8', timeout: 170_000 });
      expect(run.status, run.stderr).toBe(0);
      const output = run.stdout + run.stderr;
      // No size of every asset, no progress, no warning about the build's own configuration. (A real problem, such
      // as a chunk over the size limit, still shows.)
      expect(output).not.toMatch(/\d kB|transforming|built in/);
      expect(output).not.toContain('configLoader');
      expect(existsSync(path.join(outDir, 'index.html'))).toBe(true);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 180_000);
});
