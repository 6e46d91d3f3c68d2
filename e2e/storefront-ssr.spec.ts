import { expect, test, type Page } from '@playwright/test';
import { adminApi } from './steps';

// Issue 23 point 1 (decision 1100): the storefront's `/` and each category's view come rendered from the server. With
// scripts off the menu is there to read and its category links lead to each view; with scripts on the page is
// hydrated without a console error (React reports a hydration mismatch there) and without a layout shift.

type Product = { title: string; category: string; regularDiscount: number | '' };

async function menu(page: Page): Promise<Product[]> {
  const answer = await page.request.get('/api/allproduts');
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Product[];
}

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  test('a customer reads the Deals and follows the Pizza link to the pizzas, their sizes and prices', async ({ page }) => {
    const products = await menu(page);
    await page.goto('/');
    await expect(page).toHaveTitle('Pizza, Wings, Shakes and Deals | Takeaway Shop');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Menu' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Deals' })).toBeVisible();
    for (const deal of products.filter((product) => product.category === 'Deals').slice(0, 4)) {
      const card = page.getByRole('article', { name: deal.title, exact: true });
      await expect(card).toBeVisible();
      await expect(card).toContainText(/from £\d+\.\d{2}/);
    }

    const categories = page.getByRole('navigation', { name: 'Categories' });
    await expect(categories.getByRole('button', { name: 'Deals', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await categories.getByRole('button', { name: 'Pizza', exact: true }).click();
    await expect(page).toHaveURL(/\/\?category=Pizza$/);
    await expect(page).toHaveTitle('Pizza | Takeaway Shop');
    await expect(page.getByRole('heading', { level: 2, name: 'Pizza' })).toBeVisible();
    await expect(categories.getByRole('button', { name: 'Pizza', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const margherita = products.find((product) => product.title === 'Margherita');
    expect(typeof margherita?.regularDiscount).toBe('number');
    const card = page.getByRole('article', { name: 'Margherita', exact: true });
    await expect(card).toBeVisible();
    await expect(card).toContainText(`£${Number(margherita?.regularDiscount).toFixed(2)}`);
    await expect(card.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Any 2 Large Pizzas', exact: true })).toHaveCount(0);

    // And back to the Deals by their link.
    await categories.getByRole('button', { name: 'Deals', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Deals' })).toBeVisible();
  });
});

/** Records console errors, page errors and layout shifts (from the start of the navigation) of a page. */
async function watch(page: Page): Promise<{ errors: string[]; shifts: () => Promise<string[]> }> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    // Each shift as its score and what moved (the start of each moved element's markup, and how).
    const shifts: string[] = [];
    (window as unknown as { layoutShifts: string[] }).layoutShifts = shifts;
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const box = (rect: DOMRectReadOnly) =>
      `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}x${Math.round(rect.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? []).map(
          (source) =>
            `${source.node instanceof Element ? source.node.outerHTML.slice(0, 100) : String(source.node?.nodeName)} ${box(source.previousRect)} -> ${box(source.currentRect)}`,
        );
        shifts.push(`${entry.value.toFixed(6)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { errors, shifts: () => page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts) };
}

/** Hydrated: React has taken #root (its container key), the page's effects have run and the session has answered. */
async function hydrated(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer'))))
    .toBe(true);
  await page.waitForLoadState('networkidle');
}

for (const { name, width, height } of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`on a ${name}, / and the Pizza view hydrate with no console error and no layout shift`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const seen = await watch(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });

    for (const path of ['/', '/?category=Pizza']) {
      await page.goto(path);
      await hydrated(page);
      // Every card of the view is there at once (the server drew them all), and stays.
      await expect(page.getByRole('article').first()).toBeVisible();
      expect(await seen.shifts(), `layout shifts on ${path}`).toEqual([]);
      // The pressed category is in view; on a desktop, where it is from the start, the row has not moved under a
      // finger that may be on its way to another category (decision 1103).
      const row = page.getByRole('navigation', { name: 'Categories' });
      const inView = await row.evaluate((nav) => {
        const pressed = nav.querySelector('[aria-pressed="true"]')?.getBoundingClientRect();
        const box = nav.getBoundingClientRect();
        return pressed !== undefined && pressed.left >= box.left && pressed.right <= box.right + 0.5;
      });
      expect(inView, `the pressed category on ${path} is in view`).toBe(true);
      if (name === 'desktop') expect(await row.evaluate((nav) => nav.scrollLeft)).toBe(0);
    }
    expect(seen.errors).toEqual([]);

    // Hydrated, the category buttons change the view in the page, without loading another document.
    const before = documents.length;
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: 'Wings', exact: true }).click();
    await expect(page).toHaveURL(/\/\?category=Wings$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Wings' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'BBQ Wings', exact: true }).getByRole('button', { name: 'Add to cart' })).toBeVisible();
    expect(documents.length).toBe(before);
    expect(seen.errors).toEqual([]);
  });
}

// Decision 1103: the app's code (the 'app' chunk) downloads with the page but runs only after the first paint, so the
// server's page is on screen before the longest work starts. That holds only while the entry imports the app
// lazily: a chunk the entry imports statically is evaluated with it, before anything waits for a frame.
test('the entry imports the app lazily, after the first paint, and the page preloads the app', async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  const app = /<link rel="modulepreload" crossorigin href="\/assets\/(app-[^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  expect(app).toBeTruthy();
  const code = await (await page.request.get(entry!)).text();
  const staticImports = [...code.matchAll(/\bimport\s*(?:\{[^}]*\}\s*from\s*)?["']([^"']+)["']/g)].map((match) => match[1] ?? '');
  expect(staticImports.length).toBeGreaterThan(0);
  expect(staticImports.filter((specifier) => specifier.endsWith(app!))).toEqual([]);
  expect(code).toContain(app!);
});

// Decision 1103, sixth addendum: the app's code and the home route's chunks are listed in an inert template and
// requested only after the first frame, so on a slow line the page and its pictures are painted before any of the
// app's code competes with them (and Lighthouse's simulated first paint never waits for it). They still download side
// by side: the entry moves every link into the head at once, before importing the app.
test("the app's code and the home route's chunks are requested after the first frame, side by side", async ({ page }) => {
  await page.addInitScript(() => {
    requestAnimationFrame(() => ((window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now()));
  });
  const html = await (await page.request.get('/')).text();
  const template = /<template id="after-paint-preloads">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '';
  const listed = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((match) => match[1] ?? '');
  expect(listed.find((url) => /\/assets\/app-[^/]+\.js$/.test(url))).toBeTruthy();
  expect(listed.find((url) => /\/assets\/home-[^/]+\.js$/.test(url))).toBeTruthy();
  // Nothing the template lists is linked outside it too, where it would download before the first paint.
  const outside = [...html.replace(template, '').matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1] ?? '');
  expect(outside.filter((url) => listed.includes(url))).toEqual([]);

  await page.goto('/');
  await hydrated(page);
  const timing = await page.evaluate((urls) => {
    const firstFrameAt = (window as unknown as { firstFrameAt: number }).firstFrameAt;
    const entryOf = (url: string) =>
      performance.getEntriesByName(new URL(url, location.href).href, 'resource')[0] as PerformanceResourceTiming | undefined;
    const starts = urls.map((url) => entryOf(url)?.startTime ?? null);
    const appEnd = entryOf(urls.find((url) => url.includes('/assets/app-')) ?? '')?.responseEnd ?? null;
    const inHead = urls.filter((url) => document.head.querySelector(`link[rel="modulepreload"][href="${url}"]`) !== null);
    return { firstFrameAt, starts, appEnd, inHead };
  }, listed);
  expect(timing.inHead).toEqual(listed);
  for (const start of timing.starts) {
    expect(start, 'each listed chunk was requested').not.toBeNull();
    expect(start!).toBeGreaterThan(timing.firstFrameAt);
  }
  // All asked at once, before the app's own code had even arrived: not one after another as each import is found.
  expect(Math.max(...timing.starts.map(Number))).toBeLessThan(Number(timing.appEnd));
});

// Decision 1103: the first effects' requests (who is signed in, the opening status) leave before hydrating, in a short
// task of their own, instead of inside the one long task of effects after it; each is asked once all the same.
test('while / starts, who is signed in and the opening status are asked once each, before the page is hydrated', async ({ page }) => {
  await page.addInitScript(() => {
    const asked: Array<{ path: string; hydrated: boolean }> = [];
    (window as unknown as { asked: typeof asked }).asked = asked;
    const fetchOf = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const root = document.getElementById('root');
      const hydrated = root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
      asked.push({ path: new URL(url, location.href).pathname, hydrated });
      return fetchOf(input, init);
    };
  });
  await page.goto('/');
  await hydrated(page);
  const asked = await page.evaluate(() => (window as unknown as { asked: Array<{ path: string; hydrated: boolean }> }).asked);
  for (const path of ['/api/session', '/api/opening-status'])
    expect(
      asked.filter((request) => request.path === path),
      path,
    ).toEqual([{ path, hydrated: false }]);
});

// Decision 1103: React DOM's client is the largest module the 'app' chunk carries; its module's body runs once the app
// has started (app/start.tsx imports it dynamically), in a task of its own, not inside the chunk's evaluation. React
// DOM's entries each report themselves to the developer tools' hook as they run (checkDCE): of the two (react-dom's
// and react-dom/client's), one must come after the app looked for its #root.
test("React DOM's client is set up after the app has started, not while the app's code is evaluated", async ({ page }) => {
  await page.addInitScript(() => {
    const seen = { rootLookedUp: false, reports: [] as boolean[] };
    (window as unknown as { seen: typeof seen }).seen = seen;
    const getElementById = document.getElementById.bind(document);
    document.getElementById = (id: string) => {
      // The app's own lookup, from its code in /assets/: the test's wait for hydration looks #root up too.
      if (id === 'root' && /\/assets\//.test(new Error().stack ?? '')) seen.rootLookedUp = true;
      return getElementById(id);
    };
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      checkDCE: () => seen.reports.push(seen.rootLookedUp),
    };
  });
  await page.goto('/');
  await hydrated(page);
  const seen = await page.evaluate(() => (window as unknown as { seen: { rootLookedUp: boolean; reports: boolean[] } }).seen);
  expect(seen.reports).toEqual([false, true]);
});

// Decision 1103: the realtime socket (socket.io's client, its handshake and packets) runs in a worker, off the page's
// main thread, and hears what the page's own did: the menu changed, said to every open storefront.
test("the storefront's socket runs in a worker and hears the menu change", async ({ page }) => {
  const websockets: string[] = [];
  page.on('websocket', (ws) => websockets.push(new URL(ws.url()).pathname));
  await page.goto('/');
  await hydrated(page);
  await expect
    .poll(() => page.workers().map((worker) => new URL(worker.url()).pathname))
    .toContainEqual(expect.stringMatching(/^\/assets\/socket-worker-[^/]+\.js$/));
  await expect.poll(() => websockets).toEqual(['/socket.io/']);
  // The page's own script never loaded socket.io's client: only the worker's file carries it.
  expect(
    await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)),
  ).not.toContainEqual(expect.stringMatching(/\/assets\/esm-[^/]+\.js$/));

  // The owner marks the Margherita sold out: the open menu says so without a reload.
  const admin = await adminApi();
  const products = (await (await admin.get('/api/allproduts')).json()) as Array<{ _id: string; title: string }>;
  const margherita = products.find((product) => product.title === 'Margherita')!;
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: 'Pizza', exact: true }).click();
  const card = page.getByRole('article', { name: 'Margherita' });
  await expect(card).not.toContainText('Sold out');
  const soldOut = await admin.put(`/api/allproduts/${margherita._id}/availability`, { data: { soldOut: true } });
  expect(soldOut.ok(), await soldOut.text()).toBe(true);
  try {
    await expect(card).toContainText('Sold out');
  } finally {
    await admin.put(`/api/allproduts/${margherita._id}/availability`, { data: { soldOut: false } });
    await admin.dispose();
  }
});

// Decision 1103: a lazy import made by the app's code preloads only chunks the page may lack. The chunks every page
// has had since its start (the app's, the preload helper's, the bundler's runtime) are never in its list: each link
// added to the page is work on a phone's main thread.
test("the app's lazy imports preload none of the chunks the page started with", async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  const linked = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');
  const startedWith = linked.filter((file) => /\/(app|preload-helper|rolldown-runtime)-[^/]+\.js$/.test(file));
  expect(startedWith).toHaveLength(3);
  const app = startedWith.find((file) => file.includes('/app-'))!;
  const code = await (await page.request.get(`/${app}`)).text();
  const preloadList = /m\.f=(\[[^\]]*\])/.exec(code)?.[1];
  expect(preloadList, "the app chunk's list of chunks to preload").toBeTruthy();
  const files = JSON.parse(preloadList!) as string[];
  expect(files.length).toBeGreaterThan(0);
  expect(files.filter((file) => startedWith.includes(file))).toEqual([]);
});

// Decision 1103: on a slow phone the server's page is on screen a second or more before its script has run. A tap on
// Add to cart or a heart in that second is held and made once the page is live, not lost; a second tap on the same
// button meanwhile is the same wish. The page's scripts are held back here until both taps have landed, so the taps
// always fall before hydration.
test('a tap on Add to cart and on a heart before the script has run is made once the page is live, once each', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const seen = await watch(page);
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/?category=Wings', { waitUntil: 'commit' });
  const wings = page.getByRole('article', { name: 'BBQ Wings', exact: true });
  await wings.getByRole('group', { name: 'Size' }).getByRole('button', { name: '10 Pcs' }).click();
  await wings.getByRole('button', { name: 'Add to cart' }).click();
  await wings.getByRole('button', { name: 'Add to cart' }).click();
  await wings.getByRole('button', { name: 'Add BBQ Wings to favourites' }).click();
  // Nothing has happened yet: no script has run.
  expect(await page.evaluate(() => localStorage.getItem('shop.cart.v1'))).toBeNull();

  releaseScripts();
  // The heart, tapped last, asks a visitor to sign in (storefront.spec.ts), after the Add to cart before it.
  await expect(page.getByRole('alert').filter({ hasText: 'Please signin or register' })).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  const lines = await page.evaluate(() =>
    (JSON.parse(localStorage.getItem('shop.cart.v1') ?? '[]') as Array<{ line: { quantity: number } }>).map((entry) => entry.line),
  );
  // One line, of one: Add to cart made once, after the size tapped before it.
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ quantity: 1 });
  await page.goto('/?category=Wings');
  const tenPieces = await page.request.post('/api/cart/quote', { data: { items: lines } });
  expect(tenPieces.status()).toBe(200);
  await wings.getByRole('group', { name: 'Size' }).getByRole('button', { name: '10 Pcs' }).click();
  await expect(wings.getByText(`£${((await tenPieces.json()) as { total: number }).total.toFixed(2)}`, { exact: true })).toBeVisible();
  expect(seen.errors).toEqual([]);
});
