// Issue 22 points 4 and 5 in the browser (decision 1002): the footer names the trader; a customer downloads their data
// from My Profile and deletes the account with its password, after which the e-mail no longer signs in and the shop
// keeps the order without the customer's name or address.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { adminApi, newCustomer, placeCashOrder } from './steps';

const PASSWORD = 'a-Strong-password-1';

test('a customer sees who they buy from, downloads their data, and deletes their account', async ({ browser }) => {
  const customer = await newCustomer(browser);
  const { page } = customer;
  const orderId = await placeCashOrder(customer.request, customer.addressId, 'Margherita', 2);
  const admin = await adminApi();
  try {
    // Delivered, so nothing is left for the kitchen or the driver to do.
    for (const status of ['Approved Order', 'On the way', 'Delivered Order']) {
      const changed = await admin.put(`/api/update-sell-products/${orderId}`, { data: { status } });
      expect(changed.ok(), await changed.text()).toBe(true);
    }

    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const trader = (await (await page.request.get('/api/shop-trader')).json()) as { name: string; address: string[]; phone: string };
    await expect(footer.getByLabel('The shop')).toContainText(trader.name);
    await expect(footer.getByLabel('The shop')).toContainText(trader.address.join(', '));
    await expect(footer.getByRole('link', { name: trader.phone })).toBeVisible();

    await page.goto('/profile/my-profile');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
      account: { email: string };
      addresses: Array<{ postcode: string }>;
      orders: Array<{ id: string }>;
    };
    expect(data.account.email).toBe(customer.email);
    expect(data.addresses.map((address) => address.postcode)).toEqual(['BS1 4DJ']);
    expect(data.orders.map((order) => order.id)).toEqual([orderId]);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    const done = page.getByRole('dialog', { name: 'Your account is deleted' });
    await expect(done.getByRole('status')).toContainText('Your account is deleted.');
    await done.getByRole('button', { name: 'Back to the menu' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Signed out: the nav bar says so, and this browser's session ended with the account.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await (await page.request.get('/api/session')).json()).toEqual({ user: null });

    await page.goto('/signin');
    await page.getByRole('textbox', { name: 'Email' }).fill(customer.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');

    const kept = (await (await admin.get(`/api/buy-product/${orderId}`)).json()) as {
      status: string;
      address: { firstname: string; phone: string };
    };
    expect(kept).toMatchObject({ status: 'Delivered Order', address: { firstname: '', phone: '' } });
  } finally {
    await admin.dispose();
    await page.context().close();
  }
});
