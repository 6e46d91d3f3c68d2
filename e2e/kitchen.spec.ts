import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { displayOrderId } from '@shop/shared/domain/order-id';
import type { TestServer } from '../apps/server/test/harness';
import { ownShop } from './own-shop';
import {
  addPizza,
  adminApi,
  checkout,
  chooseCategory,
  newCustomer,
  payByTestCard,
  payCashOnDelivery,
  placeCashOrder,
  popupOf,
  productId,
  rejectWaitingOrders,
  SHOP_TIME,
  signInAdminByForm,
  type ApiCustomer,
} from './steps';

// Issue 21's journeys (decision 0901; how they move the shop clock: decision 0902). The admin pauses ordering from
// the back office's header and the customer's open menu says so, checkout takes no order for as soon as possible,
// and the pause ends by itself when the shop clock passes its end; the admin marks a pizza sold out from an order's
// page and the customer's open menu shows it; a customer orders ahead for tomorrow while the shop is closed.
//
// The e2e server's clock is fixed (SHOP_TIME) and shared by every spec, so these journeys run on a shop of their
// own, in this worker's process (the API suites' harness: the real server on a real port, serving the web build,
// on a fresh seeded PGlite), whose clock the journey moves as the API suites do: `shop.config.shopTime`. Nothing in
// the shop's code can move its clock; the browsers' clocks follow it (page.clock).

const SHOTS = '/tmp/shots-kitchen';
mkdirSync(SHOTS, { recursive: true });

/** Wednesday 18 November 2026, 18:00 in London: open until 23:15, the usual 45 minutes. */
const OPEN = SHOP_TIME;
/** The same Wednesday at 23:30: closed, opening tomorrow (Thursday) at 12:00. */
const CLOSED = new Date('2026-11-18T23:30:00Z');
/** The pizza the second journey marks sold out. */
const SOLD_OUT_PIZZA = 'Pepperoni Passion';

let shop: TestServer;
ownShop('kitchen', OPEN, (started) => (shop = started));

/** A failed journey carries what the shop answered about itself then, by its clock. */
test.afterEach(async ({ request }) => {
  const info = test.info();
  if (info.status === info.expectedStatus) return;
  const status = await request.get(`${shop.url}/api/opening-status`);
  await info.attach('opening status', {
    body: `shop clock ${shop.config.shopTime?.toISOString()}: ${status.status()} ${await status.text()}`,
    contentType: 'text/plain',
  });
});

/** Moves the shop's clock (every process reads it at every request: here one process). */
function setShopClock(at: Date): void {
  shop.config.shopTime = new Date(at.getTime());
}

/**
 * Every test starts from the same shop, whatever ran before it (a retry too): Wednesday 18:00, no pause and no busy
 * mode (a pause left from an earlier test would be running again at 18:00), the pizza on sale, nothing waiting.
 */
test.beforeEach(async () => {
  setShopClock(OPEN);
  const admin = await adminApi(shop.url);
  try {
    const status = await admin.put('/api/shop-status', { data: { busy: null, pause: null } });
    expect(status.ok(), await status.text()).toBe(true);
    const onSale = await admin.put(`/api/allproduts/${await productId(admin, SOLD_OUT_PIZZA)}/availability`, {
      data: { soldOut: false },
    });
    expect(onSale.ok(), await onSale.text()).toBe(true);
  } finally {
    await admin.dispose();
  }
  await rejectWaitingOrders(shop.url);
});

/** An admin's browser on this shop, signed in through the form on the page of `path`, its clock the shop's. */
async function newAdmin(browser: Browser, path: string, at: Date): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop.url });
  const page = await context.newPage();
  await signInAdminByForm(page, path, at);
  return page;
}

/** A customer on this shop, signed up with an address, whose browser's clock starts at the shop's and runs. */
async function newShopCustomer(browser: Browser, at: Date): Promise<ApiCustomer> {
  const customer = await newCustomer(browser, shop.url);
  await customer.page.clock.install({ time: at });
  return customer;
}

const markNotReloaded = (page: Page) => page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
const wasNotReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/**
 * Screenshots at phone and desktop widths: the whole page from its top, or the screen around `focus` (a card far down
 * the menu); then back to the desktop size the journeys run at.
 */
async function shoot(page: Page, name: string, focus?: Locator): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(300);
    if (focus) {
      await focus.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    } else {
      // From the top: a page scrolled down would draw its fixed header across the middle of a full-page picture.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Moves the shop's clock to `at`, then each browser's clock to it too, running the timers that fall due meanwhile. */
async function moveClocks(at: Date, pages: Page[]): Promise<void> {
  setShopClock(at);
  for (const page of pages) {
    const browserNow = await page.evaluate(() => Date.now());
    if (at.getTime() > browserNow) await page.clock.fastForward(at.getTime() - browserNow);
  }
}

/** Place order, then Confirm order: resolves with the answer of POST /api/buy-product. */
async function placeCashOrderByForm(page: Page) {
  await page.getByRole('button', { name: /^Place order/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/buy-product');
  await confirm.getByRole('button', { name: 'Confirm order' }).click();
  return answered;
}

test('the admin stops orders for 15 minutes: open menus and checkouts say so at once, the cart still works, no order is taken; the pause ends by itself at 18:15', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await newAdmin(browser, '/dashboard', OPEN);

  // Ada has the menu open; Grace is about to confirm an order for as soon as possible.
  const { page: ada } = await newShopCustomer(browser, OPEN);
  await ada.goto('/');
  const opening = ada.getByRole('status', { name: 'Opening hours' });
  await expect(opening).toContainText('Delivery in about 45 min');
  await markNotReloaded(ada);
  const { page: grace } = await newShopCustomer(browser, OPEN);
  await grace.goto('/');
  // Two pizzas: the minimum order is £10.00.
  await addPizza(grace, 'Margherita');
  await addPizza(grace, 'Hawaiian');
  await checkout(grace);
  await payCashOnDelivery(grace);
  const graceWhen = grace.getByRole('radiogroup', { name: 'When' });
  await expect(graceWhen.getByRole('radio', { name: 'As soon as possible · Delivery in about 45 min' })).toBeChecked();
  await grace.getByRole('button', { name: /^Place order/ }).click();
  const confirm = grace.getByRole('dialog', { name: 'Confirm your order' });
  await expect(confirm).toBeVisible();

  // The admin's one tap, from the header every admin page has.
  const kitchen = admin.getByRole('group', { name: 'Kitchen' });
  await kitchen.getByRole('button', { name: 'Kitchen', exact: true }).click();
  await admin.getByRole('dialog', { name: 'Kitchen' }).getByRole('button', { name: 'Stop taking orders for 15 min' }).click();
  // (Its toast, 'Orders paused', lasts two seconds; the header's countdown stays.)
  await expect(kitchen).toContainText('Paused · 15:00 left');
  await shoot(admin, 'admin-paused');

  // Ada's menu, left open, says so without a reload.
  const pausedWords = 'We are not taking orders right now. Back at 18:15.';
  await expect(opening).toContainText(pausedWords);
  await expect(opening).not.toContainText('Delivery in about');
  expect(await wasNotReloaded(ada)).toBe(true);
  await shoot(ada, 'menu-paused', opening);

  // Grace confirms the order she asked for: it is refused in the shop's words, and none is placed. The words are a
  // toast of two seconds, so the page notes it from before the click: a slow machine cannot miss it.
  await grace.evaluate((words) => {
    const page = window as unknown as { refusalShown?: boolean };
    page.refusalShown = false;
    const shown = () =>
      [...document.querySelectorAll('[role="alert"]')].some((alert) => !alert.closest('main') && alert.textContent?.includes(words));
    new MutationObserver((_changes, observer) => {
      if (!shown()) return;
      page.refusalShown = true;
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, pausedWords);
  const refused = grace.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/buy-product');
  await confirm.getByRole('button', { name: 'Confirm order' }).click();
  const refusal = await refused;
  expect(refusal.status()).toBe(422);
  expect(await refusal.json()).toMatchObject({ code: 'ORDERING_PAUSED', message: pausedWords });
  await expect
    .poll(() => grace.evaluate(() => (window as unknown as { refusalShown?: boolean }).refusalShown), {
      message: 'the refusal is shown in the shop’s words',
    })
    .toBe(true);
  await expect(grace).toHaveURL(/\/payment$/);
  await expect(graceWhen.getByRole('radio', { name: /^As soon as possible/ })).toHaveCount(0);
  await shoot(grace, 'checkout-refused');

  // The cart still works for Ada; checkout takes no order for as soon as possible, only a time ahead.
  await addPizza(ada, 'Margherita');
  await addPizza(ada, 'Hawaiian');
  await checkout(ada);
  const when = ada.getByRole('radiogroup', { name: 'When' });
  await expect(when.getByRole('radio', { name: 'Order ahead for later' })).toBeChecked();
  await expect(when.getByRole('radio', { name: /^As soon as possible/ })).toHaveCount(0);
  await expect(ada.getByRole('main')).toContainText(pausedWords);
  await payCashOnDelivery(ada);
  await shoot(ada, 'checkout-paused');

  // Nobody touches anything: the shop's clock passes 18:15 (the browsers' with it), and orders are taken again.
  await moveClocks(new Date(OPEN.getTime() + 16 * 60_000), [ada, grace]);
  for (const page of [ada, grace]) {
    await expect(page.getByRole('radio', { name: 'As soon as possible · Delivery in about 45 min' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(pausedWords);
  }
  await when.getByRole('radio', { name: 'As soon as possible · Delivery in about 45 min' }).check();
  await shoot(ada, 'checkout-resumed');

  // Ada orders, for as soon as possible.
  const answer = await placeCashOrderByForm(ada);
  expect(answer.status(), await answer.text()).toBe(201);
  const orderId = ((await answer.json()) as { insertedId: string }).insertedId;
  await expect(ada).toHaveURL(/\/notification$/);
  await expect(ada.getByRole('status').filter({ hasText: 'Payment Successful' })).toContainText('Your order has been placed');
  await ada.goto(`/orders/${orderId}`);
  await expect(ada.getByRole('heading', { level: 1 })).toHaveText(`Order ${displayOrderId(orderId)}`);
  await expect(ada.getByTestId('scheduled-for')).toHaveCount(0);

  for (const page of [admin, ada, grace]) await page.context().close();
});

test('the admin marks a pizza sold out today from an order’s page: the customer’s open menu shows Sold out at once and cannot add it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // An order with a Pepperoni Passion in it, placed by another customer.
  const other: ApiCustomer = await newCustomer(browser, shop.url);
  const orderId = await placeCashOrder(other.request, other.addressId, 'Pepperoni Passion', 2);
  await other.page.context().close();

  const { page: customer } = await newShopCustomer(browser, OPEN);
  await customer.goto('/');
  await chooseCategory(customer, 'Pizza');
  const pepperoni = customer.getByRole('article', { name: 'Pepperoni Passion' });
  await expect(pepperoni.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await markNotReloaded(customer);

  const admin = await newAdmin(browser, `/allorders/${orderId}`, OPEN);
  const line = admin.getByRole('table', { name: 'Items' }).getByRole('row', { name: /Pepperoni Passion/ });
  await line.getByRole('button', { name: 'Mark Pepperoni Passion sold out today' }).click();
  await expect(admin.getByText('"Pepperoni Passion" is sold out today')).toBeVisible();
  await expect(line.getByRole('button', { name: 'Put Pepperoni Passion back on sale' })).toBeVisible();
  await shoot(admin, 'order-sold-out');

  // The customer's menu, left open: 'Sold out' on the pizza, and no way to add it.
  await expect(pepperoni).toContainText('Sold out');
  await expect(pepperoni.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  await expect(pepperoni.getByRole('button', { name: 'Sold out' })).toBeDisabled();
  expect(await wasNotReloaded(customer)).toBe(true);
  await shoot(customer, 'menu-sold-out', pepperoni);

  // Back on sale from the same page: the menu offers it again.
  await line.getByRole('button', { name: 'Put Pepperoni Passion back on sale' }).click();
  await expect(admin.getByText('"Pepperoni Passion" is back on sale')).toBeVisible();
  await expect(pepperoni.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  expect(await wasNotReloaded(customer)).toBe(true);

  await admin.context().close();
  await customer.context().close();
});

test('while the shop is closed a customer orders ahead for tomorrow at 19:30 and pays; the order and the admin’s popup and list say "For Thu 19:30"', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  setShopClock(CLOSED);
  const admin = await newAdmin(browser, '/pendingorders', CLOSED);
  const popup = popupOf(admin);
  await expect(popup).toBeHidden();

  const { page: customer } = await newShopCustomer(browser, CLOSED);
  await customer.goto('/');
  const opening = customer.getByRole('status', { name: 'Opening hours' });
  await expect(opening).toContainText('opens tomorrow at 12:00');
  await addPizza(customer, 'Margherita');
  await addPizza(customer, 'Hawaiian');
  await shoot(customer, 'menu-closed', opening);
  await checkout(customer);

  // Only a time ahead: the first is tomorrow's, and the customer picks 19:30.
  const when = customer.getByRole('radiogroup', { name: 'When' });
  await expect(when.getByRole('radio', { name: /^As soon as possible/ })).toHaveCount(0);
  await expect(when.getByRole('radio', { name: 'Order ahead for later' })).toBeChecked();
  const time = customer.getByRole('combobox', { name: 'Time' });
  await time.selectOption({ label: 'Thu 19:30' });
  await expect(time.locator('option:checked')).toHaveText('Thu 19:30');
  await shoot(customer, 'checkout-ahead');

  await payByTestCard(customer);
  await expect(customer).toHaveURL(/\/notification$/);
  const landing = customer.getByRole('status').filter({ hasText: 'Payment Successful' });
  await expect(landing).toContainText('Your order has been placed');
  const href = (await landing.getByRole('link', { name: 'See your order' }).getAttribute('href')) ?? '';
  const orderId = href.split('/').pop() ?? '';
  expect(orderId).toMatch(/^[0-9a-f]{24}$/);
  const short = displayOrderId(orderId);
  await landing.getByRole('link', { name: 'See your order' }).click();
  await expect(customer.getByRole('status', { name: 'Order promise' })).toContainText('For Thu 19:30');
  await shoot(customer, 'order-ahead');

  // The back office: the popup and the waiting orders' list show when it is for.
  await expect(popup.getByText(`Order ${short} ·`)).toBeVisible();
  await expect(popup.getByTestId('scheduled-for')).toHaveText('For Thu 19:30');
  await shoot(admin, 'popup-ahead');
  await popup.getByRole('button', { name: 'Later' }).click();
  await expect(popup).toBeHidden();
  const row = admin.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: short });
  await expect(row.getByTestId('scheduled-for')).toHaveText('For Thu 19:30');
  await shoot(admin, 'list-ahead');

  // Accepting it keeps its slot: the question names it, never minutes from now, and the list still says 19:30.
  await admin.getByRole('button', { name: 'Show' }).click();
  await popup.getByRole('button', { name: 'Approve' }).click();
  const accept = admin.getByRole('dialog', { name: `Accept order ${short}` });
  await expect(accept.getByTestId('accept-slot')).toHaveText('For Thu 19:30');
  await expect(accept.getByText(/\d+ min/)).toHaveCount(0);
  await accept.getByRole('button', { name: 'Accept · for 19:30' }).click();
  await expect(accept).toBeHidden();
  await admin.goto('/acceptedorders');
  const accepted = admin.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: short });
  await expect(accepted.getByTestId('scheduled-for')).toHaveText('For Thu 19:30');
  await expect(accepted).toContainText('Expected at 19:30');

  await admin.context().close();
  await customer.context().close();
});
