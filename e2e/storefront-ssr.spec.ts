import { expect, test, type Page } from '@playwright/test';
import { adminApi } from './steps';

// The storefront's `/` and each category's view come rendered from the server (decision 1100). With scripts off the
// menu is there to read and its category links lead to each view; with scripts on the page is hydrated without a
// console error (React reports a hydration mismatch there), without a layout shift, and on the server's own elements.

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
      // finger that may be on its way to another category.
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

// React hydrates the server's markup rather than rendering the page again: the elements the server sent are the ones
// React takes over. After a mismatch React throws them away and draws new ones, which this sees as a card no longer in
// the document. The page's scripts are held until the cards have been marked.
test("the server's elements are the ones React hydrates, not redrawn", async ({ page }) => {
  const seen = await watch(page);
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // A module script holds DOMContentLoaded back, so the page is read as soon as its cards are parsed.
  await page.goto('/?category=Pizza', { waitUntil: 'commit' });
  await expect(page.locator('#root article').nth(2)).toBeAttached();
  await page.waitForFunction(() => document.querySelector('#storefront-state') !== null);
  const marked = await page.evaluate(() => {
    const cards = [...document.querySelectorAll('#root article')];
    (window as unknown as { serverCards: Element[] }).serverCards = cards;
    return cards.length;
  });
  expect(marked).toBeGreaterThan(2);
  releaseScripts();
  await hydrated(page);
  const kept = await page.evaluate(() =>
    (window as unknown as { serverCards: Element[] }).serverCards.map(
      (card) => card.isConnected && Object.keys(card).some((key) => key.startsWith('__reactFiber')),
    ),
  );
  expect(kept).toEqual(Array.from({ length: marked }, () => true));
  expect(seen.errors).toEqual([]);
});

// The page runs no inline script (the Content-Security-Policy allows the build's files only) and links no chunk of the
// app: the entry asks for the app's code and the home route's once the page has been painted, so on a slow line the
// page and its first pictures have the line to themselves until they are on screen.
test("the page's only script is the entry, and the app's code is requested after the first frame", async ({ page }) => {
  const response = await page.request.get('/');
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com;/);
  const html = await response.text();
  const inline = [...html.matchAll(/<script(?![^>]*(type="application\/(json|ld\+json)"|src="))[^>]*>/g)];
  expect(inline).toEqual([]);
  expect(html).not.toContain('<template');
  expect(html).not.toContain('rel="modulepreload"');

  await page.addInitScript(() => {
    requestAnimationFrame(() => ((window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now()));
  });
  await page.goto('/');
  await hydrated(page);
  const timing = await page.evaluate(() => ({
    firstFrameAt: (window as unknown as { firstFrameAt: number }).firstFrameAt,
    chunks: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/(start|home-page)-[^/]+\.js$/.test(entry.name))
      .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })),
  }));
  // Vite's file names end in '-' and an 8-character hash, which may itself hold a '-' ('start-D-iqZMfe.js').
  expect(timing.chunks.map((chunk) => chunk.name.replace(/-[\w-]{8}\.js$/, ''))).toEqual(
    expect.arrayContaining(['/assets/start', '/assets/home-page']),
  );
  for (const chunk of timing.chunks) expect(chunk.startTime, chunk.name).toBeGreaterThan(timing.firstFrameAt);
});

// The realtime socket is socket.io's client in the page, loaded once a screen asks for it, and hears what the shop
// says to every open storefront: the menu changed.
test("the storefront's socket hears the menu change", async ({ page }) => {
  const websockets: string[] = [];
  page.on('websocket', (ws) => websockets.push(new URL(ws.url()).pathname));
  await page.goto('/');
  await hydrated(page);
  await expect.poll(() => websockets).toEqual(['/socket.io/']);
  expect(page.workers()).toEqual([]);

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
