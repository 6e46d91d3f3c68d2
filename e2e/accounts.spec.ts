import { mkdirSync } from 'node:fs';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';

const SHOTS = '/tmp/shots-accounts';
mkdirSync(SHOTS, { recursive: true });

const PASSWORD = 'Pepperoni-2026';
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

/** Registers through the API in its own request context, so the browser stays signed out. */
async function registerOutsideBrowser(baseURL: string, username: string, email: string, password = PASSWORD): Promise<void> {
  const context = await playwrightRequest.newContext({ baseURL });
  const answer = await context.post('/api/register/', { data: { username, email, password } });
  expect(answer.status(), await answer.text()).toBe(201);
  await context.dispose();
}

/** The admin's view of the development outbox (no SMTP_URL in the browser tests), in a separate request context. */
async function adminContext(baseURL: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  const answer = await context.post('/api/login/', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return context;
}

async function codeFromOutbox(admin: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await admin.get('/api/dev/outbox')).json()) as Array<{ to: string; text: string }>;
      code = /Your code: ([A-Z0-9]{4})/.exec(mails.find((mail) => mail.to === to)?.text ?? '')?.[1];
      return code;
    })
    .toBeDefined();
  return code ?? '';
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The page's localStorage entry, read from the context's storage state (the tests have no DOM types). */
async function storedUser(page: Page): Promise<unknown> {
  const state = await page.context().storageState();
  const value = state.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === 'user')?.value;
  return value === undefined ? null : (JSON.parse(value) as unknown);
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a visitor registers, is signed in, and signs out with the confirm dialog', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await expect(page.getByText('Create an account to order')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
  await shoot(page, 'signup');

  // A taken e-mail shows the server's message and keeps what was typed, so only the e-mail needs changing.
  const taken = uniqueEmail('taken');
  await registerOutsideBrowser(page.url().replace(/\/signup$/, ''), 'Someone', taken);
  await page.getByRole('textbox', { name: 'Full Name' }).fill('Tess Taken');
  await page.getByRole('textbox', { name: 'Email' }).fill(taken);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists.');
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Tess Taken');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(taken);
  await expect(page.getByLabel('Password')).toHaveValue(PASSWORD);

  await page.getByRole('textbox', { name: 'Full Name' }).fill('Nina New');
  await page.getByRole('textbox', { name: 'Email' }).fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Favourite' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Notification' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  expect(await storedUser(page)).toEqual({
    email,
    displayName: 'Nina New',
    role: 'customer',
  });

  await mainNav(page).getByRole('button', { name: 'Log Out' }).click();
  const confirm = page.getByRole('dialog', { name: 'Do you want to Logout ?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Log Out' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Profile' })).toHaveCount(0);
  expect(await storedUser(page)).toBeNull();
  // Ended on the server, not just forgotten by the page.
  expect(await (await page.request.get('/api/session')).json()).toEqual({ user: null });
});

test('signing in returns to the page that asked for it; wrong passwords show the server message', async ({ page, baseURL }) => {
  const email = uniqueEmail('returning');
  await registerOutsideBrowser(baseURL ?? '', 'Rosa Returning', email);

  await page.goto('/favourite');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
  await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup');
  await shoot(page, 'signin');

  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/favourite$/);
  await expect(mainNav(page).getByRole('link', { name: 'Favourite' })).toBeVisible();
});

test('a visitor signs in from checkout and comes back to it; the back office is only for admins', async ({ page, baseURL }) => {
  const email = uniqueEmail('guarded');
  await registerOutsideBrowser(baseURL ?? '', 'Gina Guarded', email);

  // Checkout offers a visitor Sign in or Continue as guest (decision 1502); Sign in comes back to the payment.
  await page.goto('/payment');
  await page.getByRole('region', { name: 'How would you like to check out?' }).getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/payment$/);

  // A customer is not let into the back office, and is told why.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('status').filter({ hasText: "That page is for the shop's staff." })).toContainText(
    `You are signed in as ${email}, a customer account.`,
  );
  expect((await page.request.get('/api/dev/outbox')).status()).toBe(403);
});

test('the whole forgot-password dialog: warnings, the e-mailed code, the new password works', async ({ page, baseURL }) => {
  const email = uniqueEmail('forgetful');
  const newPassword = 'Hawaiian-Pineapple-9';
  await registerOutsideBrowser(baseURL ?? '', 'Fay Forgetful', email);
  const admin = await adminContext(baseURL ?? '');

  const forgotRequests: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/forgot-password')) forgotRequests.push(req.url());
  });

  await page.goto('/signin');
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert Email For Sending OTP' });
  await expect(dialog).toBeVisible();
  expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(400);
  await shoot(page, 'forgot-step1');

  // An empty e-mail: the spec's warning and nothing sent.
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Please Enter Valid Email!')).toBeVisible();
  expect(forgotRequests).toEqual([]);

  // Slowed down so the loading state can be seen: the button is disabled while the request is in flight.
  const slow = async (route: { continue(): Promise<void> }) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  };
  await page.route('**/api/forgot-password/', slow);
  await page.route('**/api/change-password/', slow);

  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(page.getByText('An Email With OTP Sent To Your Email.')).toBeVisible();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(reset).toBeVisible();
  expect(forgotRequests).toHaveLength(1);
  const code = await codeFromOutbox(admin, email);

  await reset.getByRole('textbox', { name: 'OTP' }).fill(code);
  await reset.getByLabel('New Password', { exact: true }).fill(newPassword);
  await reset.getByLabel('Confirm New Password').fill(`${newPassword}x`);
  await reset.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please Confirm Correct Password!')).toBeVisible();

  await reset.getByLabel('Confirm New Password').fill(newPassword);
  await reset.getByRole('textbox', { name: 'OTP' }).fill(code.slice(0, 3));
  await reset.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please Insert Valid OTP!')).toBeVisible();

  // A wrong code of the right length: the request fails.
  const wrong = code === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
  await reset.getByRole('textbox', { name: 'OTP' }).fill(wrong);
  await reset.getByRole('button', { name: 'Submit' }).click();
  await expect(reset.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await expect(page.getByText('An Error Occured! Try Again.')).toBeVisible();
  await shoot(page, 'forgot-step2');

  await reset.getByRole('textbox', { name: 'OTP' }).fill(code);
  await reset.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password Updated.')).toBeVisible();
  await expect(reset).toBeHidden();
  // Gone for good (not just fading out), so typing goes to the sign-in form.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await admin.dispose();

  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' })).toBeVisible();
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the profile page saves name and e-mail, confirmed by the current password', async ({ page, baseURL }) => {
  const email = uniqueEmail('profiled');
  await registerOutsideBrowser(baseURL ?? '', 'Pat Profile', email);
  await page.goto('/profile/my-profile');
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/profile\/my-profile$/);

  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Pat Profile');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(page.getByRole('link', { name: 'See Order History' })).toHaveAttribute('href', '/profile/my-orders');
  for (const name of ['Name', 'Email']) await expect(page.getByRole('textbox', { name })).toHaveAttribute('required', '');
  await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
  await shoot(page, 'profile');

  await page.getByRole('textbox', { name: 'Name' }).fill('Patricia Profile');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your current password is not correct.');

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile Updated.' })).toBeVisible();
  const session = (await (await page.request.get('/api/session')).json()) as { user: { username: string } };
  expect(session.user.username).toBe('Patricia Profile');

  await page.getByRole('link', { name: 'See Order History' }).click();
  await expect(page).toHaveURL(/\/profile\/my-orders$/);
});
