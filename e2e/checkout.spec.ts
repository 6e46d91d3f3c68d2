import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CASH_ON_DELIVERY } from '@shop/shared/domain/payment-types';
import { addAddress, addPizza, checkout, chooseCategory, payCashOnDelivery, register } from './steps';

const SHOTS = '/tmp/shots-checkout';
mkdirSync(SHOTS, { recursive: true });

/** Screenshots at phone and desktop widths, then back to the desktop size the test runs at. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function addPizzaPair(page: Page): Promise<void> {
  await chooseCategory(page, 'Deals');
  await page.getByRole('article', { name: 'Pizza Pair' }).getByRole('button', { name: 'Build Deal' }).click();
  const dialog = page.getByRole('dialog');
  const choices = dialog.getByRole('group', { name: 'Choices for Choose 2 pizzas' });
  await choices.getByRole('button', { name: 'Margherita', exact: true }).click();
  await choices.getByRole('button', { name: 'Hawaiian', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog).toBeHidden();
}

async function payByCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

test('a customer registers, adds an address, pays a pizza and a deal by test card, sees it in history, then orders again paying cash', async ({
  page,
}) => {
  await register(page);
  await addPizza(page, 'Margherita');
  await addPizzaPair(page);
  await checkout(page);
  await addAddress(page, () => shoot(page, 'addaddress'));

  // The store information of SPEC.md section 1, and the server's total (£7.49 + £12.99).
  await expect(page.getByText('Outside opening hours, card charges are not refunded.')).toBeVisible();
  await expect(page.getByText('Orders are not accepted in the last 15 minutes before closing.')).toBeVisible();
  // Where the shop delivers comes from its zones ('We deliver to every post code.' while it has none), never a radius.
  await expect(page.getByText(/^We deliver to .+\.$/)).toBeVisible();
  await expect(page.getByText(/miles/)).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Opening hours' }).getByRole('row', { name: /Friday/ })).toContainText('14:00-00:45');
  await expect(page.getByTestId('order-total')).toHaveText('£20.48');
  await expect(page.getByText('Test mode')).toBeVisible();
  await page.getByLabel('Note').fill('Please ring the bell');
  await shoot(page, 'payment-card');

  await payByCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/notification$/);
  const success = page.getByRole('status').filter({ hasText: 'Payment Successful' });
  await expect(success).toContainText('Your order has been placed');
  // The card is held, not charged, until the shop accepts the order (decision 0800).
  await expect(success).toContainText('Your card payment is held: it is taken only when the shop accepts your order.');
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText('Pending Order');
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(
    'Card · Card payment held: taken only when the shop accepts',
  );
  await shoot(page, 'success');

  // The cart was emptied.
  await page.goto('/payment');
  await expect(page.getByText('No Product added yet')).toBeVisible();

  await page.goto('/profile/my-orders');
  const rows = page.getByRole('table', { name: 'Order history' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Card');
  await expect(rows.nth(1)).toContainText('£20.48');
  await expect(rows.nth(1)).toContainText('Pending Order');
  await rows.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order [0-9a-f]{6}$/);
  const items = page.getByRole('table', { name: 'Items' });
  await expect(items).toContainText('Margherita');
  await expect(items).toContainText('Regular 7"');
  await expect(items).toContainText('Pizza Pair');
  await expect(items).toContainText('Margherita, Hawaiian');
  await expect(items).toContainText('£20.48');
  const payment = page.getByRole('table', { name: 'Payment' });
  await expect(payment).toContainText('Card payment held: taken only when the shop accepts');
  await expect(payment).toContainText('Please ring the bell');
  await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText('BS1 4DJ');

  // A second order, paying cash: first under the minimum, then enough.
  await page.goto('/');
  await addPizza(page, 'Pepperoni Passion');
  // The cart's Checkout refuses under £10.00; the payment page checks again when reached directly.
  await page.goto('/payment');
  await payCashOnDelivery(page);
  // Place order is off, and says beside it how much more to add.
  await expect(page.getByRole('button', { name: /^Place order/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Place order/ })).toHaveAccessibleDescription(
    /^Add £\d+\.\d\d more to reach the £10\.00 minimum order\.$/,
  );
  await expect(page.getByText('Minimum order amount is £10.00').first()).toBeVisible();
  await page.goto('/');
  await addPizza(page, 'Hawaiian');
  await checkout(page);
  await payCashOnDelivery(page);
  await expect(page.getByTestId('order-total')).toHaveText('£14.98');
  await shoot(page, 'payment-cash');
  await page.getByRole('button', { name: /^Place order/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
  await expect(confirm).toContainText('£14.98');
  await confirm.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/notification$/);
  await expect(page.getByRole('status').filter({ hasText: 'Payment Successful' })).toContainText('Your order has been placed');

  await page.goto('/profile/my-orders');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(CASH_ON_DELIVERY);
  await expect(rows.nth(1)).toContainText('£14.98');
  await shoot(page, 'history');
  await rows.nth(2).getByRole('link').click();
  await expect(page.getByRole('table', { name: 'Items' })).toContainText('Pizza Pair');
  await shoot(page, 'order-detail');

  // Reorder puts the card order's lines back at today's prices.
  await page.getByRole('button', { name: 'Reorder' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('order-total')).toHaveText('£20.48');
});

test('a declined test card shows Stripe’s message, stops the spinner and places no order', async ({ page }) => {
  await register(page);
  await addPizza(page, 'Margherita');
  await addPizza(page, 'Four Cheese');
  await checkout(page);
  await addAddress(page);
  await payByCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay £/ })).toBeEnabled();
  await expect(page).toHaveURL(/\/payment$/);
  await shoot(page, 'payment-declined');

  await page.goto('/profile/my-orders');
  await expect(page.getByText('No Product Bought')).toBeVisible();
  await page.goto('/notification');
  await expect(page.getByText('No notifications yet.', { exact: false })).toBeVisible();

  // Edit the address: a field left blank keeps its stored value.
  await page.goto('/payment');
  await page.getByRole('link', { name: /^Edit address/ }).click();
  await expect(page).toHaveURL(/\/addaddress\/[0-9a-f]{24}$/);
  await page.getByLabel('Town/City').fill('Bath');
  await page.getByLabel('Phone number').fill('');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByText('Address Updated Successful!')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Grace Hopper/ })).toHaveAccessibleName(/1 Compiler Close, Bath, BS1 4DJ.*07700 900456/);

  // Delete it after confirming; then placing asks for an address.
  await page.getByRole('button', { name: /^Delete address/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Do you want to delete this address?' });
  await expect(confirm).toContainText('1 Compiler Close');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Address Deleted Successfully.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Grace Hopper/ })).toHaveCount(0);
  await payCashOnDelivery(page);
  await expect(page.getByRole('button', { name: /^Place order/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Place order/ })).toHaveAccessibleDescription('Add a delivery address above to order.');
});
