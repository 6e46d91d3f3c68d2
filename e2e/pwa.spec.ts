// The installable storefront (issue 23 point 3, decision 1101) as a customer on a poor signal meets it: the shop
// installs its service worker after the first load, the phone loses the network, a page opened then is the offline
// page, which still has the cart; when the network returns the cart is intact. The back office, the customer's
// pages and the API's writes and private answers are never answered from a cache.
import { expect, test, type Page } from '@playwright/test';
import { addPizza } from './steps';

const CART_KEY = 'shop.cart.v1';

/** Waits until the page's service worker is installed and active (it registers once the page has loaded). */
async function serviceWorkerActive(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 20_000 })
    .toBe('activated');
}

/** Every URL in the page's caches (the worker's precache and its run-time caches), as paths. */
async function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        found.push(url.pathname + url.search);
      }
    }
    return found;
  });
}

/** What a request made by the page's own script gets: an answer (its status) or a network failure. */
function fetchFromPage(page: Page, url: string, init?: RequestInit): Promise<string> {
  return page.evaluate(
    async ([target, options]) => {
      try {
        return `answered ${(await fetch(target, options)).status}`;
      } catch {
        return 'failed';
      }
    },
    [url, init ?? {}] as const,
  );
}

async function expectOfflinePage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByText('Your cart is kept in this browser: it will still be there when you are back online.')).toBeVisible();
}

test('offline, a page shows the offline page with the cart; back online the cart is intact; nothing private is cached', async ({
  page,
  context,
}) => {
  // The web app manifest: installable, with the shop's name, colour and icons.
  await page.goto('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = (await (await page.request.get(manifestHref!)).json()) as {
    name: string;
    theme_color: string;
    display: string;
    icons: Array<{ sizes: string; purpose: string; src: string }>;
  };
  // Named after the shop: the trader's name of its settings (journeys share the shop, so asked rather than assumed).
  const trader = (await (await page.request.get('/api/shop-trader')).json()) as { name: string };
  expect(manifest).toMatchObject({ name: trader.name, theme_color: '#5b4bdb', display: 'standalone' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '192x192 maskable',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');

  // A customer fills the cart; the worker installs meanwhile.
  await addPizza(page, 'Margherita');
  await expect.poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]').length, CART_KEY)).toBe(1);
  await serviceWorkerActive(page);

  // The next visit is the worker's: the menu, its pictures and the menu's answers are kept for later.
  const pictures: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/images/')) pictures.push(new URL(response.url()).pathname + new URL(response.url()).search);
  });
  const quote = page.waitForResponse((response) => response.url().endsWith('/api/cart/quote') && response.request().method() === 'POST');
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'My Cart' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The cart's price check (a write) goes to the server, not through the worker.
  expect((await quote).fromServiceWorker()).toBe(false);
  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect.poll(() => pictures.length).toBeGreaterThan(0);
  await expect.poll(async () => (await cachedPaths(page)).some((path) => path.startsWith('/api/images/'))).toBe(true);

  // The phone loses the network.
  await context.setOffline(true);

  // The back office and the customer's pages are not kept: offline they are the offline page.
  for (const path of ['/dashboard', '/allorders', '/profile/my-orders', '/payment']) {
    await page.goto(path);
    await expectOfflinePage(page);
    await expect(page.getByRole('heading', { name: /dashboard|orders|checkout/i, level: 1 })).toHaveCount(0);
  }

  // The customer opens the cart: the offline page, with the cart.
  await page.goto('/cart');
  await expectOfflinePage(page);
  await expect(page.getByRole('region', { name: 'In your cart' }).getByRole('listitem')).toHaveText(['1 × Margherita']);

  // Writes and private answers fail offline: nothing answers them from a cache. The menu's answer and a picture
  // seen before are there.
  expect(
    await fetchFromPage(page, '/api/cart/quote', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"items":[]}' }),
  ).toBe('failed');
  expect(await fetchFromPage(page, '/api/session')).toBe('failed');
  expect(await fetchFromPage(page, '/api/allproduts')).toBe('answered 200');
  expect(await fetchFromPage(page, pictures[0]!)).toBe('answered 200');

  // What the caches hold: the shell, the menu's answers and pictures; no page but the offline one, no other answer,
  // not the manifest (the server names it after the shop).
  const cached = await cachedPaths(page);
  const allowed =
    /^(\/assets\/[^/]+\.(js|css)|\/offline\.(html|js)|\/icons\/[^/]+\.png|\/api\/images\/[^/?]+(\?w=\d+)?|\/api\/(allcategori|allproduts|ingredients))(\?__WB_REVISION__=[0-9a-f]+)?$/;
  expect(cached.filter((path) => !allowed.test(path))).toEqual([]);
  expect(cached).toContain('/api/allproduts');

  // The network returns: the offline page opens the page again, and the cart is intact.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'My Cart' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'My Cart' }).getByRole('listitem', { name: 'Margherita' })).toBeVisible();
  expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]').length, CART_KEY)).toBe(1);
});

// The worker is registered once the app has started, never before: installing it fetches and stores the shell's
// files, which must not compete with the app's own code on a slow line. Here the app's code arrives 2 s late, while
// the page has loaded and its main thread is idle.
test('the service worker waits for the app to be live, however idle the page is before', async ({ page }) => {
  await page.addInitScript(() => {
    const seen = { liveAtRegister: [] as boolean[] };
    (window as unknown as { seen: typeof seen }).seen = seen;
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = (url, options) => {
      const root = document.getElementById('root');
      seen.liveAtRegister.push(root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
      return register(url, options);
    };
  });
  await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await page.goto('/');
  await serviceWorkerActive(page);
  expect(await page.evaluate(() => (window as unknown as { seen: { liveAtRegister: boolean[] } }).seen.liveAtRegister)).toEqual([true]);
});
