import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestForShop, shortNameOf } from '../src/spa/web-manifest';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { call } from './order-fixtures';
import { signInAs } from './sign-in';

// The installable storefront's files (decision 1101), as the web build writes them at dist/'s root.
const FILES: Record<string, string> = {
  'index.html':
    '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>',
  'sw.js': '(function(){self.addEventListener("install",function(){self.skipWaiting()})})();',
  'manifest.webmanifest': JSON.stringify({
    name: 'Takeaway Shop',
    short_name: 'Takeaway',
    start_url: '/',
    display: 'standalone',
    theme_color: '#5b4bdb',
    icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' }],
  }),
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

  it("serves /manifest.webmanifest as a web app manifest, revalidated, named after the shop's trader", async () => {
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json(;|$)/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    // Until the owner names the shop: the placeholder trader's name.
    expect(JSON.parse(manifest.body)).toMatchObject({ name: 'Takeaway Shop', short_name: 'Takeaway', display: 'standalone' });

    const admin = await signInAs(server, { role: 'owner' });
    expect((await call(server, 'PUT', '/shop-settings', admin, { traderName: 'Harbourside Slice' })).status).toBe(200);
    const renamed = JSON.parse((await get('/manifest.webmanifest')).body) as Record<string, unknown>;
    // The build's manifest with the shop's name: the icons, colour and start URL as built.
    expect(renamed).toEqual({ ...JSON.parse(FILES['manifest.webmanifest']!), name: 'Harbourside Slice', short_name: 'Harbourside' });
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

describe("the manifest's names", () => {
  it('shortens a name to the first words that fit a home screen (12 characters)', () => {
    expect(shortNameOf('Takeaway Shop')).toBe('Takeaway');
    expect(shortNameOf('Harbourside Slice')).toBe('Harbourside');
    expect(shortNameOf('  Pizza   Express  ')).toBe('Pizza');
    expect(shortNameOf('Bob’s Pizza')).toBe('Bob’s Pizza');
    expect(shortNameOf('Supercalifragilistic Pizza')).toBe('Supercalifra');
  });

  it('keeps the build’s manifest as it is when the shop has no name', () => {
    expect(manifestForShop({ name: 'Takeaway Shop', icons: [] }, '  ')).toEqual({ name: 'Takeaway Shop', icons: [] });
    expect(manifestForShop({ name: 'Takeaway Shop', icons: [] }, ' Harbour  Pizza ')).toEqual({
      name: 'Harbour Pizza',
      short_name: 'Harbour',
      icons: [],
    });
  });
});
