// Steps more than one journey takes, as a person takes them in the browser: a customer signs up, fills a cart,
// checks out and adds an address (checkout.spec.ts, scale-out.spec.ts); an admin signs in through the form and the
// back office listens for new orders, which pop up (live-orders.spec.ts, order-promise.spec.ts, scale-out.spec.ts,
// kitchen.spec.ts). Paths are relative to the page's baseURL, so a journey may run them against a shop of its own.
import { expect, request, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { CASH_ON_DELIVERY } from '@shop/shared/domain/payment-types';
import config, { E2E_ADMIN } from '../playwright.config';

/**
 * The shop's clock in every journey (playwright.config.ts SHOP_TIME, fixed: a Wednesday, 18:00 in London). An order
 * accepted for 30 minutes is expected at 18:30 whatever the time of day the journeys run.
 */
export const SHOP_TIME = new Date(shopTimeOf(config.webServer));

function shopTimeOf(webServer: typeof config.webServer): string {
  const servers = Array.isArray(webServer) ? webServer : [webServer];
  const time = servers.map((server) => server?.env?.SHOP_TIME).find(Boolean);
  if (!time) throw new Error('playwright.config.ts gives the e2e server no SHOP_TIME');
  return time;
}

/**
 * Stops the page's clock at the shop's before it opens a screen (timers still run): the back office works out
 * 'Waiting 2 min', 'Late' and the time an Accept promises from the browser's clock, which must agree with the
 * server's fixed one, or every waiting order would look days late and an Accept would promise another time.
 * `at` is the clock of a shop of the journey's own (kitchen.spec.ts), when it is not the e2e server's.
 */
export async function useShopClock(page: Page, at: Date = SHOP_TIME): Promise<void> {
  await page.clock.setFixedTime(at);
}

let counter = 0;
function uniqueEmail(): string {
  counter += 1;
  return `checkout-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Signs up through the form as Grace Hopper with a new address; the shop then shows its menu. */
export async function register(page: Page): Promise<string> {
  const email = uniqueEmail();
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-Strong-password-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/$/);
  return email;
}

/**
 * Waits until a toast saying `text` is on the screen. A toast may be there for only a second (less when its screen
 * moves on, as a heart tapped signed out goes to sign-in): watched in the page, frame by frame, as `addToCart` watches
 * its own, so a busy machine cannot miss it between two of expect's polls.
 */
export async function seeToast(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor({ state: 'visible', timeout: config.expect?.timeout });
}

/**
 * Chooses a category and waits until it shows as chosen, with its heading. A tap before the page's app runs lands on
 * the category's link, which loads its page; after, the view changes in place (decision 1104). Either way the step
 * waits for what a person sees.
 */
export async function chooseCategory(page: Page, name: string): Promise<void> {
  const category = page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name, exact: true });
  await category.click();
  await expect(category).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
}

/**
 * Taps a menu card's Add to cart and waits for 'Added To Cart!'. A tap before the page's app runs loads the page with
 * the tap in its address, and the app adds the line once it runs; the next tap waits for that.
 */
export async function addToCart(page: Page, title: string): Promise<void> {
  // The toast shows for a second: watched from before the click (in the page, frame by frame), so a busy machine
  // cannot miss it between two of expect's polls.
  const toast = page.getByRole('alert').filter({ hasText: 'Added To Cart!' }).waitFor({ state: 'visible' });
  await page.getByRole('article', { name: title, exact: true }).getByRole('button', { name: 'Add to cart' }).click();
  await toast;
}

export async function addPizza(page: Page, title: string): Promise<void> {
  await chooseCategory(page, 'Pizza');
  await addToCart(page, title);
}

/** From the cart to the payment page, once the cart shows its total (until then Checkout says the prices are checked). */
export async function checkout(page: Page): Promise<void> {
  await page.goto('/cart');
  await expect(page.getByRole('main').getByTestId('cart-total')).toHaveText(/^£/);
  await page
    .getByRole('main')
    .getByRole('link', { name: 'Checkout' })
    .or(page.getByRole('main').getByRole('button', { name: 'Checkout' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
}

/** On the payment page, chooses to pay in cash ('Cash On Delivery'). */
export async function payCashOnDelivery(page: Page): Promise<void> {
  await page.getByRole('radio', { name: CASH_ON_DELIVERY }).check();
}

/** From the payment page, adds Grace Hopper's address and comes back with it chosen; `onForm` runs on the empty form. */
export async function addAddress(page: Page, onForm?: () => Promise<void>): Promise<void> {
  await page.getByRole('link', { name: 'Add your address' }).click();
  await expect(page).toHaveURL(/\/addaddress$/);
  if (onForm) await onForm();
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Phone number').fill('07700 900456');
  await page.getByLabel('Address line').fill('1 Compiler Close');
  await page.getByLabel('Town/City').fill('Bristol');
  await page.getByLabel('Post code').fill('bs1 4dj');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByText('Address Added Successful!')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Grace Hopper/ })).toBeChecked();
}

/**
 * Opens an admin screen and waits until the back office listens: the popup reads the pending orders once its socket
 * has connected (and joined the admins' room), so an order placed after that answer is a new one.
 */
export async function openListening(page: Page, action: () => Promise<unknown>): Promise<void> {
  const listening = page.waitForResponse((r) => r.url().includes('/api/buy-product?status=') && r.ok());
  await action();
  await listening;
}

/**
 * Signs in through the form, as a person does: the click also lets the page play sound (autoplay policy). The page's
 * clock is the shop's (`at`, see useShopClock).
 */
export async function signInAdminByForm(page: Page, path: string, at: Date = SHOP_TIME): Promise<void> {
  await useShopClock(page, at);
  await openListening(page, async () => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/signin$/);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
  });
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** The back office's new-order popup. */
export function popupOf(page: Page): Locator {
  return page.getByRole('dialog', { name: 'New order has been placed' });
}

/** The short id of the order the popup shows ('Order 3f9a2c · Card · £14.98' gives '3f9a2c'). */
export async function popupOrderShort(page: Page): Promise<string> {
  const heading = await popupOf(page)
    .getByText(/^Order \w+ ·/)
    .textContent();
  return /Order (\w+) ·/.exec(heading ?? '')?.[1] ?? '';
}

/** Whether the back office's new-order chime is silent now (its audio element paused). */
export function isSoundPaused(sound: Locator): Promise<boolean> {
  return sound.evaluate((audio: HTMLAudioElement) => audio.paused);
}

let customers = 0;

/** A customer signed up with an address through the API, in a browser context of their own (on `baseURL`'s shop). */
export interface ApiCustomer {
  page: Page;
  request: APIRequestContext;
  email: string;
  addressId: string;
}

/** Signs a new customer up with Grace Hopper's address through the API, in a browser context of their own. */
export async function newCustomer(browser: Browser, baseURL = config.use?.baseURL): Promise<ApiCustomer> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  customers += 1;
  const email = `customer-${Date.now().toString(36)}-${customers}@example.com`;
  const registered = await page.request.post('/api/register/', {
    data: { username: 'Grace Hopper', email, password: 'a-Strong-password-1' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const address = await page.request.post('/api/address-collection', {
    data: {
      firstname: 'Grace',
      lastname: 'Hopper',
      Email: email,
      phone: '07700 900456',
      address: '1 Compiler Close',
      city: 'Bristol',
      postcode: 'BS1 4DJ',
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const { insertedId } = (await address.json()) as { insertedId: string };
  return { page, request: page.request, email, addressId: insertedId };
}

/** The id of the menu's product called `title`. */
export async function productId(api: APIRequestContext, title: string): Promise<string> {
  const products = (await (await api.get('/api/allproduts')).json()) as { _id: string; title: string }[];
  const product = products.find((p) => p.title === title);
  if (!product) throw new Error(`No product ${title} on the menu`);
  return product._id;
}

/** A cash order for as soon as possible straight through the API: the server announces it to the admins at once. */
export async function placeCashOrder(api: APIRequestContext, addressId: string, title: string, quantity: number): Promise<string> {
  const answer = await api.post('/api/buy-product', {
    data: { items: [{ productId: await productId(api, title), quantity }], paymentType: 'Cash', addressId },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { insertedId: string }).insertedId;
}

/** An admin's API session of its own (not a page's), for setting the scene. Dispose of it after use. */
export async function adminApi(baseURL = config.use?.baseURL): Promise<APIRequestContext> {
  const admin = await request.newContext({ baseURL });
  const answer = await admin.post('/api/login/', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return admin;
}

/**
 * Rejects every order still waiting for the shop (journeys before this one may leave some: the e2e database is shared
 * by a run's spec files), so the back office starts quiet: the popup shows, and the chime rings for, every waiting
 * order, not only new ones.
 */
export async function rejectWaitingOrders(baseURL = config.use?.baseURL): Promise<void> {
  const admin = await adminApi(baseURL);
  try {
    for (;;) {
      const answer = await admin.get(`/api/buy-product?status=${encodeURIComponent('Pending Order')}&page=1`);
      expect(answer.ok(), await answer.text()).toBe(true);
      const waiting = (await answer.json()) as Array<{ _id: string }>;
      if (waiting.length === 0) return;
      for (const order of waiting) {
        const rejected = await admin.put(`/api/update-sell-products/${order._id}`, {
          data: { status: 'Canceled Order', reason: 'Left waiting by an earlier journey' },
        });
        expect(rejected.ok(), await rejected.text()).toBe(true);
      }
    }
  } finally {
    await admin.dispose();
  }
}

/** Fills the offline test provider's card form and pays (4242 4242 4242 4242 is held; 4000 0000 0000 0002 is declined). */
export async function payByTestCard(page: Page, cardNumber = '4242 4242 4242 4242'): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

/** Approve in the popup asks when the order arrives: one tap on `minutes`, then Accept. */
export async function acceptInPopup(page: Page, minutes: number): Promise<void> {
  const popup = popupOf(page);
  const short = await popupOrderShort(page);
  await popup.getByRole('button', { name: 'Approve' }).click();
  await answerAccept(page, short, minutes);
}

/** The Accept question (popup, row menu, order page): `minutes` chosen, then Accept; it closes once applied. */
export async function answerAccept(page: Page, short: string, minutes: number): Promise<void> {
  const question = page.getByRole('dialog', { name: `Accept order ${short}` });
  await question.getByRole('button', { name: `${minutes} min`, exact: true }).click();
  await expect(question.getByRole('button', { name: `${minutes} min`, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await question.getByRole('button', { name: /^Accept/ }).click();
  await expect(question).toBeHidden();
}

/** The Reject (waiting order) or Cancel (accepted order) question: `reason`, one of the offered ones, then the button. */
export async function answerCancel(page: Page, short: string, reason: string): Promise<void> {
  const question = page.getByRole('dialog', { name: new RegExp(`^(Reject|Cancel) order ${short}\\?$`) });
  await question.getByRole('radio', { name: reason, exact: true }).check();
  await question.getByRole('button', { name: /^(Reject|Cancel) order$/ }).click();
  await expect(question).toBeHidden();
}

/**
 * A line of the printed ticket (issue 24: the order page's preview text, `GET /api/orders/:id/ticket`), found whatever
 * the spacing: the text drawing spaces out big letters ('C O L L E C T I O N'), so the letters may have spaces
 * between them, and a line too long for the paper goes on in the next line of its box ('|').
 */
export function ticketLine(text: string): RegExp {
  const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    [...text]
      .filter((c, i, all) => c !== ' ' || all[i - 1] !== ' ')
      .map((c) => (c === ' ' ? '[\\s|]+' : escape(c)))
      .join('\\s*'),
  );
}
