import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOREFRONT_STATE_ELEMENT_ID, type StorefrontState } from '@shop/shared/contract/storefront-render';
import { RENDERER_FILE } from '../src/spa/storefront-render';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { call } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

// Issue 23 points 1 and 2 (decision 1100): `/` and each category's view are rendered on the server by the web
// build's renderer (built here, as `npm run build` builds it, into a web build folder of the suite's own), with the
// page's meta and the shop's JSON-LD; robots.txt and sitemap.xml.

const WEB_ROOT = fileURLToPath(new URL('../../web/', import.meta.url));

// The web build's index.html as far as the server reads it: a title and description to replace, the home page's
// markers and the static shell in #root.
const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="The shell's description." />
<title>Takeaway Shop</title>
<!--spa:home--><link rel="preload" as="fetch" href="/api/allproduts" crossorigin /><!--/spa:home-->
<!--spa:preload-images-->
<script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><noscript>Scripts off.</noscript><div id="root"><header class="shell-bar">Takeaway Shop</header><main><!--spa:home--><h1>Our Menu</h1><!--/spa:home--></main></div>
</body></html>`;

type Product = { _id: string; title: string; category: string; regularDiscount: number | ''; mediumDiscount: number | '' };
type JsonLd = {
  '@type': string;
  name: string;
  telephone: string;
  address: { streetAddress?: string; postalCode?: string };
  openingHoursSpecification: unknown[];
  hasMenu: { hasMenuSection: { name: string; hasMenuItem: { name: string; offers: { price: string; priceCurrency: string }[] }[] }[] };
};

function jsonLdOf(html: string): JsonLd {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]?.[1] ?? '') as JsonLd;
}

/** The markup React rendered into #root (the state script and what follows left out). */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf(`<script type="application/json" id="${STOREFRONT_STATE_ELEMENT_ID}">`);
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

/** A card of the grid, by the product's title (cards are `<article aria-label="<title>">`). */
function cardOf(html: string, title: string): string | undefined {
  const attribute = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const escaped = attribute.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<article[^>]*aria-label="${escaped}"[\\s\\S]*?</article>`).exec(html)?.[0];
}

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];
}

let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'shop-ssr-dist-'));
  await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  // As `npm run build` builds it, from a shell's environment: not vitest's NODE_ENV=test, under which Vite transforms
  // JSX for React's development runtime while the config makes the bundle's React the production one.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(WEB_ROOT, 'vite.ssr.config.ts'),
      logLevel: 'warn',
      build: { outDir: path.join(distDir, path.dirname(RENDERER_FILE)) },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 180_000);

afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
});

describe.each(testDatabases())('the server-rendered storefront, on %s', (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  let products: Product[];

  beforeAll(async () => {
    server = await startTestServer({ seed: true, db: kind, webDistDir: distDir });
    admin = await signInAs(server, { role: 'owner' });
    products = (await (await fetch(`${server.url}/api/allproduts`)).json()) as Product[];
    // The first page loads the renderer (a few MB of JavaScript): done here, with a hook's time, so no test's time
    // depends on how busy the machine is.
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await server.close();
  });

  it('/ is the Deals grid rendered on the server, with the category links, meta, JSON-LD and the state to hydrate', async () => {
    const response = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    const html = await response.text();
    const root = rootOf(html);

    expect(root).toMatch(/<h1[^>]*>Our Menu<\/h1>/);
    // The static shell is gone, and no script runs in the page but the build's own files: nothing inline, which the
    // CSP would refuse.
    expect(root).not.toContain('shell-bar');
    const inline = [...html.matchAll(/<script(?![^>]*(type="application\/(json|ld\+json)"|src="))[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline).toEqual([]);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self' https://js.stripe.com");
    // Every deal's card, with its 'from' price and Build Deal; no other category's products.
    const deals = products.filter((product) => product.category === 'Deals');
    expect(deals.length).toBeGreaterThan(2);
    for (const deal of deals) {
      const card = cardOf(root, deal.title);
      expect(card, deal.title).toBeDefined();
      expect(card).toMatch(/from (<!-- -->)?£\d+\.\d\d/);
      expect(card).toContain('Build Deal');
    }
    const pizza = products.find((product) => product.category === 'Pizza');
    expect(cardOf(root, pizza?.title ?? '')).toBeUndefined();
    // The category row's buttons are links to each category's view.
    expect(root).toContain('href="/?category=Pizza"');
    expect(root).toContain('href="/?category=Wings"');
    // No MUI component on the first screen: no Emotion styles in the head, no MUI or Emotion class in
    // the markup; the page is styled by the build's static stylesheet.
    expect(html).not.toMatch(/data-emotion="css-global/);
    expect(root).not.toMatch(/class="[^"]*\b(Mui|css-)/);

    expect(html).toContain('<title>Pizza, Wings, Shakes and Deals | Takeaway Shop</title>');
    expect(html).not.toContain("The shell's description.");
    expect(meta(html, 'name', 'description')).toMatch(/^Order pizza, wings, shakes, sides, desserts, drinks and deals/);
    expect(html).toContain(`<link rel="canonical" href="${server.config.publicOrigin}/" />`);
    expect(meta(html, 'property', 'og:image')).toMatch(new RegExp(`^${server.config.publicOrigin}/api/images/[0-9a-f]{24}\\?w=480$`));
    expect(meta(html, 'property', 'og:title')).toBe('Pizza, Wings, Shakes and Deals | Takeaway Shop');
    // The menu answers are in the page: their preloads are not (a preload left unused is a console warning).
    expect(html).not.toContain('as="fetch"');

    const state = JSON.parse(
      new RegExp(`<script type="application/json" id="${STOREFRONT_STATE_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1] ?? '',
    ) as StorefrontState;
    const answers = new Map(state.queries.map(([key, data]) => [JSON.stringify(key), data]));
    expect(answers.get('["allproduts"]')).toEqual(products);
    expect(answers.get('["opening-status"]')).toMatchObject({ acceptingOrders: expect.any(Boolean) });
    // Who the shop is, as GET /api/shop-trader says: the footer and the allergen lines' phone are drawn from the
    // first paint, not when a request answers (the line grew when it did, a layout shift).
    const trader = (await (await fetch(`${server.url}/api/shop-trader`)).json()) as { phone: string; name: string };
    expect(answers.get('["shop-trader"]')).toEqual(trader);
    expect(trader.phone).toBeTruthy();
    expect(root).toContain(trader.phone);
  });

  it("the JSON-LD is the trader's Restaurant with its hours and the menu's prices in GBP", async () => {
    const trader = (await call(server, 'GET', '/shop-trader', null)).body as { name: string; phone: string; address: string[] };
    const data = jsonLdOf(await (await fetch(`${server.url}/`)).text());
    expect(data['@type']).toBe('Restaurant');
    expect(data.name).toBe(trader.name);
    expect(data.telephone).toBe(trader.phone);
    expect(data.address.streetAddress).toBe(trader.address.slice(0, -1).join(', '));
    expect(data.openingHoursSpecification).toHaveLength(7);
    const pizza = products.find((product) => product.category === 'Pizza' && typeof product.regularDiscount === 'number');
    const item = data.hasMenu.hasMenuSection
      .find((section) => section.name === 'Pizza')
      ?.hasMenuItem.find((entry) => entry.name === pizza?.title);
    expect(item?.offers[0]).toEqual({
      '@type': 'Offer',
      name: 'Regular 7"',
      price: Number(pizza?.regularDiscount).toFixed(2),
      priceCurrency: 'GBP',
    });
  });

  it("/?category=Pizza is the Pizza view: every pizza's full card with its price, its own title and canonical URL", async () => {
    const html = await (await fetch(`${server.url}/?category=Pizza`)).text();
    const root = rootOf(html);
    const pizzas = products.filter((product) => product.category === 'Pizza');
    expect(pizzas.length).toBeGreaterThan(0);
    for (const pizza of pizzas) {
      const card = cardOf(root, pizza.title);
      expect(card, pizza.title).toBeDefined();
      // The option card (sizes and Add to cart), not the plain card that holds its place while it loads.
      expect(card).toContain('Add to cart');
      if (typeof pizza.regularDiscount === 'number') expect(card).toContain(`£${pizza.regularDiscount.toFixed(2)}`);
    }
    expect(root).toMatch(/<a[^>]*href="\/"[^>]*aria-pressed="false"[^>]*>|<a[^>]*aria-pressed="false"[^>]*href="\/"/);
    expect(root).toMatch(/aria-pressed="true"[^>]*>[\s\S]*?<span>Pizza<\/span>|href="\/\?category=Pizza"[^>]*aria-pressed="true"/);
    expect(html).toContain('<title>Pizza | Takeaway Shop</title>');
    expect(html).toContain(`<link rel="canonical" href="${server.config.publicOrigin}/?category=Pizza" />`);
    expect(meta(html, 'name', 'description')).toContain(pizzas[0]?.title ?? 'none');
  });

  it('answers 304 to the ETag it sent, and renders afresh with a new ETag when a price changes', async () => {
    const title = `SSR Pizza ${kind}`;
    const created = await call(server, 'POST', '/allproduts', admin, { title, category: 'Pizza', regularDiscount: 6.25 });
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;

    const first = await fetch(`${server.url}/?category=Pizza`);
    const etag = first.headers.get('etag') ?? '';
    expect(cardOf(await first.text(), title)).toContain('£6.25');
    const again = await fetch(`${server.url}/?category=Pizza`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const edited = await call(server, 'PUT', `/allproduts/${id}`, admin, { title, category: 'Pizza', regularDiscount: 7.75 });
    expect(edited.status).toBe(200);
    const after = await fetch(`${server.url}/?category=Pizza`, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const html = await after.text();
    const card = cardOf(html, title);
    expect(card).toContain('£7.75');
    expect(card).not.toContain('£6.25');
    const item = jsonLdOf(html)
      .hasMenu.hasMenuSection.find((section) => section.name === 'Pizza')
      ?.hasMenuItem.find((entry) => entry.name === title);
    expect(item?.offers[0]?.price).toBe('7.75');
    // Compressed as the browser asks, the same page.
    const brotli = await fetch(`${server.url}/?category=Pizza`, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.get('etag')).toBe(after.headers.get('etag'));
    expect(cardOf(await brotli.text(), title)).toContain('£7.75');

    await call(server, 'DELETE', `/allproduts/${id}`, admin);
  });

  it('a web rebuild while the server runs: the next page is the new renderer’s, though the menu is unchanged', async () => {
    const file = path.join(distDir, RENDERER_FILE);
    const built = await readFile(file, 'utf8');
    const before = await (await fetch(`${server.url}/`)).text();
    expect(before).not.toContain('Drawn by the next build');
    try {
      // A renderer of another build: the same answers, other markup. A new modification time, as a rebuild writes.
      await writeFile(
        file,
        `export async function renderStorefront() { return { html: '<main><h1>Drawn by the next build</h1></main>', stateJson: '{}' }; }\n`,
      );
      await utimes(file, new Date(), new Date(Date.now() + 60_000));
      const after = await (await fetch(`${server.url}/`)).text();
      expect(after).toContain('<h1>Drawn by the next build</h1>');
    } finally {
      await writeFile(file, built);
      await utimes(file, new Date(), new Date(Date.now() + 120_000));
    }
    expect(await (await fetch(`${server.url}/`)).text()).not.toContain('Drawn by the next build');
  });

  it('robots.txt keeps crawlers out of the account, checkout and back office; sitemap.xml lists each category view', async () => {
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await robots.text();
    for (const line of ['Disallow: /profile/', 'Disallow: /payment', 'Disallow: /cart', 'Disallow: /dashboard', 'Disallow: /signin']) {
      expect(text).toContain(line);
    }
    expect(text).toContain(`Sitemap: ${server.config.publicOrigin}/sitemap.xml`);
    const again = await fetch(`${server.url}/robots.txt`, { headers: { 'if-none-match': robots.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);

    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await sitemap.text();
    const categories = (await call(server, 'GET', '/allcategori', null)).body as { categoriName: string }[];
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs[0]).toBe(`${server.config.publicOrigin}/`);
    expect(locs).toContain(`${server.config.publicOrigin}/?category=Pizza`);
    expect(locs).toHaveLength(categories.filter((category) => category.categoriName !== 'Deals').length + 1);
  });

  it('names the shop by the trading name the owner saves: the header, the tab title and the state the page hydrates', async () => {
    const before = (await call(server, 'GET', '/shop-trader', null)).body as { name: string };
    expect((await call(server, 'PUT', '/shop-settings', admin, { traderName: 'Harbourside Slice' })).status).toBe(200);
    try {
      for (const pathname of ['/', '/?category=Pizza']) {
        const html = await (await fetch(`${server.url}${pathname}`)).text();
        const root = rootOf(html);
        expect(html, pathname).toMatch(/<title>[^<]+ \| Harbourside Slice<\/title>/);
        expect(meta(html, 'property', 'og:site_name')).toBe('Harbourside Slice');
        expect(root, pathname).toMatch(/<a[^>]*aria-label="Harbourside Slice home"[^>]*>[\s\S]*?<span>Harbourside Slice<\/span><\/a>/);
        expect(html, pathname).not.toContain('Takeaway Shop');
      }
    } finally {
      await call(server, 'PUT', '/shop-settings', admin, { traderName: before.name });
    }
  });
});
