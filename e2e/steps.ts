// Steps more than one journey takes, as a person takes them in the browser: a customer signs up, fills a cart,
// checks out and adds an address (checkout.spec.ts, scale-out.spec.ts); an admin signs in through the form and the
// back office listens for new orders, which pop up (live-orders.spec.ts, scale-out.spec.ts). Paths are relative to
// the page's baseURL, so a journey may run them against a shop of its own.
import { expect, type Locator, type Page } from '@playwright/test';
import { CASH_ON_DELIVERY } from '@shop/shared/domain/payment-types';
import { E2E_ADMIN } from '../playwright.config';

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

export async function chooseCategory(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name, exact: true }).click();
}

export async function addPizza(page: Page, title: string): Promise<void> {
  await chooseCategory(page, 'Pizza');
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Add to cart' }).click();
}

/** From the cart to the payment page. */
export async function checkout(page: Page): Promise<void> {
  await page.goto('/cart');
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

/** Signs in through the form, as a person does: the click also lets the page play sound (autoplay policy). */
export async function signInAdminByForm(page: Page, path: string): Promise<void> {
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
