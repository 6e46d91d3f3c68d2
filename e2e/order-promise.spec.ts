import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { expectedAt, expectedLine } from '@shop/shared/domain/order-promise';
import { REFUND_ARRIVES } from '@shop/shared/domain/payment-line';
import config from '../playwright.config';
import {
  addToCart,
  answerAccept,
  answerCancel,
  chooseCategory,
  isSoundPaused,
  newCustomer,
  payByTestCard,
  popupOf,
  rejectWaitingOrders,
  SHOP_TIME,
  signInAdminByForm,
} from './steps';

// The order promise (issue 20, decision 0800) as the customer and the shop live it, in two browsers: a customer pays
// by card and the money is only held; the admin's popup rings; the admin accepts for 30 minutes and the customer's
// order page, left open, says when the food comes; the admin cancels with a reason and the customer reads it and
// where the money went, still without a reload; the dashboard counts a sale only for the money the shop keeps. The
// shop clock is fixed (playwright.config.ts SHOP_TIME), so the expected time is worked out, not read off a clock.

const SHOTS = '/tmp/shots-order-promise';
mkdirSync(SHOTS, { recursive: true });

// Chromium plays the chime only after a user gesture in the page: the admin signs in through the form (a click).
const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: { ...launch, args: [...(launch.args ?? []), '--autoplay-policy=document-user-activation-required'] },
  trace: { mode: 'retain-on-failure', snapshots: false, screenshots: true },
});

/** '£1234.56' as pence. */
function pence(text: string): number {
  const money = /^£(\d+)\.(\d\d)$/.exec(text.trim());
  if (!money) throw new Error(`Not an amount: ${text}`);
  return Number(money[1]) * 100 + Number(money[2]);
}

const SALES = ['Total Sales Today', 'Card Total Today', 'Total Sale Overall'] as const;
type Sales = Record<(typeof SALES)[number], number>;

/**
 * The dashboard's sales figures as the screen shows them (pence), opening it afresh unless `onScreen` (a navigation
 * would end the page's user activation, and with it the chime, which the journey still needs to hear).
 */
async function readSales(admin: Page, { onScreen = false } = {}): Promise<Sales> {
  if (!onScreen) await admin.goto('/dashboard');
  await expect(admin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const sales = {} as Sales;
  // By CSS, not by role: a popup open over the dashboard would hide it from the accessibility tree.
  for (const label of SALES)
    sales[label] = pence(await admin.locator('[role="group"]', { hasText: label }).getByTestId('figure').innerText());
  return sales;
}

function moved(after: Sales, before: Sales): Sales {
  return Object.fromEntries(SALES.map((label) => [label, after[label] - before[label]])) as Sales;
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a card order is held until accepted for 30 minutes; the customer sees the time, a re-time, a partial refund, then the reason and the refund, live; the dashboard counts only the money kept', async ({
  page: admin,
  browser,
}) => {
  test.setTimeout(120_000);
  // Orders other journeys left waiting would ring too: the back office starts quiet.
  await rejectWaitingOrders();
  await signInAdminByForm(admin, '/dashboard');
  const before = await readSales(admin, { onScreen: true });
  const popup = popupOf(admin);
  await expect(popup).toBeHidden();

  // The customer pays two Margheritas by the offline test provider's card.
  const { page: shop } = await newCustomer(browser);
  await shop.goto('/');
  await chooseCategory(shop, 'Pizza');
  await addToCart(shop, 'Margherita');
  await addToCart(shop, 'Margherita');
  await shop.goto('/payment');
  await expect(shop.getByRole('radio', { name: /Grace Hopper/ })).toBeChecked();
  const total = await shop.getByTestId('order-total').innerText();
  await payByTestCard(shop);
  await expect(shop).toHaveURL(/\/notification$/);
  const landing = shop.getByRole('status').filter({ hasText: 'Payment Successful' });
  await expect(landing).toContainText('Your card payment is held: it is taken only when the shop accepts your order.');
  const orderId = ((await landing.getByRole('link', { name: 'See your order' }).getAttribute('href')) ?? '').split('/').pop() ?? '';
  expect(orderId).toMatch(/^[0-9a-f]{24}$/);
  const short = displayOrderId(orderId);

  // The customer opens the order's page and leaves it open: everything after this arrives without a reload.
  await landing.getByRole('link', { name: 'See your order' }).click();
  await expect(shop).toHaveURL(new RegExp(`/orders/${orderId}$`));
  const payment = shop.getByRole('table', { name: 'Payment' }).getByRole('row', { name: /^Payment\b(?! type)/ });
  const status = shop.getByRole('table', { name: 'Payment' }).getByRole('row', { name: /^Status/ });
  const promise = shop.getByRole('status', { name: 'Order promise' });
  await expect(payment).toContainText('Card payment held: taken only when the shop accepts');
  await expect(status).toContainText('Pending Order');
  await expect(promise).toBeHidden();
  await shop.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));

  // The money is held: the shop sees the order, and the popup rings.
  await expect(popup.getByText(`Order ${short} ·`)).toContainText(total);
  await expect(popup.getByRole('list', { name: 'Products' })).toHaveText(/^Margherita\(2\)/);
  const sound = admin.getByTestId('new-order-sound');
  await expect.poll(() => isSoundPaused(sound), { message: 'the new-order chime plays', intervals: [50] }).toBe(false);
  await shoot(admin, 'popup');

  // Accept: when will it arrive? 30 minutes from the shop's clock.
  const expected = expectedLine(expectedAt(SHOP_TIME, 30));
  expect(expected).toBe('Expected at 18:30');
  await popup.getByRole('button', { name: 'Approve' }).click();
  const question = admin.getByRole('dialog', { name: `Accept order ${short}` });
  await expect(question).toContainText(`The ${total} held on the customer’s card is taken when you accept.`);
  // The admin's clock is the shop's (useShopClock): the question promises the time the customer will read.
  await question.getByRole('button', { name: '30 min', exact: true }).click();
  await expect(question.getByRole('button', { name: /^Accept/ })).toContainText('18:30');
  await shoot(admin, 'accept');
  await answerAccept(admin, short, 30);
  await expect(popup).toBeHidden();
  await expect.poll(() => isSoundPaused(sound)).toBe(true);

  await expect(promise).toHaveText(expected);
  await expect(status).toContainText('Approved Order');
  await expect(payment).toContainText('Paid by card');
  await shoot(shop, 'customer-accepted');

  // Taken when accepted: now it is a sale, of exactly its total.
  const accepted = await readSales(admin);
  expect(moved(accepted, before)).toEqual({
    'Total Sales Today': pence(total),
    'Card Total Today': pence(total),
    'Total Sale Overall': pence(total),
  });

  // Running late: from the order's page the admin moves the time on by 10 minutes; the customer reads the new time.
  await admin.goto(`/allorders/${orderId}`);
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${short}` })).toBeVisible();
  const later = expectedLine(expectedAt(SHOP_TIME, 40));
  await admin.getByRole('region', { name: 'Expected time' }).getByRole('button', { name: '+10 min, expected at 18:40' }).click();
  await expect(admin.getByRole('region', { name: 'Expected time' })).toContainText(later);
  await expect(promise).toHaveText(later);
  await expect(shop.getByText(expected)).toHaveCount(0);

  // An item was missing: the admin refunds £2.50 of it from the same page. The customer is told, live.
  const refund = admin.getByRole('form', { name: 'Refund' });
  await expect(refund.getByTestId('refund-left')).toHaveText(`${total} left to refund`);
  await refund.getByLabel('Amount').fill('2.50');
  await refund.getByLabel('Reason').fill('The garlic dip was missing');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await admin.getByRole('dialog', { name: 'Refund £2.50 to the customer’s card?' }).getByRole('button', { name: 'Refund' }).click();
  await expect(admin.getByText('Refunded £2.50 to the customer’s card')).toBeVisible();
  await expect(payment).toContainText(`Paid by card, £2.50 refunded: ${REFUND_ARRIVES}`);
  await expect(promise).toHaveText(later);

  // The shop keeps the total less the £2.50.
  const refunded = await readSales(admin);
  const kept = pence(total) - 250;
  expect(moved(refunded, before)).toEqual({ 'Total Sales Today': kept, 'Card Total Today': kept, 'Total Sale Overall': kept });

  // Then the admin cancels it, with a reason: the rest of the money taken is refunded.
  await admin.goto(`/allorders/${orderId}`);
  await admin.getByRole('button', { name: 'Change status' }).click();
  await admin.getByRole('menu').getByRole('menuitem', { name: 'Canceled Order' }).click();
  const cancel = admin.getByRole('dialog', { name: `Cancel order ${short}?` });
  await expect(cancel).toContainText(`The £${(kept / 100).toFixed(2)} taken is refunded to the customer’s card.`);
  await answerCancel(admin, short, 'We are closing early');

  await expect(promise).toContainText('Canceled: We are closing early');
  await expect(promise).toContainText(`Refunded ${total} to your card: ${REFUND_ARRIVES}`);
  await expect(payment).toContainText(`Refunded ${total} to your card: ${REFUND_ARRIVES}`);
  await expect(status).toContainText('Canceled Order');
  await expect(shop.getByText(later)).toHaveCount(0);
  expect(await shop.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await shoot(shop, 'customer-canceled');

  // Everything was given back: the shop keeps nothing of it, so the sales are back where they started.
  const canceled = await readSales(admin);
  expect(moved(canceled, before)).toEqual({ 'Total Sales Today': 0, 'Card Total Today': 0, 'Total Sale Overall': 0 });

  // The customer's other screens say the same after a visit.
  await shop.goto('/notification');
  const card = shop
    .getByRole('list', { name: 'Order notifications' })
    .getByRole('listitem')
    .filter({ has: shop.getByRole('heading', { name: `Order ${short}` }) });
  await expect(card).toContainText('Canceled: We are closing early');
  await expect(card).toContainText(`Card · Refunded ${total} to your card: ${REFUND_ARRIVES}`);
  await shop.goto('/profile/my-orders');
  const row = shop
    .getByRole('table', { name: 'Order history' })
    .getByRole('row')
    .filter({ has: shop.getByRole('link', { name: `Order ${short}` }) });
  await expect(row).toContainText('Canceled: We are closing early');
  await expect(row).toContainText(`Refunded ${total} to your card`);
  await shop.context().close();
});
