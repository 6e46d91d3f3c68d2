import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { TestServer } from '../apps/server/test/harness';
import config, { E2E_ADMIN } from '../playwright.config';
import { ownShopTest } from './own-shop';
import { adminApi, answerAccept, chooseCategory, rejectWaitingOrders, seeToast, SHOP_TIME, useShopClock } from './steps';

// axe-core on every kind of screen, signed out, as a customer and as the admin, on a desktop and a phone width.
// Each page is checked once its content has arrived (no spinner, no skeleton), so what a person meets is checked.
// The journeys run on a shop of their own (e2e/own-shop.ts), beside the journeys of the shared e2e server.

const test = ownShopTest('a11y', SHOP_TIME);
let shop: TestServer;
test.beforeEach(({ shop: started }) => {
  shop = started;
});

const SHOTS = '/tmp/shots-a11y';
mkdirSync(SHOTS, { recursive: true });

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
const PUBLIC_PAGES = ['/', '/signin', '/signup', '/cart'];
const CUSTOMER_PAGES = ['/payment', '/profile/my-profile', '/favourite', '/notification'];
const ADMIN_PAGES = [
  '/dashboard',
  '/order-list',
  '/categories',
  '/products',
  '/ingredients',
  '/productforms',
  '/addnotification',
  '/banner',
];

/** What a journey of one screen has (playwright.config.ts), for each screen of a journey through several. */
const PAGE_TIMEOUT = config.timeout ?? 60_000;
let counter = 0;

async function signUpCustomer(page: Page): Promise<string> {
  const email = `a11y-${Date.now().toString(36)}-${++counter}@example.com`;
  const answer = await page.request.post('/api/register/', { data: { username: 'Ada Lovelace', email, password: 'Accessible-2026' } });
  expect(answer.status(), await answer.text()).toBe(201);
  return email;
}

/**
 * Signs the page in as the admin, on the shop's clock, with no order waiting: the new-order popup opens over every
 * admin page while one waits (issue 20), and the screen under it would not be the one checked.
 */
async function signInAdmin(page: Page): Promise<void> {
  await rejectWaitingOrders(shop.url);
  await useShopClock(page);
  const answer = await page.request.post('/api/login/', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** A cash order by a new customer in a context of their own (through the API), for the admin's order detail. */
async function placeCashOrder(browser: Browser): Promise<string> {
  const context = await browser.newContext({ baseURL: shop.url });
  const email = `a11y-${Date.now().toString(36)}-${++counter}@example.com`;
  const { request } = context;
  expect((await request.post('/api/register/', { data: { username: 'Ada Lovelace', email, password: 'Accessible-2026' } })).status()).toBe(
    201,
  );
  const id = await placeCashOrderAs(request, email);
  await context.close();
  return id;
}

/** A cash order of two Margheritas by the customer `request` is signed in as, to a new address of theirs. */
async function placeCashOrderAs(request: APIRequestContext, email: string): Promise<string> {
  const address = await request.post('/api/address-collection', {
    data: {
      firstname: 'Ada',
      lastname: 'Lovelace',
      Email: email,
      phone: '07700 900123',
      address: '12 Engine Row',
      city: 'London',
      postcode: 'N1 9GU',
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const products = (await (await request.get('/api/allproduts')).json()) as { _id: string; title: string }[];
  const margherita = products.find((product) => product.title === 'Margherita');
  const order = await request.post('/api/buy-product', {
    data: {
      items: [{ productId: margherita?._id, quantity: 2 }],
      paymentType: 'Cash',
      addressId: ((await address.json()) as { insertedId: string }).insertedId,
      note: 'Ring twice',
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { insertedId } = (await order.json()) as { insertedId: string };
  return insertedId;
}

async function addMargherita(page: Page): Promise<void> {
  await page.goto('/');
  await chooseCategory(page, 'Pizza');
  await page.getByRole('article', { name: 'Margherita' }).getByRole('button', { name: 'Add to cart' }).click();
  // What a person waits for: 'Added To Cart!' shown, then gone after its second; checked mid-fade, the toast's white
  // text is barely there (axe measured 1.04:1 on a busy machine).
  await seeToast(page, 'Added To Cart!');
  await expect(page.getByRole('alert').filter({ hasText: 'Added To Cart!' })).toBeHidden();
}

/**
 * Nothing on the screen still moving in (a dialog fading in, a toast growing): a person reads the screen once it has
 * settled, and axe should measure the colours they read, not a frame of a transition. Endless animations (a
 * spinner) do not count; the callers wait for those to be gone.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

async function expectNoViolationsHere(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  // Soft: a journey through several screens goes on to check the rest, and fails at its end naming each one.
  expect.soft(summary, `axe violations on ${name}`).toEqual([]);
}

async function expectNoViolations(page: Page, path: string, width: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.locator('.ui-skeleton, .MuiSkeleton-root')).toHaveCount(0);
  await expectNoViolationsHere(page, `${width}${path === '/' ? '_home' : path.replaceAll('/', '_')}`);
}

for (const size of WIDTHS) {
  test.describe(`accessibility at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    // One page goes through the screens of each kind, as a person does: each is loaded afresh and checked, and the
    // app's code comes from the browser's cache after the first. Each screen has the time a journey has.
    test(`the pages signed out (${PUBLIC_PAGES.join(', ')}) have no axe violations`, async ({ page }) => {
      test.setTimeout(PAGE_TIMEOUT * PUBLIC_PAGES.length);
      for (const path of PUBLIC_PAGES) await test.step(path, () => expectNoViolations(page, path, size.name));
    });

    test(`the pages of a customer (${CUSTOMER_PAGES.join(', ')}) have no axe violations`, async ({ page }) => {
      test.setTimeout(PAGE_TIMEOUT * CUSTOMER_PAGES.length);
      await signUpCustomer(page);
      for (const path of CUSTOMER_PAGES) await test.step(path, () => expectNoViolations(page, path, size.name));
    });

    test('the menu, cart and payment with a pizza in the cart have no axe violations', async ({ page }) => {
      await signUpCustomer(page);
      await addMargherita(page);
      await expectNoViolationsHere(page, `${size.name}_home-with-cart`);
      await expectNoViolations(page, '/cart', `${size.name}-filled`);
      await expectNoViolations(page, '/payment', `${size.name}-filled`);
    });

    test('the deal builder has no axe violations', async ({ page }) => {
      await page.goto('/');
      await chooseCategory(page, 'Deals');
      await page.getByRole('article', { name: 'Pizza Pair' }).getByRole('button', { name: 'Build Deal' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolationsHere(page, `${size.name}_deal-builder`);
    });

    test('a customer’s accepted and canceled orders, on their notifications, history and order page, have no axe violations', async ({
      page,
    }) => {
      const email = await signUpCustomer(page);
      const accepted = await placeCashOrderAs(page.request, email);
      const canceled = await placeCashOrderAs(page.request, email);
      const admin = await adminApi(shop.url);
      for (const [id, data] of [
        [accepted, { status: 'Approved Order', readyInMinutes: 30 }],
        [canceled, { status: 'Canceled Order', reason: 'We are too busy right now' }],
      ] as const) {
        const answer = await admin.put(`/api/update-sell-products/${id}`, { data });
        expect(answer.ok(), await answer.text()).toBe(true);
      }
      await admin.dispose();
      await expectNoViolations(page, '/notification', `${size.name}-with-orders`);
      await expect(page.getByRole('list', { name: 'Order notifications' })).toContainText('Expected at 18:30');
      await expect(page.getByRole('list', { name: 'Order notifications' })).toContainText('Canceled: We are too busy right now');
      await expectNoViolations(page, '/profile/my-orders', `${size.name}-with-orders`);
      await expectNoViolations(page, `/orders/${accepted}`, `${size.name}-accepted`);
      await expect(page.getByRole('status', { name: 'Order promise' })).toHaveText('Expected at 18:30');
      await expectNoViolations(page, `/orders/${canceled}`, `${size.name}-canceled`);
      await expect(page.getByRole('status', { name: 'Order promise' })).toContainText('Canceled: We are too busy right now');
    });

    test(`the admin's pages (${ADMIN_PAGES.join(', ')}) have no axe violations`, async ({ page }) => {
      test.setTimeout(PAGE_TIMEOUT * ADMIN_PAGES.length);
      await signInAdmin(page);
      for (const path of ADMIN_PAGES) await test.step(path, () => expectNoViolations(page, path, size.name));
    });

    test('an order’s detail as the admin, with its status menu open, has no axe violations', async ({ page, browser }) => {
      await signInAdmin(page);
      const id = await placeCashOrder(browser);
      await page.goto(`/allorders/${id}`);
      await expect(page.getByRole('region', { name: 'Items' })).toBeVisible();
      await expectNoViolationsHere(page, `${size.name}_order-detail`);
      await page.getByRole('button', { name: 'Change status' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoViolationsHere(page, `${size.name}_order-detail-menu`);
      await page.keyboard.press('Escape');
      // Accept asks when the order arrives; answered, the order waits no more (the popup would cover the lists).
      await page.getByRole('region', { name: 'Waiting for an answer' }).getByRole('button', { name: 'Accept' }).click();
      await expect(page.getByRole('dialog', { name: `Accept order ${id.slice(18)}` })).toBeVisible();
      await expectNoViolationsHere(page, `${size.name}_order-detail-accept`);
      await answerAccept(page, id.slice(18), 45);
      await expect(page.getByRole('region', { name: 'Expected time' })).toContainText('Expected at 18:45');
      await expectNoViolationsHere(page, `${size.name}_order-detail-accepted`);
      // The lists with rows in them (the table, or the stacked cards on a phone).
      await expectNoViolations(page, '/order-list', `${size.name}-with-orders`);
      await expectNoViolations(page, '/dashboard', `${size.name}-with-orders`);
    });
  });
}

test('with reduced motion asked for, a toast shows at full strength from its first frame, without the grow-and-fade', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/?category=Pizza');
  // The toast's opacity as it enters the page (with motion it starts at 0 and fades in).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toastOpacity: string[] }).toastOpacity = seen;
    new MutationObserver((_changes, observer) => {
      const toast = [...document.querySelectorAll('[role="alert"]')].find((element) => element.textContent?.includes('Added To Cart!'));
      if (!toast) return;
      seen.push(getComputedStyle(toast).opacity);
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  });
  // Hydrated first (the side cart is drawn by the browser only): a tap on the server-rendered page before its script
  // has run loads the page again (decision 1104), without this page's observer.
  await expect(page.getByRole('complementary', { name: 'Side cart' }).getByText('No Product added yet')).toBeVisible();
  await page.getByRole('article', { name: 'Margherita' }).getByRole('button', { name: 'Add to cart' }).click();
  await seeToast(page, 'Added To Cart!');
  expect(await page.evaluate(() => (window as unknown as { toastOpacity: string[] }).toastOpacity)).toEqual(['1']);
});
