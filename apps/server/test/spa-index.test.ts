import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homePageHtml, otherPageHtml } from '../src/spa/index-page';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { rawRequest } from './raw-request';
import { signInAs } from './sign-in';

// The markers the web app's index.html carries (apps/web/index.html).
const INDEX_HTML = `<!doctype html><html><head><title>Takeaway Shop</title>
<!--spa:home--><link rel="preload" as="fetch" href="/api/allproduts" crossorigin /><!--/spa:home-->
<!--spa:preload-images-->
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-abc.js">
</head><body><div id="root"><header>Takeaway Shop</header><main><!--spa:home--><h1>Our Menu</h1><!--/spa:home--></main></div></body></html>`;

type Product = { _id: string; category: string; imageUrl: string | null };

function preloadedImages(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high" \/>/g)].map((match) => match[1] ?? '');
}

describe.each(testDatabases())('index.html as the server sends it, on %s', (kind) => {
  let server: TestServer;
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'shop-dist-'));
    await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    // Vite's build manifest, which names the web app's source files: never sent.
    await mkdir(path.join(distDir, '.vite'));
    await writeFile(
      path.join(distDir, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-abc.js', name: 'index', isEntry: true, imports: ['_react.js'] } }),
    );
    server = await startTestServer({ seed: true, db: kind, webDistDir: distDir });
  });

  afterAll(async () => {
    await server.close();
    await rm(distDir, { recursive: true, force: true });
  });

  async function firstImages(category: string): Promise<string[]> {
    const products = (await (await fetch(`${server.url}/api/allproduts`)).json()) as Product[];
    return products
      .filter((product) => product.category === category)
      .slice(0, 2)
      .map((product) => product.imageUrl ?? '');
  }

  it('preloads the first two Deals images on /, at the URL the cards request, with the static heading', async () => {
    const expected = await firstImages('Deals');
    expect(expected).toHaveLength(2);
    expect(expected[0]).toMatch(/^\/api\/images\/[0-9a-f]{24}\?w=480$/);

    const response = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('vary')).toContain('accept-encoding');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await response.text();
    expect(preloadedImages(html)).toEqual(expected);
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/allproduts" crossorigin />');
    expect(html).toContain('<h1>Our Menu</h1>');
    expect(html).not.toContain('spa:preload-images');
    // No chunk of the app is preloaded by the page: the entry asks for them once the page is painted.
    expect([...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/assets/react-abc.js',
    ]);
  });

  it('preloads the images of the category named in the address', async () => {
    const html = await (await fetch(`${server.url}/?category=Pizza`)).text();
    expect(preloadedImages(html)).toEqual(await firstImages('Pizza'));
    // An unknown category opens on Deals, as the page does.
    const unknown = await (await fetch(`${server.url}/?category=Nope`)).text();
    expect(preloadedImages(unknown)).toEqual(await firstImages('Deals'));
  });

  it('sends other screens the shell without the menu heading or image preloads', async () => {
    const response = await fetch(`${server.url}/cart`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<header>Takeaway Shop</header>');
    expect(html).not.toContain('Our Menu');
    expect(preloadedImages(html)).toEqual([]);
    // Nothing the screen would leave unused (a warning in the browser's console): not the menu's answers either.
    expect(html).not.toContain('rel="preload"');
  });

  it('compresses the page for browsers that accept it and answers 304 to a current ETag', async () => {
    const plain = await (await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } })).text();
    // inject hands back the bytes as sent (fetch would decompress them on the way).
    const br = await server.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.rawPayload.length).toBeLessThan(plain.length);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain);

    const gzip = await server.app.inject({ url: '/cart', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toContain('<header>Takeaway Shop</header>');

    const etag = String(br.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${server.url}/`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('keeps the build manifest to itself: /.vite/manifest.json and every other dot-path answer 404, however written', async () => {
    // Written into the build as precompress would, so a compressed copy cannot slip out either.
    await writeFile(path.join(distDir, '.vite', 'manifest.json.br'), 'compressed');
    await writeFile(path.join(distDir, '.env'), 'SECRET=1');
    for (const route of [
      '/.vite/manifest.json',
      '/.vite/manifest.json.br',
      '/.vite/',
      '/.vite',
      '/%2evite/manifest.json',
      '/%2Evite%2Fmanifest.json',
      '/assets/../.vite/manifest.json',
      '/.env',
      '/.git/config',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await rawRequest(server.url, { method, path: route, headers: { 'accept-encoding': 'br, gzip' } });
        // A path with '..' in it is refused before any file is looked up (403, @fastify/static's own answer).
        expect(answer.status, `${method} ${route}`).toBe(route.includes('/../') ? 403 : 404);
        expect(answer.text, `${method} ${route}`).not.toMatch(/cart-page|src\/features|compressed|SECRET|<html/);
      }
    }
  });

  it('follows a catalogue change: a deleted deal is no longer preloaded', async () => {
    const before = await firstImages('Deals');
    const products = (await (await fetch(`${server.url}/api/allproduts`)).json()) as Product[];
    const firstDeal = products.find((product) => product.category === 'Deals');
    const { cookie } = await signInAs(server, { role: 'owner' });
    const deleted = await fetch(`${server.url}/api/allproduts/${firstDeal?._id}`, { method: 'DELETE', headers: { cookie } });
    expect(deleted.status).toBe(200);

    const after = await firstImages('Deals');
    expect(after[0]).toBe(before[1]);
    const html = await (await fetch(`${server.url}/`)).text();
    expect(preloadedImages(html)).toEqual(after);
  });
});

// The web app's own index.html (apps/web/index.html; the build keeps its comments). Before, every screen preloaded
// the menu's answers, and /signin, /order or /dashboard, which do not use them at once, logged two warnings.
describe("the web app's index.html", () => {
  const source = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
  const preloads = (html: string) => [...html.matchAll(/<link\s[^>]*rel="(?:preload|modulepreload)"[^>]*>/g)].map((match) => match[0]);

  it('preloads on other screens nothing they do not use at once', () => {
    expect(preloads(otherPageHtml(source))).toEqual([]);
  });

  it('preloads the menu answers on the home page', () => {
    const home = preloads(homePageHtml({ html: source }, []));
    expect(home.map((link) => link.match(/href="([^"]+)"/)?.[1])).toEqual(['/api/allcategori', '/api/allproduts']);
  });
});
