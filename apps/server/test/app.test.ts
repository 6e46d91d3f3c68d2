import { brotliCompressSync, gzipSync } from 'node:zlib';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../src/http-errors';
import { startTestServer, testDatabases, type TestServer } from './harness';

const widgetSchema = z.strictObject({ title: z.string().min(1), price: z.number().min(0) });

describe.each(testDatabases())('the app on %s', (kind) => {
  let server: TestServer;
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'shop-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><html><body><div id="root">shop spa</div></body></html>');
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.info("app")');
    await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startTestServer({
      db: kind,
      webDistDir: distDir,
      setup: (app) => {
        // Stand-ins for feature routes, so the error handling is exercised through real requests.
        app.post('/api/test/widgets', { schema: { response: { 200: widgetSchema } } }, async (request) => widgetSchema.parse(request.body));
        app.get('/api/test/teapot', async () => {
          throw new HttpError('CONFLICT', 'No coffee here');
        });
        app.get('/api/test/crash', async () => {
          throw new Error('secret internals');
        });
        app.post(
          '/api/test/schema',
          { schema: { body: z.object({ name: z.string() }), response: { 200: z.object({ ok: z.literal(true) }) } } },
          async () => ({ ok: true }),
        );
      },
    });
  });

  afterAll(async () => {
    await server.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('reports healthy with the database checked', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await fetch(`${server.url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/no-such-thing not found',
      code: 'NOT_FOUND',
    });
  });

  it('answers a body failing its zod schema with a 400 naming the field', async () => {
    const response = await fetch(`${server.url}/api/test/widgets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Box', price: 'free' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { statusCode: number; error: string; message: string };
    expect(body.statusCode).toBe(400);
    expect(body.error).toBe('Bad Request');
    expect(body.message).toMatch(/^price: /);
  });

  it('answers malformed JSON, schema failures and oversized bodies with 4xx, never 500', async () => {
    const malformed = await fetch(`${server.url}/api/test/widgets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"title":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });

    const schema = await fetch(`${server.url}/api/test/schema`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(schema.status).toBe(400);
    expect(((await schema.json()) as { message: string }).message).toContain('name');

    const huge = await fetch(`${server.url}/api/test/widgets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(5 * 1024 * 1024), price: 1 }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('treats an empty JSON body as no body, so a DELETE from a client that always sends the header reaches its route', async () => {
    const signedOut = await fetch(`${server.url}/api/favouritelist/6b0120e6b0433bcc9bced79e`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
    });
    expect(signedOut.status).toBe(401);

    const poisoned = await fetch(`${server.url}/api/test/widgets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"title":"Box","price":1,"__proto__":{"admin":true}}',
    });
    expect(poisoned.status).toBe(400);
  });

  it('passes an HttpError through and hides the details of anything else', async () => {
    const teapot = await fetch(`${server.url}/api/test/teapot`);
    expect(teapot.status).toBe(409);
    expect(await teapot.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'No coffee here', code: 'CONFLICT' });

    const crash = await fetch(`${server.url}/api/test/crash`);
    expect(crash.status).toBe(500);
    expect(await crash.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
    });
  });

  it('serves index.html for client routes, uncached, with a CSP', async () => {
    for (const route of ['/', '/profile/my-orders', '/allorders/6b0120e6b0433bcc9bced79e']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('shop spa');
    }
    const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://js.stripe.com');
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('puts the same security headers on API answers, pages and errors; no HSTS on plain HTTP', async () => {
    for (const route of ['/api/health', '/', '/api/no-such-route']) {
      const headers = (await fetch(`${server.url}${route}`)).headers;
      expect(
        {
          csp: headers.get('content-security-policy'),
          hsts: headers.get('strict-transport-security'),
          nosniff: headers.get('x-content-type-options'),
          frame: headers.get('x-frame-options'),
          referrer: headers.get('referrer-policy'),
          opener: headers.get('cross-origin-opener-policy'),
          resource: headers.get('cross-origin-resource-policy'),
        },
        route,
      ).toEqual({
        csp: SECURITY_POLICY(server.url.replace(/^http/, 'ws')),
        hsts: null,
        nosniff: 'nosniff',
        frame: 'SAMEORIGIN',
        referrer: 'no-referrer',
        opener: 'same-origin',
        resource: 'same-origin',
      });
    }
  });

  it('serves hashed assets with a year of immutable caching and other files briefly', async () => {
    const asset = await fetch(`${server.url}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toContain('console.info');

    const icon = await fetch(`${server.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');

    const missingAsset = await fetch(`${server.url}/assets/gone-123.js`);
    expect(missingAsset.status).toBe(404);
  });

  it('sends the pre-compressed files of the build to browsers that accept them, with the same caching', async () => {
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.info("app")'));
    await writeFile(
      path.join(distDir, 'index.html.gz'),
      gzipSync('<!doctype html><html><body><div id="root">shop spa</div></body></html>'),
    );

    const asset = await fetch(`${server.url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.info("app")');

    for (const route of ['/', '/profile/my-orders']) {
      const page = await fetch(`${server.url}${route}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(page.headers.get('content-encoding')).toBe('gzip');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('shop spa');
    }

    const plain = await fetch(`${server.url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.info("app")');
  });

  it('answers 404 JSON for an unknown image', async () => {
    const response = await fetch(`${server.url}/api/images/0123456789abcdef01234567`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Image not found', code: 'IMAGE_NOT_FOUND' });
    expect((await fetch(`${server.url}/api/images/not-an-id`)).status).toBe(404);
  });

  it('reports 503 in the error shape once the database is gone', async () => {
    const doomed = await startTestServer({ db: kind });
    try {
      await doomed.database.close();
      const response = await fetch(`${doomed.url}/api/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Database unavailable',
        code: 'DATABASE_UNAVAILABLE',
      });
    } finally {
      await doomed.close();
    }
  });
});

describe('without a built web app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ webDistDir: path.join(os.tmpdir(), 'shop-no-such-dist') });
  });
  afterAll(async () => server.close());

  it('tells the visitor to build it', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('npm run build');
    expect((await fetch(`${server.url}/api/nothing`)).status).toBe(404);
  });
});

/** The Content-Security-Policy every answer carries, for a shop whose socket is at `socketOrigin`. */
function SECURITY_POLICY(socketOrigin: string, https = false): string {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    // No inline script at all.
    "script-src 'self' https://js.stripe.com",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.stripe.com https:",
    "font-src 'self' data:",
    `connect-src 'self' ${socketOrigin} https://api.stripe.com`,
    'frame-src https://js.stripe.com https://hooks.stripe.com',
    "media-src 'self' data: blob:",
    "worker-src 'self' blob:",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join(';');
}

describe('the app at an https PUBLIC_ORIGIN', () => {
  it('adds HSTS (180 days, subdomains) and upgrade-insecure-requests to every answer', async () => {
    const server = await startTestServer({ env: { PUBLIC_ORIGIN: 'https://shop.example.com' } });
    try {
      for (const route of ['/api/health', '/']) {
        const headers = (await fetch(`${server.url}${route}`)).headers;
        expect(headers.get('strict-transport-security'), route).toBe('max-age=15552000; includeSubDomains');
        expect(headers.get('content-security-policy'), route).toBe(SECURITY_POLICY('wss://shop.example.com', true));
      }
    } finally {
      await server.close();
    }
  });
});
