import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEFAULT_OPENING_HOURS } from '@shop/shared/domain/opening-hours';
import type { TestServer } from '../apps/server/test/harness';
import { ownShop } from './own-shop';
import { addPizza, adminApi, checkout, newCustomer, payCashOnDelivery, SHOP_TIME, signInAdminByForm } from './steps';

// Decision 1400's journey: the owner closes Monday and the shop's own day (a special day closed,
// Wednesday 18 November, the shop clock's date) on the back office's Opening hours screen; a customer's open menu
// says so at once, without a reload, and checkout takes no order. The journey changes the shop's hours, so it runs
// on a shop of its own (as kitchen.spec.ts does), its clock fixed at Wednesday 18:00 in London.

const SHOTS = '/tmp/shots-opening-hours';
mkdirSync(SHOTS, { recursive: true });

let shop: TestServer;
ownShop('hours', SHOP_TIME, (started) => (shop = started));

/** Every test starts from the spec's hours (a retry too). */
test.beforeEach(async () => {
  const admin = await adminApi(shop.url);
  try {
    const reset = await admin.put('/api/opening-hours', { data: DEFAULT_OPENING_HOURS });
    expect(reset.ok(), await reset.text()).toBe(true);
  } finally {
    await admin.dispose();
  }
});

async function newAdmin(browser: Browser, at: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop.url });
  const page = await context.newPage();
  await signInAdminByForm(page, at, SHOP_TIME);
  return page;
}

const markNotReloaded = (page: Page) => page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
const wasNotReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

test('the owner closes Monday and today: an open menu says so without a reload, and checkout takes no order', async ({ browser }) => {
  test.setTimeout(150_000);
  const admin = await newAdmin(browser, '/opening-hours');

  // Ada has the menu open; Grace is at checkout with two pizzas, about to confirm.
  const { page: ada } = await newCustomer(browser, shop.url);
  await ada.clock.install({ time: SHOP_TIME });
  await ada.goto('/');
  const opening = ada.getByRole('status', { name: 'Opening hours' });
  await expect(opening).toContainText('Open until 23:15 · orders close at 23:00');
  await markNotReloaded(ada);
  const { page: grace } = await newCustomer(browser, shop.url);
  await grace.clock.install({ time: SHOP_TIME });
  await grace.goto('/');
  await addPizza(grace, 'Margherita');
  await addPizza(grace, 'Hawaiian');
  await checkout(grace);
  await payCashOnDelivery(grace);
  const when = grace.getByRole('radiogroup', { name: 'When' });
  await expect(when.getByRole('radio', { name: /^As soon as possible/ })).toBeChecked();
  await expect(grace.getByRole('table', { name: 'Opening hours' })).toContainText('Monday12:00-23:15');

  // The owner: Monday's one session removed, and today closed as a special day.
  const form = admin.getByRole('form', { name: 'Opening hours' });
  await expect(form.getByRole('region', { name: 'Monday' })).toBeVisible();
  await form.getByRole('button', { name: "Remove Monday's session 12:00 to 23:15" }).click();
  await expect(form.getByRole('region', { name: 'Monday' })).toContainText('Closed');
  await form.getByRole('button', { name: 'Add a date' }).click();
  await form.getByRole('region', { name: 'Special days' }).getByLabel('Date', { exact: true }).fill('2026-11-18');
  const saved = admin.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/opening-hours');
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(admin.getByRole('alert').filter({ hasText: 'Opening hours saved' })).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/admin-opening-hours.png`, fullPage: true });

  // Ada's menu, left open, says so without a reload: closed now, and why.
  await expect(opening).toContainText('Closed now · opens tomorrow at 12:00');
  await expect(opening).toContainText('Closed on Wednesday 18 November');
  expect(await wasNotReloaded(ada)).toBe(true);
  await ada.screenshot({ path: `${SHOTS}/menu-closed.png` });

  // Grace's checkout: no order for as soon as possible, the store information lists Monday closed; confirming sends
  // no order the shop takes.
  await expect(when.getByRole('radio', { name: /^As soon as possible/ })).toHaveCount(0);
  await expect(grace.getByRole('table', { name: 'Opening hours' })).toContainText('MondayClosed');
  await expect(grace.getByRole('main')).toContainText('Closed on Wednesday 18 November');
  const placed: number[] = [];
  grace.on('response', (r) => {
    if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/buy-product') placed.push(r.status());
  });
  const place = grace.getByRole('button', { name: /^Place order/ });
  if (await place.isEnabled()) {
    await place.click();
    const confirm = grace.getByRole('dialog', { name: 'Confirm your order' });
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Confirm order' }).click();
  }
  await grace.waitForTimeout(1000);
  expect(placed.filter((status) => status === 201)).toEqual([]);
  await expect(grace).toHaveURL(/\/payment$/);
  await grace.screenshot({ path: `${SHOTS}/checkout-closed.png`, fullPage: true });

  // What the API answers now: Monday has no session, today is a special closed day.
  const hours = (await (await ada.request.get(`${shop.url}/api/opening-hours`)).json()) as typeof DEFAULT_OPENING_HOURS;
  expect(hours.weekly.filter((session) => session.day === 1)).toEqual([]);
  expect(hours.specialDays).toEqual([{ date: '2026-11-18', closed: true }]);
});
