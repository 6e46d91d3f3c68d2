import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectedAt, expectedLine } from '@shop/shared/domain/order-promise';
import config, { E2E_ADMIN } from '../playwright.config';
import {
  acceptInPopup,
  addToCart,
  answerCancel,
  chooseCategory,
  isSoundPaused,
  newCustomer,
  openListening,
  payByTestCard,
  placeCashOrder,
  popupOf,
  popupOrderShort,
  rejectWaitingOrders,
  SHOP_TIME,
  signInAdminByForm,
  useShopClock,
} from './steps';

// Live orders (SPEC.md section 4, "New-order flow"; decision 0405; issue 20): an order placed by a customer pops up
// in the back office with its sound (a card order once its money is held), the admin approves it there for a time,
// and the customer's notifications say so, live. The popup shows every order still waiting, not only new ones, so
// each test first rejects what earlier journeys left waiting (rejectWaitingOrders).

// Chromium's own policy, stated so the tests do not depend on the launcher's defaults: audible media may start only
// once the page has had a user gesture. The admin who signs in through the form has clicked; one who arrives by a
// link has not, and is offered 'Enable sound'.
// Traces keep no DOM snapshots here: taking one runs a script in the page as a user gesture, which lets sound play.
const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: { ...launch, args: [...(launch.args ?? []), '--autoplay-policy=document-user-activation-required'] },
  trace: { mode: 'retain-on-failure', snapshots: false, screenshots: true },
});

const SHOTS = '/tmp/shots-live-orders';
mkdirSync(SHOTS, { recursive: true });

/**
 * Signs in through the API and opens the screen: the page has had no user gesture. Nothing here may look into the
 * page: Playwright's checks (even toHaveURL) run a script in it as a user gesture, which would let sound play.
 */
async function signInAdminQuietly(page: Page, path: string): Promise<void> {
  await useShopClock(page);
  const answer = await page.request.post('/api/login/', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(answer.ok(), await answer.text()).toBe(true);
  await openListening(page, () => page.goto(path));
}

const playCount = (sound: Locator) => sound.evaluate((audio: HTMLAudioElement) => Number(audio.dataset.playCount ?? '0'));

/** The chime is playing now (it lasts about a second of each two), and plays again and again. */
async function expectSoundRepeating(page: Page): Promise<void> {
  const sound = page.getByTestId('new-order-sound');
  await expect.poll(() => isSoundPaused(sound), { message: 'the new-order sound plays', intervals: [50] }).toBe(false);
  const first = await playCount(sound);
  expect(first).toBeGreaterThanOrEqual(1);
  await page.waitForTimeout(2_300);
  expect(await playCount(sound), 'the sound repeats every 2 s').toBeGreaterThan(first);
}

/** axe-core on the page with the popup open, once its fade-in is over (as e2e/a11y.spec.ts checks every screen). */
async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an order paid by card pops up in the back office with its sound once the money is held; Approve asks when and tells the customer live', async ({
  page: admin,
  browser,
}) => {
  await rejectWaitingOrders();
  await signInAdminByForm(admin, '/dashboard');
  await expect(popupOf(admin)).toBeHidden();

  const customer = await newCustomer(browser);
  const shop = customer.page;
  await shop.goto('/');
  await chooseCategory(shop, 'Pizza');
  await addToCart(shop, 'Margherita');
  await addToCart(shop, 'Margherita');
  await addToCart(shop, 'Hawaiian');
  await shop.goto('/payment');
  await expect(shop.getByRole('radio', { name: /Grace Hopper/ })).toBeChecked();
  await payByTestCard(shop);
  // The customer lands on their notifications and stays there: what follows arrives without a reload.
  await expect(shop).toHaveURL(/\/notification$/);
  await expect(shop.getByRole('main')).toContainText('Pending Order');
  await expect(shop.getByRole('main')).toContainText('Card · Card payment held: taken only when the shop accepts');

  const popup = popupOf(admin);
  await expect(popup).toBeVisible();
  const products = popup.getByRole('list', { name: 'Products' });
  await expect(products).toContainText('Margherita(2)');
  await expect(products).toContainText('Hawaiian(1)');
  await expect(popup.getByTestId('new-order-position')).toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'Enable sound' })).toHaveCount(0);
  await expectSoundRepeating(admin);
  await shoot(admin, 'popup');
  const short = await popupOrderShort(admin);
  expect(short).toMatch(/^[0-9a-f]{6}$/);

  await acceptInPopup(admin, 30);
  await expect(popup).toBeHidden();
  await expect(admin.getByText('Order approved')).toBeVisible();
  // The sound stops with the popup.
  const sound = admin.getByTestId('new-order-sound');
  await expect.poll(() => isSoundPaused(sound)).toBe(true);
  const stoppedAt = await playCount(sound);
  await admin.waitForTimeout(2_300);
  expect(await playCount(sound)).toBe(stoppedAt);

  // The customer's timeline of that order, on the page left open: its current status is now the admin's.
  const timeline = shop.getByRole('list', { name: `Status of order ${short}` });
  await expect(timeline.locator('[aria-current="step"]')).toHaveText(/Approved Order/);
  const card = shop.getByRole('listitem').filter({ has: timeline });
  await expect(card).toContainText(expectedLine(expectedAt(SHOP_TIME, 30)));
  await expect(card).toContainText('Card · Paid by card');
  await shop.context().close();
});

test('two orders placed together queue: 1 of 2, then the other; Reject asks why; Details closes its popup', async ({
  page: admin,
  browser,
}) => {
  await rejectWaitingOrders();
  await signInAdminByForm(admin, '/order-list');
  const customer = await newCustomer(browser);
  await Promise.all([
    placeCashOrder(customer.request, customer.addressId, 'Margherita', 2),
    placeCashOrder(customer.request, customer.addressId, 'Hawaiian', 3),
  ]);

  const popup = popupOf(admin);
  await expect(popup.getByTestId('new-order-position')).toHaveText('1 of 2');
  await shoot(admin, 'popup-queue');
  await expectNoAxeViolations(admin);
  // Reachable by keyboard: Tab moves through the popup's own controls, the customer's phone and the sold-out taps
  // under the products first.
  const soldOutTaps = popup.getByRole('group', { name: 'Sold out today' }).getByRole('button');
  await expect(soldOutTaps.first()).toBeVisible();
  await admin.keyboard.press('Tab');
  await expect(popup.getByTestId('popup-customer').getByRole('link')).toBeFocused();
  for (const tap of await soldOutTaps.all()) {
    await admin.keyboard.press('Tab');
    await expect(tap).toBeFocused();
  }
  await admin.keyboard.press('Tab');
  await expect(popup.getByRole('link', { name: 'Details' })).toBeFocused();
  await admin.keyboard.press('Tab');
  await expect(popup.getByRole('button', { name: 'Later' })).toBeFocused();
  await admin.keyboard.press('Tab');
  await expect(popup.getByRole('button', { name: 'Reject' })).toBeFocused();
  await admin.keyboard.press('Tab');
  await expect(popup.getByRole('button', { name: 'Approve' })).toBeFocused();
  const first = (await popup.getByRole('list', { name: 'Products' }).textContent()) ?? '';
  const second = first.includes('Margherita(2)') ? 'Hawaiian(3)' : 'Margherita(2)';
  const firstShort = await popupOrderShort(admin);

  // Reject asks why (a waiting order is rejected): nothing is sent until a reason is chosen.
  await popup.getByRole('button', { name: 'Reject' }).click();
  const question = admin.getByRole('dialog', { name: `Reject order ${firstShort}?` });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Reject order' })).toBeDisabled();
  await shoot(admin, 'popup-reject');
  await answerCancel(admin, firstShort, 'We are too busy right now');
  await expect(admin.getByText('Order canceled', { exact: true })).toBeVisible();

  // The next order, alone now.
  // Each line starts with the product and its quantity; its choices follow.
  await expect(popup.getByRole('list', { name: 'Products' })).toHaveText(new RegExp(`^${second.replace(/[()]/g, '\\$&')}`));
  await expect(popup.getByTestId('new-order-position')).toHaveCount(0);
  const details = popup.getByRole('link', { name: 'Details' });
  const href = await details.getAttribute('href');
  expect(href).toMatch(/^\/allorders\/[0-9a-f]{24}$/);
  await details.click();
  await expect(popup).toBeHidden();
  await expect(admin).toHaveURL(new RegExp(`${href}$`));
  await customer.page.context().close();
});

test('an order placed while the admin is on the storefront rings there; answered by another admin, it stops ringing', async ({
  page: admin,
  browser,
}) => {
  await rejectWaitingOrders();
  await signInAdminByForm(admin, '/dashboard');
  // Home, in the same tab, by a click (so the page may still play sound): the popup rings on every page an admin has open.
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(admin).toHaveURL(/\/$/);
  const customer = await newCustomer(browser);
  const orderId = await placeCashOrder(customer.request, customer.addressId, 'Margherita', 2);

  const popup = popupOf(admin);
  await expect(popup.getByRole('list', { name: 'Products' })).toHaveText(/^Margherita\(2\)/);
  await expect(admin).toHaveURL(/\/$/);
  await expectSoundRepeating(admin);
  await shoot(admin, 'popup-storefront');

  // Meanwhile another admin rejects the order: this page stops ringing and the popup closes by itself.
  const otherAdmin = await browser.newContext({ baseURL: config.use?.baseURL });
  const signedIn = await otherAdmin.request.post('/api/login/', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const canceled = await otherAdmin.request.put(`/api/update-sell-products/${orderId}`, {
    data: { status: 'Canceled Order', reason: 'An item has run out' },
  });
  expect(((await canceled.json()) as { modifiedCount: number }).modifiedCount).toBe(1);
  await otherAdmin.close();
  await expect(popup).toBeHidden();
  const sound = admin.getByTestId('new-order-sound');
  await expect.poll(() => isSoundPaused(sound)).toBe(true);
  await customer.page.context().close();
});

test('an order placed while the admin’s connection is down rings when it comes back, without a reload', async ({
  page: admin,
  browser,
}) => {
  // The socket's WebSockets (its worker's, which Playwright reports as the page's), to know when it has upgraded.
  let websockets = 0;
  admin.on('websocket', (ws) => {
    if (ws.url().includes('/socket.io/')) websockets += 1;
  });
  await rejectWaitingOrders();
  await signInAdminByForm(admin, '/dashboard');
  await admin.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));

  // Once the socket has moved from polling to its websocket, the admin's tablet loses the network.
  await expect.poll(() => websockets).toBe(1);
  await admin.waitForTimeout(500);
  await admin.context().setOffline(true);
  const customer = await newCustomer(browser);
  await placeCashOrder(customer.request, customer.addressId, 'Hawaiian', 2);
  await admin.waitForTimeout(1500);
  const popup = popupOf(admin);
  await expect(popup, 'no event can arrive while the connection is down').toBeHidden();

  await admin.context().setOffline(false);
  await expect(popup.getByRole('list', { name: 'Products' })).toHaveText(/^Hawaiian\(2\)/, { timeout: 20_000 });
  // It came back on a new connection: the one open before went with the network.
  expect(websockets).toBe(2);
  expect(await admin.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await acceptInPopup(admin, 45);
  await expect(popup).toBeHidden();
  await customer.page.context().close();
});

test.describe('when the browser blocks sound until the admin clicks', () => {
  test('the popup offers Enable sound, which starts the repeating sound', async ({ page: admin, browser }) => {
    await rejectWaitingOrders();
    await signInAdminQuietly(admin, '/dashboard');
    const customer = await newCustomer(browser);
    // Nothing may look into the admin's page until the popup has tried to play (see signInAdminQuietly); the app says
    // on the console when the browser refused.
    const refused = admin.waitForEvent('console', { predicate: (message) => message.text().includes('blocked the new-order sound') });
    await placeCashOrder(customer.request, customer.addressId, 'Margherita', 2);
    await refused;

    const popup = popupOf(admin);
    const enable = popup.getByRole('button', { name: 'Enable sound' });
    await expect(enable).toBeVisible();
    await expectNoAxeViolations(admin);
    const sound = admin.getByTestId('new-order-sound');
    expect(await isSoundPaused(sound)).toBe(true);
    expect(await playCount(sound)).toBe(0);
    await shoot(admin, 'popup-enable-sound');

    await enable.click();
    await expect(enable).toBeHidden();
    await expectSoundRepeating(admin);
    // Answered, it leaves nothing waiting for the journeys after this one.
    await acceptInPopup(admin, 20);
    await expect(popup).toBeHidden();
    await customer.page.context().close();
  });
});
