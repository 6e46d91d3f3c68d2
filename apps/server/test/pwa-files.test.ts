import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness';

// The installable storefront's files (decision 1101), as the web build writes them at dist/'s root.
const FILES: Record<string, string> = {
  'index.html':
    '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>',
  'sw.js': '(function(){self.addEventListener("install",function(){self.skipWaiting()})})();',
  'manifest.webmanifest': JSON.stringify({ name: 'Takeaway Shop', short_name: 'Takeaway', start_url: '/', display: 'standalone' }),
  'offline.html': '<!doctype html><html><head><title>You are offline</title></head><body><script src="/offline.js"></script></body></html>',
  'offline.js': 'void 0;',
  'assets/index-abc.js': 'export {};',
};

describe.each(testDatabases())('the service worker and the web app manifest, on %s', (kind) => {
  let server: TestServer;
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'shop-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    for (const [file, body] of Object.entries(FILES)) await writeFile(path.join(distDir, file), body);
    server = await startTestServer({ db: kind, webDistDir: distDir });
  });

  afterAll(async () => {
    await server.close();
    await rm(distDir, { recursive: true, force: true });
  });

  async function get(pathname: string) {
    const response = await fetch(`${server.url}${pathname}`);
    return { status: response.status, headers: response.headers, body: await response.text() };
  }

  it('serves /sw.js as JavaScript that the browser revalidates on every update check', async () => {
    const sw = await get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/^(application|text)\/javascript(;|$)/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.body).toBe(FILES['sw.js']);
  });

  it('serves /manifest.webmanifest as a web app manifest, revalidated', async () => {
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json(;|$)/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(JSON.parse(manifest.body)).toMatchObject({ name: 'Takeaway Shop', display: 'standalone' });
  });

  it('serves the offline page with the shop CSP (its script is a file of the shop, not inline)', async () => {
    const page = await get('/offline.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await get('/offline.js')).status).toBe(200);
  });

  it('keeps hashed assets for a year, unlike the worker', async () => {
    expect((await get('/assets/index-abc.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
