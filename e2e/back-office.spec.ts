import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { CASH_ON_DELIVERY } from '@shop/shared/domain/payment-types';
import config, { E2E_ADMIN } from '../playwright.config';
import { answerAccept, answerCancel, openListening, popupOf, rejectWaitingOrders, ticketLine, useShopClock } from './steps';

// The back office (SPEC.md section 2; docs/decisions/0500-back-office-screens.md): the dashboard's figures follow the
// orders placed here, a status changed from a list's row menu moves them, and the order detail prints a kitchen
// ticket. The e2e database is shared by every spec file of a run, so figures are read before and after and only
// what this test did is asserted (the deltas). The shop clock is fixed (playwright.config.ts SHOP_TIME: a
// Wednesday, 18:00 in London), so every order placed here is today's. Since issue 20 a card order's money is held
// until the shop accepts it (no sale until then), and the new-order popup opens on every admin page while any order
// waits: each test starts with none waiting (rejectWaitingOrders), and puts the popup off with Later to use the lists.

const SHOTS = '/tmp/shots-back-office';
mkdirSync(SHOTS, { recursive: true });

let counter = 0;

type Customer = { request: APIRequestContext; email: string; addressId: string; close: () => Promise<void> };
type PlacedOrder = { id: string; short: string; pence: number };

/** A customer in a browser context of their own (their own cookies), signed up with an address, through the API. */
async function newCustomer(browser: Browser): Promise<Customer> {
  const context = await browser.newContext({ baseURL: config.use?.baseURL });
  const { request } = context;
  const email = `back-office-${Date.now().toString(36)}-${++counter}@example.com`;
  const registered = await request.post('/api/register/', { data: { username: 'Ada Lovelace', email, password: 'a-Strong-password-1' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const address = await request.post('/api/address-collection', {
    data: {
      firstname: 'Ada',
      lastname: 'Lovelace',
      Email: email,
      phone: '07700 900123',
      address: '12 Engine Row',
      address2: 'Flat 3',
      city: 'London',
      postcode: 'N1 9GU',
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const { insertedId } = (await address.json()) as { insertedId: string };
  return { request, email, addressId: insertedId, close: () => context.close() };
}

async function productId(request: APIRequestContext, title: string): Promise<string> {
  const products = (await (await request.get('/api/allproduts')).json()) as { _id: string; title: string }[];
  const product = products.find((candidate) => candidate.title === title);
  if (!product) throw new Error(`No product ${title} on the menu`);
  return product._id;
}

/** The order as the server priced it (its total is what the dashboard must add up). */
async function placed(request: APIRequestContext, id: string): Promise<PlacedOrder> {
  const answer = await request.get(`/api/buy-product/${id}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  const order = (await answer.json()) as { totalPrice: number };
  return { id, short: id.slice(18), pence: Math.round(order.totalPrice * 100) };
}

async function placeCashOrder(customer: Customer, title: string, quantity: number, note = ''): Promise<PlacedOrder> {
  const answer = await customer.request.post('/api/buy-product', {
    data: {
      items: [{ productId: await productId(customer.request, title), quantity }],
      paymentType: 'Cash',
      addressId: customer.addressId,
      note,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return placed(customer.request, ((await answer.json()) as { insertedId: string }).insertedId);
}

/** A card order through the offline test provider; confirmed, its money is held; unconfirmed, the shop never sees it. */
async function placeCardOrder(customer: Customer, title: string, quantity: number, pay: boolean): Promise<PlacedOrder> {
  const intent = await customer.request.post('/api/create-payment-intent', {
    data: {
      items: [{ productId: await productId(customer.request, title), quantity }],
      addressId: customer.addressId,
      note: 'Leave at the door',
    },
  });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { clientSecret, orderId } = (await intent.json()) as { clientSecret: string; orderId: string };
  if (pay) {
    const paid = await customer.request.post('/api/test-payments/confirm', {
      data: { clientSecret, cardNumber: '4242 4242 4242 4242', exp: '12/30', cvc: '123' },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    return placed(customer.request, orderId);
  }
  return { id: orderId, short: orderId.slice(18), pence: 0 };
}

async function signInAdmin(page: Page): Promise<void> {
  await rejectWaitingOrders();
  // The back office reads 'Waiting 0 min' and the Accept's time from the browser's clock: the shop's.
  await useShopClock(page);
  // page.request shares the page's cookies, so the page is signed in too.
  const answer = await page.request.post('/api/login/', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** '£1234.56' or '17' as pence or a count. */
function figureValue(text: string): number {
  const money = /^£(\d+)\.(\d\d)$/.exec(text.trim());
  if (money) return Number(money[1]) * 100 + Number(money[2]);
  if (!/^\d+$/.test(text.trim())) throw new Error(`Not a figure: ${text}`);
  return Number(text.trim());
}

type Figures = Record<string, number>;

const CARDS = [
  'All Pending Orders',
  'Total Categories',
  'Total Products',
  'Total Sales Today',
  'Card Total Today',
  'Cash Total Today',
  'Total Sale Overall',
];
const TODAY = ['Total Orders', 'Pending', 'Approved', 'On the way', 'Delivered', 'Canceled'];

function card(page: Page, label: string): Locator {
  return page.getByRole('group', { name: label, exact: true });
}

/**
 * Opens a screen afresh and, when orders wait (`waiting`), puts the new-order popup off with Later: it opens over any
 * admin page while an order waits, and would keep the page behind it out of reach.
 */
async function open(page: Page, path: string, { waiting = false } = {}): Promise<void> {
  await openListening(page, () => page.goto(path));
  if (!waiting) return;
  const popup = popupOf(page);
  await popup.getByRole('button', { name: 'Later' }).click();
  await expect(popup).toBeHidden();
}

/** Every figure the dashboard shows, read from the screen: the cards and the Orders Summary (Today) panel. */
async function readDashboard(page: Page, { waiting = false } = {}): Promise<Figures> {
  await open(page, '/dashboard', { waiting });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(card(page, 'All Pending Orders')).toBeVisible();
  const figures: Figures = {};
  for (const label of CARDS) figures[label] = figureValue(await card(page, label).getByTestId('figure').innerText());
  const today = page.getByRole('region', { name: 'Orders Summary (Today)' });
  for (const label of TODAY) figures[`today ${label}`] = figureValue(await today.locator(`[data-figure="${label}"] dd`).innerText());
  return figures;
}

function delta(after: Figures, before: Figures): Figures {
  return Object.fromEntries(Object.keys(after).map((key) => [key, (after[key] ?? 0) - (before[key] ?? 0)]));
}

function rowOf(page: Page, order: PlacedOrder): Locator {
  return page
    .getByRole('table', { name: 'Orders' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Order ${order.short}`, exact: true }) });
}

async function chooseStatus(page: Page, order: PlacedOrder, status: string): Promise<void> {
  await rowOf(page, order)
    .getByRole('button', { name: `Change status of order ${order.short}` })
    .click();
  await page.getByRole('menu').getByRole('menuitem', { name: status }).click();
}

/** Screenshots at phone and desktop widths, then back to the desktop size the test runs at. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(200);
    // The page never scrolls sideways (a wide table scrolls inside its frame, the list stacks on a phone).
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the dashboard counts the orders placed, a status changed from the row menu moves its figures, and the detail prints a kitchen ticket', async ({
  page,
  browser,
}) => {
  await signInAdmin(page);
  const before = await readDashboard(page);

  const customer = await newCustomer(browser);
  const cash = await placeCashOrder(customer, 'Margherita', 2, 'No onions please');
  const paidCard = await placeCardOrder(customer, 'Pepperoni Passion', 2, true);
  const unpaidCard = await placeCardOrder(customer, 'Margherita', 3, false);
  const doomed = await placeCashOrder(customer, 'Hawaiian', 2);
  await customer.close();

  // What the test placed: two cash orders and one card order whose money is held, all pending; the unpaid card order
  // is nothing yet. The held card order is no sale until the shop accepts it (decision 0800).
  const cashPence = cash.pence + doomed.pence;
  expect(Math.min(cash.pence, paidCard.pence, doomed.pence)).toBeGreaterThanOrEqual(1000);

  const afterPlacing = await readDashboard(page, { waiting: true });
  expect(delta(afterPlacing, before)).toEqual({
    'All Pending Orders': 3,
    'Total Categories': 0,
    'Total Products': 0,
    'Total Sales Today': cashPence,
    'Card Total Today': 0,
    'Cash Total Today': cashPence,
    'Total Sale Overall': cashPence,
    'today Total Orders': 3,
    'today Pending': 3,
    'today Approved': 0,
    'today On the way': 0,
    'today Delivered': 0,
    'today Canceled': 0,
  });
  // The revenue tabs: last Week first, then each past period with its orders page.
  const revenue = page.getByRole('region', { name: 'Revenue Summary' });
  await expect(revenue.getByRole('tab', { name: 'last Week' })).toHaveAttribute('aria-selected', 'true');
  await expect(revenue.getByRole('link', { name: 'Manage Orders' })).toHaveAttribute('href', '/lastweekorders');
  await revenue.getByRole('tab', { name: 'last Month' }).click();
  await expect(revenue.getByRole('link', { name: 'Manage Orders' })).toHaveAttribute('href', '/lastmonthorders');
  await revenue.getByRole('tab', { name: 'last day' }).click();
  await expect(revenue.getByRole('link', { name: 'Manage Orders' })).toHaveAttribute('href', '/lastdayorders');
  // The chart's words: today is the last of the 30 days, with today's sales at least what was placed here.
  const chartTable = page.getByRole('table', { name: 'Sales by day, last 30 days, oldest first' });
  await expect(chartTable.getByRole('row')).toHaveCount(31);
  const todayRow = chartTable.getByRole('row').last();
  await expect(todayRow.getByRole('rowheader')).toHaveText('18/11/2026');
  expect(figureValue(await todayRow.getByRole('cell').last().innerText())).toBe(afterPlacing['Total Sales Today']);
  await expect(page.getByTestId('sales-chart').locator('canvas')).toBeVisible();
  await shoot(page, 'dashboard');

  // Today's orders, from the Orders Summary (Today) panel: newest first, the unpaid card order absent.
  await page.getByRole('region', { name: 'Orders Summary (Today)' }).getByRole('link', { name: 'Manage Orders' }).click();
  await expect(page).toHaveURL(/\/neworders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order List' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(rowOf(page, doomed)).toBeVisible();
  const ids = await table.getByRole('row').getByRole('link').allInnerTexts();
  expect(ids.indexOf(doomed.short)).toBeLessThan(ids.indexOf(paidCard.short));
  expect(ids.indexOf(paidCard.short)).toBeLessThan(ids.indexOf(cash.short));
  expect(ids).not.toContain(unpaidCard.short);
  await expect(rowOf(page, cash)).toContainText('Cash');
  await expect(rowOf(page, cash)).toContainText(customer.email);
  await expect(rowOf(page, cash)).toContainText('18/11/2026');
  await expect(rowOf(page, cash)).toContainText(`£${(cash.pence / 100).toFixed(2)}`);
  await expect(rowOf(page, cash)).toContainText('Pending Order');
  await shoot(page, 'order-list');
  // On a phone the same orders are stacked cards, each with its status and menu in reach.
  await page.setViewportSize({ width: 390, height: 844 });
  const phoneCard = page
    .getByRole('list', { name: 'Orders' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `Order ${cash.short}`, exact: true }) });
  await expect(phoneCard).toContainText('Pending Order');
  await expect(phoneCard.getByRole('button', { name: `Change status of order ${cash.short}` })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Approve one from its row menu, which asks when; reject another, which asks why.
  await chooseStatus(page, cash, 'Approved Order');
  await answerAccept(page, cash.short, 45);
  await expect(page.getByText(`Order ${cash.short} is now Approved Order`)).toBeVisible();
  await expect(rowOf(page, cash)).toContainText('Approved Order');
  await expect(rowOf(page, cash)).toContainText('Expected at 18:45');
  await chooseStatus(page, doomed, 'Canceled Order');
  await expect(page.getByRole('dialog', { name: `Reject order ${doomed.short}?` })).toContainText(`£${(doomed.pence / 100).toFixed(2)}`);
  await answerCancel(page, doomed.short, 'An item has run out');
  await expect(rowOf(page, doomed)).toContainText('Canceled Order');
  // A canceled order can no longer change: its menu offers nothing, and says why.
  await rowOf(page, doomed)
    .getByRole('button', { name: `Change status of order ${doomed.short}` })
    .click();
  for (const item of await page.getByRole('menu').getByRole('menuitem').all()) await expect(item).toBeDisabled();
  await expect(page.getByRole('menu')).toContainText('The order is canceled and can no longer change');
  await page.keyboard.press('Escape');

  // The dashboard follows: one approved, one canceled and no longer a sale; the held card order still waits.
  const afterChanges = await readDashboard(page, { waiting: true });
  expect(delta(afterChanges, afterPlacing)).toEqual({
    'All Pending Orders': -2,
    'Total Categories': 0,
    'Total Products': 0,
    'Total Sales Today': -doomed.pence,
    'Card Total Today': 0,
    'Cash Total Today': -doomed.pence,
    'Total Sale Overall': -doomed.pence,
    'today Total Orders': 0,
    'today Pending': -2,
    'today Approved': 1,
    'today On the way': 0,
    'today Delivered': 0,
    'today Canceled': 1,
  });

  // The all-pending card lists what it counts: the held card order is still waiting, the approved one is not.
  await card(page, 'All Pending Orders').getByRole('link', { name: 'View pending orders' }).click();
  await expect(page).toHaveURL(/\/todaysorders$/);
  await expect(rowOf(page, paidCard)).toContainText('Pending Order');
  await expect(rowOf(page, cash)).toHaveCount(0);

  // The detail of the cash order: address, payment, items, history with who changed it, and its kitchen ticket.
  await open(page, '/order-list', { waiting: true });
  await rowOf(page, cash)
    .getByRole('link', { name: `Order ${cash.short}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/allorders/${cash.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${cash.short}` })).toBeVisible();
  const address = page.getByRole('region', { name: 'Address' });
  for (const line of ['Ada Lovelace', customer.email, '07700 900123', '12 Engine Row', 'Flat 3', 'London', 'N1 9GU'])
    await expect(address).toContainText(line);
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment).toContainText(CASH_ON_DELIVERY);
  await expect(payment).toContainText('18/11/2026');
  await expect(payment).toContainText('No onions please');
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items.getByRole('row').filter({ hasText: 'Margherita' })).toContainText('2');
  await expect(page.getByTestId('order-total')).toHaveText(`£${(cash.pence / 100).toFixed(2)}`);
  const history = page.getByRole('region', { name: 'Status history' });
  await expect(history.getByRole('row').nth(1)).toContainText('Approved Order');
  await expect(history.getByRole('row').nth(1)).toContainText(E2E_ADMIN.email);
  await expect(history.getByRole('row').nth(2)).toContainText('Pending Order');
  await expect(page.getByRole('button', { name: 'Print kitchen ticket' })).toBeVisible();
  const ticket = page.getByTestId('kitchen-ticket');
  await expect(ticket).toBeHidden();
  await shoot(page, 'order-detail');

  // The ticket is the printers' (issue 24): the browser prints its picture, whose text the page also gives.
  const printedText = page.getByTestId('ticket-preview-text');
  await expect(printedText).toContainText(ticketLine(`CASH DUE £${(cash.pence / 100).toFixed(2)}`));
  await expect(printedText).toContainText(ticketLine('2 x Margherita'));
  await expect(printedText).toContainText('No onions please');
  await expect(printedText).toContainText('N1 9GU');
  await page.emulateMedia({ media: 'print' });
  await expect(ticket).toBeVisible();
  await expect(page.getByTestId('printed-ticket')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print kitchen ticket' })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/ticket-cash-print.png`, fullPage: true });

  // A held card order's ticket warns that it is not paid; accepted from its own page (the popup stays off it), its
  // money is taken and the ticket says PAID with the time promised; its status menu still offers the next steps.
  await page.emulateMedia({ media: 'screen' });
  await open(page, `/allorders/${paidCard.id}`);
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Card payment held: taken only when the shop accepts');
  await expect(page.getByTestId('ticket-preview-text')).toContainText(ticketLine('CARD NOT YET PAID'));
  await page.getByRole('region', { name: 'Waiting for an answer' }).getByRole('button', { name: 'Accept' }).click();
  await answerAccept(page, paidCard.short, 30);
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Paid by card');
  await expect(page.getByRole('region', { name: 'Expected time' })).toContainText('Expected at 18:30');
  await expect(page.getByTestId('ticket-preview-text')).toContainText(ticketLine('PAID (card)'));
  await expect(page.getByTestId('ticket-preview-text')).toContainText(ticketLine('Expected 18:30'));
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: `${SHOTS}/ticket-card-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('menuitem', { name: 'On the way' }).click();
  await expect(page.getByRole('region', { name: 'Status history' }).getByRole('row').nth(1)).toContainText('On the way');

  // Its money taken, the card order is a sale now; nothing of this test waits any more.
  const afterAccepting = await readDashboard(page);
  expect(delta(afterAccepting, afterChanges)).toEqual({
    'All Pending Orders': -1,
    'Total Categories': 0,
    'Total Products': 0,
    'Total Sales Today': paidCard.pence,
    'Card Total Today': paidCard.pence,
    'Cash Total Today': 0,
    'Total Sale Overall': paidCard.pence,
    'today Total Orders': 0,
    'today Pending': -1,
    'today Approved': 0,
    'today On the way': 1,
    'today Delivered': 0,
    'today Canceled': 0,
  });
});

test('an open order list shows a new order without a reload', async ({ page, browser }) => {
  await signInAdmin(page);
  const listed = page.waitForResponse((response) => response.url().includes('/api/buy-product?period=today') && response.ok());
  // The socket joins the admins' room when it connects (polling first); the upgrade to a websocket comes after that.
  const connected = page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'));
  await page.goto('/neworders');
  await Promise.all([listed, connected]);
  await expect(page.getByRole('heading', { level: 1, name: 'Order List' })).toBeVisible();

  const customer = await newCustomer(browser);
  const order = await placeCashOrder(customer, 'Margherita', 2);
  await customer.close();

  // The new-order popup may open over the list (and hide it from the accessibility tree), so the row is found by its text.
  await expect(page.locator('table[aria-label="Orders"] tbody tr', { hasText: order.short })).toBeVisible();
});

test('an open dashboard counts a new order without a reload', async ({ page, browser }) => {
  await signInAdmin(page);
  const connected = page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'));
  const before = await readDashboard(page);
  await connected;

  const customer = await newCustomer(browser);
  const order = await placeCashOrder(customer, 'Margherita', 2);
  await customer.close();

  // Found by CSS, not by role: the new-order popup may open over the dashboard and hide it from the accessibility tree.
  const value = (label: string) => page.locator('[role="group"]', { hasText: label }).getByTestId('figure');
  await expect(value('All Pending Orders')).toHaveText(String((before['All Pending Orders'] ?? 0) + 1));
  await expect(value('Cash Total Today')).toHaveText(`£${(((before['Cash Total Today'] ?? 0) + order.pence) / 100).toFixed(2)}`);
});
