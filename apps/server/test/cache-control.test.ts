// Private answers stay private (docs/security.md): an answer under /api that depends on who asks (a session, a
// printer's secret) is `Cache-Control: no-store`, so no browser cache, proxy or shared machine keeps a customer's
// orders, a reset code of the outbox or a printer's URL; so is every /api error. Public answers keep their own
// caching. This suite walks the routes of the app's OpenAPI document, sends each as every role with the requests of
// route-access-table.ts, and checks the header of each answer; then the pages and files the document leaves out.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from './forms';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { rawRequest, type RawAnswer } from './raw-request';
import { accessRowFor, createAccessContext, ROLES, type AccessContext, type AccessRequest, type Role } from './route-access-table';

/**
 * The routes whose answer is the same whoever asks, with the caching each keeps (docs/api.md; null: no
 * Cache-Control, as the route has always answered). Every other route of the document answers `no-store`, and so
 * does any of these when it refuses (4xx, 5xx). GET /api/opening-status, GET /api/payment-config and POST
 * /api/cart/quote are the same for everyone too, but their routes do not say so: they answer no-store like any
 * route that does not (none of them was ever cached).
 */
const PUBLIC_ANSWERS: Record<string, string | null> = {
  'GET /api/health': 'no-store',
  'GET /api/images/:id': 'public, max-age=31536000, immutable',
  'GET /api/allcategori': 'no-cache',
  'GET /api/allproduts': 'no-cache',
  'GET /api/products/:categoriName': 'no-cache',
  'GET /api/ingredients': 'no-cache',
  'GET /api/allcategori/:id': null,
  'GET /api/allproduts/:id': null,
  'GET /api/banners': null,
  'GET /api/shop-trader': 'no-cache',
  'GET /api/opening-hours': 'no-cache',
  'GET /api/tipping-policy': 'no-cache',
  'GET /api/order-slots': null,
  'GET /api/delivery-check': null,
};

/** The web build's files at dist/'s root and in assets/, as the build writes them. */
const WEB_FILES: Record<string, string> = {
  'index.html': '<!doctype html><html><head><title>Takeaway Shop</title></head><body><div id="root"></div></body></html>',
  'assets/app.js': 'console.log("shop");\n',
  'sw.js': 'self.addEventListener("install", () => self.skipWaiting());\n',
  'manifest.webmanifest': JSON.stringify({ name: 'Takeaway Shop', short_name: 'Takeaway', start_url: '/' }),
  'offline.html': '<!doctype html><html><head><title>You are offline</title></head><body></body></html>',
};

/**
 * What the document leaves out, and its caching, the same for a visitor and an admin: the web app's pages and files
 * (never a user's data: the storefront page is the menu's), the API reference, and a /api path no route has
 * (null: no Cache-Control, as they have always answered).
 */
const OUTSIDE_THE_DOCUMENT: Array<[path: string, cacheControl: string | null]> = [
  ['/', 'no-cache'],
  ['/?category=Pizza', 'no-cache'],
  ['/profile/my-orders', 'no-cache'],
  ['/assets/app.js', 'public, max-age=31536000, immutable'],
  ['/sw.js', 'no-cache'],
  ['/manifest.webmanifest', 'no-cache'],
  ['/offline.html', 'no-cache'],
  ['/icons/icon-192.png', 'public, max-age=3600'],
  ['/robots.txt', 'no-cache'],
  ['/sitemap.xml', 'no-cache'],
  ['/api/openapi.json', 'no-cache'],
  ['/api/docs', null],
  ['/api/docs/json', null],
  ['/api/docs/static/swagger-ui.css', 'public, max-age=0'],
  ['/api/no-such-route', 'no-store'],
];

/** "GET /api/buy-product/:id" for each operation of the document, HEAD left out (Fastify adds one per GET). */
function documentedRoutes(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths).flatMap(([url, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}

function expectedCacheControl(route: string, status: number): string | null {
  const publicAnswer = PUBLIC_ANSWERS[route];
  return status < 400 && publicAnswer !== undefined ? publicAnswer : 'no-store';
}

describe.each(testDatabases())('Cache-Control of every answer, on %s', (kind) => {
  let server: TestServer;
  let ctx: AccessContext;
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'shop-cache-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await mkdir(path.join(distDir, 'icons'));
    for (const [file, body] of Object.entries(WEB_FILES)) await writeFile(path.join(distDir, file), body);
    await writeFile(path.join(distDir, 'icons', 'icon-192.png'), await png(8, 8));
    server = await startTestServer({ db: kind, seed: true, webDistDir: distDir });
    ctx = await createAccessContext(server);
  });
  afterAll(async () => {
    await server?.close();
    if (distDir) await rm(distDir, { recursive: true, force: true });
  });

  /** A row's request as a role: the role's cookie (or the row's own), as access-control.test.ts sends it. */
  async function send(method: string, role: Role, req: AccessRequest, headers: Record<string, string> = {}): Promise<RawAnswer> {
    const who = 'as' in req ? req.as : ctx.actor(role);
    const all: Record<string, string> = { ...req.headers, ...headers };
    if (who) all.cookie = who.cookie;
    if (req.body === undefined) return rawRequest(server.url, { method, path: req.path, headers: all });
    all['content-type'] = 'application/json';
    return rawRequest(server.url, { method, path: req.path, headers: all, body: JSON.stringify(req.body) });
  }

  it('answers every route of the OpenAPI document no-store unless its answer is the same for everyone, as every role', async () => {
    const answer = await rawRequest(server.url, { method: 'GET', path: '/api/openapi.json' });
    const routes = documentedRoutes(answer.json as { paths: Record<string, Record<string, unknown>> });
    // The document is the API: the rule is not met by walking a handful of routes.
    expect(routes.length).toBeGreaterThan(60);
    expect(Object.keys(PUBLIC_ANSWERS).filter((route) => !routes.includes(route))).toEqual([]);

    const wrong: string[] = [];
    for (const route of routes) {
      const row = accessRowFor(route);
      if (!row) {
        wrong.push(`${route} has no request in route-access-table.ts`);
        continue;
      }
      const [method = ''] = route.split(' ');
      // Fastify answers HEAD for every GET as the GET does: sent as the owner beside each role's GET.
      const sends: Array<[string, Role]> = ROLES.map((role) => [method, role]);
      if (method === 'GET') sends.push(['HEAD', 'owner']);
      for (const [sentMethod, role] of sends) {
        const what = `${route} as ${role}${sentMethod === method ? '' : ` (${sentMethod})`}`;
        let req: AccessRequest;
        try {
          req = await row.request(ctx, role);
        } catch (error) {
          wrong.push(`${what}: its request could not be made (${String(error)})`);
          continue;
        }
        const sent = await send(sentMethod, role, req);
        const got = sent.headers['cache-control'] ?? null;
        const expected = expectedCacheControl(route, sent.status);
        if (got !== expected) wrong.push(`${what}: ${sent.status} with Cache-Control ${got}, not ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('keeps the public caching of the pages, files and reference the document leaves out, signed in or not', async () => {
    for (const role of ['visitor', 'owner'] as const) {
      for (const [pathname, cacheControl] of OUTSIDE_THE_DOCUMENT) {
        const answer = await send('GET', role, { path: pathname });
        expect(answer.status, `${pathname} as ${role}`).toBe(pathname.endsWith('no-such-route') ? 404 : 200);
        expect(answer.headers['cache-control'] ?? null, `${pathname} as ${role}`).toBe(cacheControl);
      }
    }
  });

  it('revalidates the menu, the storefront page and images with their own caching: a 304 keeps it', async () => {
    for (const [pathname, cacheControl] of [
      ['/api/allproduts', 'no-cache'],
      ['/', 'no-cache'],
      [`/api/images/${ctx.imageId}`, 'public, max-age=31536000, immutable'],
    ] as const) {
      const first = await send('GET', 'customer', { path: pathname });
      const etag = first.headers.etag;
      expect(typeof etag, pathname).toBe('string');
      const again = await send('GET', 'customer', { path: pathname }, { 'if-none-match': String(etag) });
      expect(again.status, pathname).toBe(304);
      expect(again.headers['cache-control'], pathname).toBe(cacheControl);
    }
  });

  it('answers a public route’s refusals no-store: an unknown image or product, a bad query, a path that cannot be decoded', async () => {
    for (const pathname of [
      '/api/allproduts/%E0%A4%A',
      `/api/images/${'0'.repeat(24)}`,
      `/api/allproduts/${'0'.repeat(24)}`,
      '/api/delivery-check',
      `/api/images/${ctx.imageId}?w=0`,
    ]) {
      const answer = await send('GET', 'visitor', { path: pathname });
      expect(answer.status, pathname).toBeGreaterThanOrEqual(400);
      expect(answer.headers['cache-control'], pathname).toBe('no-store');
    }
  });
});
