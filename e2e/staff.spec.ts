import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import config from '../playwright.config';
import { adminApi, newCustomer, placeCashOrder, rejectWaitingOrders, signInAdminByForm, useShopClock } from './steps';

// A team (docs/decisions/1401): the owner invites a kitchen member from the Staff screen, the invitation's mail
// carries the link, the member sets a password and is signed in to the back office, where the kitchen sees only its
// own screens, moves an order on, and is refused the Products and Staff screens (and the server refuses the API).

const SHOTS = '/tmp/shots-staff';
mkdirSync(SHOTS, { recursive: true });

/** Screenshots at phone and desktop widths; the page never scrolls sideways. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}-top.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the owner invites a kitchen member, who joins by the mailed link and sees only the kitchen’s screens', async ({ page, browser }) => {
  await rejectWaitingOrders();
  const email = `kitchen-${Date.now().toString(36)}@example.com`;

  // The owner invites Kit Cook as Kitchen.
  await signInAdminByForm(page, '/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member of staff' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Kit Cook');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: /^Kitchen/ }).click();
  await expect(dialog.getByText('The order board: statuses, sold out, reprint.')).toBeVisible();
  await shoot(page, 'invite-dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Invitation sent to ${email}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText(/KitchenInvited/);
  await shoot(page, 'staff-list');

  // The invitation's mail, from the development outbox.
  const owner = await adminApi();
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (await owner.get('/api/dev/outbox')).json()) as Array<{ to: string; text: string }>;
      link = /\/staff-invite\/[\w-]+/.exec(mails.find((mail) => mail.to === email)?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');

  // An order the counter accepted, for the kitchen to move on.
  const customer = await newCustomer(browser);
  const orderId = await placeCashOrder(customer.request, customer.addressId, 'Margherita', 2);
  const accepted = await owner.put(`/api/update-sell-products/${orderId}`, { data: { status: 'Approved Order', readyInMinutes: 30 } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await owner.dispose();
  await customer.page.context().close();
  const short = orderId.slice(18);

  // The member opens the link on a device of their own and sets a password.
  const context = await browser.newContext({ baseURL: config.use?.baseURL });
  const kitchen = await context.newPage();
  await useShopClock(kitchen);
  // Every request the kitchen's own screens send is one the server lets a kitchen login make.
  const refused: string[] = [];
  kitchen.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() === 403) refused.push(response.url());
  });
  await kitchen.goto(link);
  await expect(kitchen.getByRole('heading', { level: 1, name: /^Join .+ as Kitchen$/ })).toBeVisible();
  await shoot(kitchen, 'invite-page');
  await kitchen.getByLabel(/^Password/).fill('Kitchen-night-2026');
  await kitchen.getByRole('button', { name: 'Join the team' }).click();
  await expect(kitchen).toHaveURL(/\/order-list$/);

  // Only the kitchen's screens.
  const nav = kitchen.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Order List' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sold out' })).toBeVisible();
  for (const name of ['Dashboard', 'Products', 'Categories', 'Toppings', 'Settings', 'Staff']) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await expect(kitchen.getByRole('button', { name: 'Kitchen', exact: true })).toHaveCount(0);
  await shoot(kitchen, 'kitchen-order-list');

  // The kitchen moves the order on, but is offered neither Cancel nor an answer.
  const row = kitchen
    .getByRole('table', { name: 'Orders' })
    .getByRole('row')
    .filter({ has: kitchen.getByRole('link', { name: `Order ${short}`, exact: true }) });
  await row.getByRole('button', { name: `Change status of order ${short}` }).click();
  const menu = kitchen.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Canceled Order' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'On the way' }).click();
  await expect(kitchen.getByRole('alert').filter({ hasText: `Order ${short} is now On the way` })).toBeVisible();

  // The sold-out screen is the kitchen's.
  await kitchen.goto('/sold-out');
  await expect(kitchen.getByRole('heading', { level: 1, name: 'Sold out' })).toBeVisible();
  await expect(
    kitchen
      .getByRole('region', { name: 'Products' })
      .getByRole('button', { name: /: Margherita$/ })
      .first(),
  ).toBeVisible();
  await shoot(kitchen, 'kitchen-sold-out');

  expect(refused).toEqual([]);

  // Products and Staff are refused, on screen and by the server.
  for (const path of ['/products', '/staff']) {
    await kitchen.goto(path);
    await expect(kitchen.getByText('Your login (Kitchen) cannot open this page.')).toBeVisible();
  }
  await shoot(kitchen, 'kitchen-refused');
  expect((await kitchen.request.get('/api/staff')).status()).toBe(403);
  await context.close();
});
