// A visitor checks out as a guest (decision 1502): the payment page offers Sign in or Continue as guest; the guest
// types their details (and a delivery's address), pays by test card or in cash, and lands on the order's tracking
// page, which follows the order live when the shop accepts it. The receipt mail's link opens the same page, in a
// browser that has never seen the shop.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PAY_ON_COLLECTION } from '@shop/shared/domain/payment-types';
import { addPizza, addToCart, adminApi, checkout, payByTestCard, useShopClock } from './steps';

const SHOTS = '/tmp/shots-guest';
mkdirSync(SHOTS, { recursive: true });

/** Full-page screenshots at a phone's width and a desktop's, then back to the desktop size the test runs at. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** axe-core on the screen as it stands (a11y.spec.ts checks every other screen the same way). */
async function expectNoViolations(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe violations on ${name}`,
  ).toEqual([]);
}

let guests = 0;
function guestEmail(): string {
  guests += 1;
  return `guest-${Date.now().toString(36)}-${guests}@example.com`;
}

/** A cart over the minimum (Margherita and Hawaiian), then Checkout, where a visitor is asked how to go on. */
async function fillCartAndCheckOut(page: Page): Promise<void> {
  await useShopClock(page);
  await page.goto('/');
  await addPizza(page, 'Margherita');
  await addToCart(page, 'Hawaiian');
  await checkout(page);
}

async function continueAsGuest(page: Page, email: string): Promise<void> {
  const choice = page.getByRole('region', { name: 'How would you like to check out?' });
  await expect(choice.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await choice.getByRole('button', { name: 'Continue as guest' }).click();
  const details = page.getByRole('region', { name: 'Your details' });
  await details.getByLabel('Full name').fill('Ada Lovelace');
  await details.getByLabel('Email').fill(email);
  await details.getByLabel('Phone number').fill('07700 900123');
}

/** The tracking page's token, from the address the page landed on. */
function tokenOf(page: Page): string {
  return /\/track\/([\w-]+)$/.exec(new URL(page.url()).pathname)?.[1] ?? '';
}

/** The owner accepts the order for 30 minutes through the API, as the back office does. */
async function acceptAsOwner(token: string): Promise<void> {
  const admin = await adminApi();
  try {
    const order = (await (await admin.get(`/api/track/${token}`)).json()) as { _id: string };
    const accepted = await admin.put(`/api/update-sell-products/${order._id}`, { data: { status: 'Approved Order', readyInMinutes: 30 } });
    expect(accepted.ok(), await accepted.text()).toBe(true);
  } finally {
    await admin.dispose();
  }
}

/** The link of the receipt mailed to `to`, from the development outbox. */
async function trackingLinkMailedTo(to: string): Promise<string> {
  const admin: APIRequestContext = await adminApi();
  let link: string | undefined;
  try {
    await expect
      .poll(async () => {
        const mails = (await (await admin.get('/api/dev/outbox')).json()) as Array<{ to: string; text: string }>;
        link = mails.map((mail) => (mail.to === to ? /Follow your order: (\S+)/.exec(mail.text)?.[1] : undefined)).find(Boolean);
        return link;
      })
      .toBeDefined();
  } finally {
    await admin.dispose();
  }
  return link ?? '';
}

/** The timeline's step the order is at now. */
function currentStep(page: Page) {
  return page.getByRole('list', { name: 'Order status' }).locator('[aria-current="step"]');
}

/** An accepted delivery's progress (decision 1702): the stage it is at now, each done one with its time. */
function deliveryStep(page: Page) {
  return page.getByRole('list', { name: 'Delivery progress' }).locator('[aria-current="step"]');
}

test('a guest pays a delivery by test card, lands on its tracking page, which follows the shop’s accept live; the receipt’s link opens it', async ({
  page,
  browser,
}) => {
  const email = guestEmail();
  await fillCartAndCheckOut(page);
  await shoot(page, 'choice');
  await expectNoViolations(page, 'the choice');
  await continueAsGuest(page, email);

  // Until the address is typed, Pay says what is missing.
  const pay = page.getByRole('button', { name: /^Pay £/ });
  await expect(pay).toBeDisabled();
  await expect(pay).toHaveAccessibleDescription('Fill in your delivery address above to order.');
  const address = page.getByRole('group', { name: 'Delivery address' });
  await address.getByRole('textbox', { name: 'Address line', exact: true }).fill('12 Engine Row');
  await address.getByLabel('Town/City').fill('Bristol');
  const postcode = address.getByLabel('Post code');
  await postcode.fill('not a postcode');
  await postcode.blur();
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(postcode).toHaveAccessibleDescription(/UK post code/);
  await postcode.fill('bs1 4dj');
  await expect(pay).toBeEnabled();
  await shoot(page, 'guest-details');
  await expectNoViolations(page, 'a guest’s payment page');

  // A reload keeps what the guest typed.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your details' }).getByLabel('Email')).toHaveValue(email);
  await expect(page.getByRole('group', { name: 'Delivery address' }).getByLabel('Post code')).toHaveValue('bs1 4dj');

  await payByTestCard(page);
  await expect(page).toHaveURL(/\/track\/[\w-]+$/);
  const token = tokenOf(page);
  const landing = page.getByRole('status').filter({ hasText: 'Payment Successful' });
  await expect(landing).toContainText('Your order has been placed');
  await expect(landing).toContainText('Your card payment is held');
  await expect(landing).toContainText('it is how you come back to your order');
  await expect(currentStep(page)).toContainText('Pending Order');
  await expect(page.getByRole('table', { name: 'Items' })).toContainText('Margherita');
  await expect(page.getByRole('table', { name: 'Payment' })).toContainText('Card payment held');
  await shoot(page, 'tracking-placed');

  // The shop accepts: the page changes without a reload.
  await acceptAsOwner(token);
  const promise = page.getByRole('status', { name: 'Order promise' });
  await expect(promise).toContainText('Your order has been approved');
  await expect(promise).toContainText('Expected at 18:30');
  // Accepted for as soon as possible: the kitchen is making it from the accept, each stage with when it happened.
  await expect(deliveryStep(page)).toContainText('Being made');
  await expect(page.getByRole('list', { name: 'Delivery progress' }).getByRole('listitem').first()).toContainText(
    'Accepted18/11/2026 at 18:00',
  );
  await shoot(page, 'tracking-accepted');
  await expectNoViolations(page, 'the tracking page');

  // The receipt mail's link opens the same page, in a browser with no session.
  const link = await trackingLinkMailedTo(email);
  expect(new URL(link).pathname).toBe(`/track/${token}`);
  const stranger = await browser.newContext();
  try {
    const other = await stranger.newPage();
    await useShopClock(other);
    await other.goto(link);
    await expect(other.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
    await expect(deliveryStep(other)).toContainText('Being made');
    await expect(other.getByRole('status', { name: 'Order promise' })).toContainText('Expected at 18:30');
    await expect(other.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  } finally {
    await stranger.close();
  }
});

test('a guest collects and pays in cash: no address asked, the tracking page follows the accept live; a made-up link says no order has it', async ({
  page,
}) => {
  const email = guestEmail();
  await fillCartAndCheckOut(page);
  await continueAsGuest(page, email);
  await page.getByRole('radio', { name: 'Collection' }).check();
  await expect(page.getByRole('group', { name: 'Delivery address' })).toHaveCount(0);
  await page.getByRole('radio', { name: PAY_ON_COLLECTION }).check();
  await page.getByRole('button', { name: /^Place order £/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm order' }).click();

  await expect(page).toHaveURL(/\/track\/[\w-]+$/);
  const token = tokenOf(page);
  await expect(page.getByRole('status').filter({ hasText: 'Payment Successful' })).toContainText('Your order has been placed');
  await expect(page.getByRole('table', { name: 'Payment' })).toContainText(PAY_ON_COLLECTION);
  await expect(page.getByRole('list', { name: 'Order status' })).toContainText('Ready to collect');

  await acceptAsOwner(token);
  await expect(currentStep(page)).toContainText('Approved Order');
  await expect(page.getByRole('status', { name: 'Order promise' })).toContainText('Expected at 18:30');

  expect(new URL(await trackingLinkMailedTo(email)).pathname).toBe(`/track/${token}`);

  await page.goto('/track/no-such-order-link-0000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await expect(page.getByText('No order has this tracking link')).toBeVisible();
  await shoot(page, 'tracking-unknown');
});
