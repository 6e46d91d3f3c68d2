import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import config from '../playwright.config';
import {
  acceptInPopup,
  adminApi,
  chooseCategory,
  placeCashOrder,
  popupOf,
  rejectWaitingOrders,
  signInAdminByForm,
  useShopClock,
} from './steps';

// New order (decision 1500): the staff take a caller's or a walk-in's order in the back office with the storefront's
// menu and prices, and it reaches the one board marked PHONE or COUNTER. Each test first rejects what earlier
// journeys left waiting, so the board's popup shows only the order the test places.

const SHOTS = '/tmp/shots-new-order';
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [768, 1024],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A number of Ofcom's drama range, one per run, so the lookup finds this test's customer alone. */
function dramaNumber(): string {
  return `900${String(100 + Math.floor(Math.random() * 800))}`;
}

/** A customer account with a saved address whose phone is 07700 <number>, and an earlier cash order of 2 Margheritas. */
async function callerWithHistory(browser: Browser, number: string): Promise<{ email: string; request: APIRequestContext }> {
  const context = await browser.newContext({ baseURL: config.use?.baseURL });
  const email = `caller-${Date.now().toString(36)}@example.com`;
  const registered = await context.request.post('/api/register/', {
    data: { username: 'Ada Lovelace', email, password: 'a-Strong-password-1' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const address = await context.request.post('/api/address-collection', {
    data: {
      firstname: 'Ada',
      lastname: 'Lovelace',
      Email: email,
      phone: `07700 ${number}`,
      address: '12 Analytical Row',
      city: 'Bristol',
      postcode: 'BS1 4DJ',
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const { insertedId } = (await address.json()) as { insertedId: string };
  await placeCashOrder(context.request, insertedId, 'Margherita', 2);
  return { email, request: context.request };
}

/** A counter member, invited by the owner through the API, signed in on `page` by accepting the invitation. */
async function signInCounter(page: Page): Promise<void> {
  const owner = await adminApi();
  const email = `counter-${Date.now().toString(36)}@example.com`;
  const invited = await owner.post('/api/staff', { data: { email, name: 'Cas Counter', role: 'counter' } });
  expect(invited.ok(), await invited.text()).toBe(true);
  let token = '';
  await expect
    .poll(async () => {
      const mails = (await (await owner.get('/api/dev/outbox')).json()) as Array<{ to: string; text: string }>;
      token = /\/staff-invite\/([\w-]+)/.exec(mails.find((mail) => mail.to === email)?.text ?? '')?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  await owner.dispose();
  const joined = await page.request.post(`/api/staff-invites/${token}`, { data: { password: 'Counter-night-2026' } });
  expect(joined.ok(), await joined.text()).toBe(true);
}

/** Finds the caller by `spelling` of their number and waits for the one match. */
async function findCaller(page: Page, spelling: string, email: string): Promise<void> {
  const phone = page.getByRole('textbox', { name: 'Phone' });
  await phone.fill(spelling);
  await phone.press('Enter');
  const matches = page.getByTestId('caller-match');
  await expect(matches).toHaveCount(1);
  await expect(matches).toContainText('Ada Lovelace');
  await expect(matches).toContainText(email);
}

/** Adds `quantity` of `title` from New order's menu (the storefront's card) and waits for them in the basket. */
async function addFromMenu(page: Page, title: string, quantity: number): Promise<void> {
  const add = page.getByRole('main').getByRole('article', { name: title, exact: true }).getByRole('button', { name: 'Add to cart' });
  for (let count = 0; count < quantity; count += 1) await add.click();
  await expect(page.getByLabel(`Quantity of ${title}`)).toHaveText(String(quantity));
}

test('a phone order: the counter finds the caller by any spelling, repeats their last order and sends it for delivery, cash', async ({
  page,
  browser,
}) => {
  const number = dramaNumber();
  const caller = await callerWithHistory(browser, number);
  await rejectWaitingOrders();

  await useShopClock(page);
  await signInCounter(page);
  await page.goto('/new-order');
  await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'New order' })).toBeVisible();

  // Three spellings of one number find the same customer.
  for (const spelling of [`07700 ${number}`, `+44 7700 ${number}`, `447700${number}`]) await findCaller(page, spelling, caller.email);
  // A number typed first makes it a phone order, for delivery.
  await expect(page.getByRole('button', { name: 'Phone', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await shoot(page, 'caller-found');

  await page.getByRole('button', { name: /^Repeat this order/ }).click();
  await expect(page.getByText(/Added the order of .* at today’s prices\./)).toBeVisible();
  const line = page.getByTestId('basket-line').filter({ hasText: 'Margherita' });
  await expect(line.getByLabel('Quantity of Margherita')).toHaveText('2');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace');
  await expect(page.getByRole('radio', { name: /12 Analytical Row/ })).toBeChecked();
  await expect(page.getByTestId('delivery-check')).toContainText('Delivers to BS1 4DJ');
  await expect(page.getByTestId('basket-total')).toHaveText(/^£\d+\.\d\d$/);
  await expect(page.getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
  await shoot(page, 'phone-order-ready');

  await page.getByTestId('place-order').click();
  const placed = page.getByTestId('order-placed');
  await expect(placed).toContainText(/Order \w+ placed/);
  await expect(placed.getByTestId('tracking-link')).toHaveText(/\/track\/[\w-]+$/);

  // On the board, marked PHONE.
  const popup = popupOf(page);
  await expect(popup).toBeVisible();
  await expect(popup.getByTestId('channel-badge')).toHaveText('PHONE');
  await expect(popup).toContainText('Margherita');
  await shoot(page, 'phone-order-popup');
  await acceptInPopup(page, 30);

  // The order's page says who took it.
  await page.getByTestId('order-placed').getByRole('link', { name: 'Open the order' }).click();
  await expect(page.getByTestId('taken-by')).toHaveText('Taken by phone by Cas Counter');
  await expect(page.getByRole('main').getByTestId('channel-badge')).toHaveText('PHONE');
});

test('a counter order, paid on the card terminal, for collection', async ({ page }) => {
  await rejectWaitingOrders();
  await signInAdminByForm(page, '/new-order');
  await expect(page.getByRole('button', { name: 'Counter', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await chooseCategory(page, 'Pizza');
  await addFromMenu(page, 'Margherita', 2);
  await page.getByRole('textbox', { name: 'Name' }).fill('Walk In');
  await page.getByRole('textbox', { name: 'Phone' }).fill('07700 900777');
  // The basket came first: still a counter order, collected.
  await expect(page.getByRole('button', { name: 'Counter', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Collection', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('radio', { name: 'Paid at the counter' }).check();
  await page.getByRole('button', { name: 'Card terminal' }).click();
  await shoot(page, 'counter-order-ready');
  await page.getByTestId('place-order').click();
  await expect(page.getByTestId('order-placed')).toBeVisible();

  const popup = popupOf(page);
  await expect(popup.getByTestId('channel-badge')).toHaveText('COUNTER');
  await expect(popup).toContainText('COLLECTION');
  await acceptInPopup(page, 30);

  await page.getByTestId('order-placed').getByRole('link', { name: 'Open the order' }).click();
  await expect(page.getByRole('main').getByTestId('channel-badge')).toHaveText('COUNTER');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Paid by card');
  await expect(page.getByTestId('taken-by')).toHaveText(/^Taken at the counter by /);

  // The order list marks it too.
  await page.goto('/order-list');
  await expect(
    page.getByRole('table', { name: 'Orders' }).getByTestId('channel-badge').filter({ hasText: 'COUNTER' }).first(),
  ).toBeVisible();
});

test('the same basket costs the same on the storefront and in New order', async ({ page, browser }) => {
  await rejectWaitingOrders();
  // The storefront's cart.
  const context = await browser.newContext({ baseURL: config.use?.baseURL, viewport: { width: 1280, height: 800 } });
  const shopper = await context.newPage();
  await useShopClock(shopper);
  await shopper.goto('/');
  const pick = async (target: Page, scope: 'storefront' | 'back office') => {
    await chooseCategory(target, 'Pizza');
    const card = target.getByRole('article', { name: 'Margherita', exact: true });
    await card.getByRole('radio', { name: /^Large/ }).check();
    await card.getByRole('button', { name: 'Add to cart' }).click();
    await card.getByRole('button', { name: 'Add to cart' }).click();
    await chooseCategory(target, 'Sides');
    await target.getByRole('article', { name: 'Garlic Bread', exact: true }).getByRole('button', { name: 'Add to cart' }).click();
    if (scope === 'back office') await expect(target.getByTestId('basket-line')).toHaveCount(2);
  };
  await pick(shopper, 'storefront');
  const cartTotal = shopper.getByTestId('cart-total');
  await expect(cartTotal).toHaveAttribute('data-confirmed', 'true');
  const storefront = (await cartTotal.textContent())?.trim();
  expect(storefront).toMatch(/^£\d+\.\d\d$/);
  await context.close();

  await signInAdminByForm(page, '/new-order');
  await pick(page, 'back office');
  await expect(page.getByLabel('Quantity of Margherita')).toHaveText('2');
  await expect(page.getByTestId('basket-total')).toHaveText(storefront ?? '');
  await shoot(page, 'same-basket');
});

test('a payment link by e-mail opens the order’s tracking page, waiting for its payment', async ({ page }) => {
  await rejectWaitingOrders();
  await signInAdminByForm(page, '/new-order');
  const email = `linked-${Date.now().toString(36)}@example.com`;
  await page.getByRole('textbox', { name: 'Phone' }).fill(`07700 ${dramaNumber()}`);
  await page.getByRole('textbox', { name: 'Name' }).fill('Lin Kay');
  await page.getByRole('textbox', { name: 'E-mail (optional)' }).fill(email);
  await chooseCategory(page, 'Pizza');
  await addFromMenu(page, 'Margherita', 2);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('3 Link Lane');
  await page.getByRole('textbox', { name: 'Town or city' }).fill('Bristol');
  await page.getByRole('textbox', { name: 'Post code' }).fill('BS1 4DJ');
  await expect(page.getByTestId('delivery-check')).toContainText('Delivers to BS1 4DJ');
  await page.getByRole('radio', { name: /^Payment link/ }).check();
  await expect(page.getByRole('button', { name: 'E-mail', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('place-order').click();
  await expect(page.getByTestId('link-sent')).toContainText(email);
  await shoot(page, 'payment-link-sent');

  const owner = await adminApi();
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (await owner.get('/api/dev/outbox')).json()) as Array<{ to: string; text: string }>;
      link = /https?:\/\/[^\s]+\/track\/[\w-]+/.exec(mails.find((mail) => mail.to === email)?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const path = new URL(link).pathname;
  expect(path).toMatch(/^\/track\/[\w-]+$/);
  const tracked = await owner.get(`/api${path}`);
  expect(tracked.ok(), await tracked.text()).toBe(true);
  expect(((await tracked.json()) as { awaitingPayment: boolean }).awaitingPayment).toBe(true);
  await owner.dispose();
});
