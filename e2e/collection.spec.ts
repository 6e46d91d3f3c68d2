import { expect, test } from '@playwright/test';
import {
  addToCart,
  chooseCategory,
  newCustomer,
  popupOf,
  popupOrderShort,
  rejectWaitingOrders,
  signInAdminByForm,
  ticketLine,
} from './steps';

// Issue 22 points 1 and 3 (decision 1003), as people do it: a customer orders for collection with an allergy note,
// paying on collection; the back office's popup, order page and kitchen ticket say COLLECTION and the allergy, loud.
// The popup shows every waiting order, so the journey first rejects what earlier journeys left waiting.

const ALLERGY = 'Milk allergy: no cheese please';

test('a collection order with an allergy note: checkout, the popup, the order page and the ticket', async ({ page: admin, browser }) => {
  await rejectWaitingOrders();
  await signInAdminByForm(admin, '/dashboard');
  await expect(popupOf(admin)).toBeHidden();

  const customer = await newCustomer(browser);
  const shop = customer.page;
  await shop.goto('/');
  await chooseCategory(shop, 'Pizza');
  await addToCart(shop, 'Margherita');
  await addToCart(shop, 'Hawaiian');
  await shop.goto('/payment');

  // Delivery first, with the saved address; Collection hides it and says where to collect from.
  await expect(shop.getByRole('radio', { name: 'Delivery', exact: true })).toBeChecked();
  await expect(shop.getByRole('radio', { name: /Grace Hopper/ })).toBeChecked();
  await shop.getByRole('radio', { name: 'Collection', exact: true }).check();
  await expect(shop.getByRole('radio', { name: /Grace Hopper/ })).toHaveCount(0);
  await expect(shop.getByRole('region', { name: 'Collect from' })).toBeVisible();
  await expect(shop.getByRole('radio', { name: /^As soon as possible · Collect in about \d+ min$/ })).toBeChecked();

  await shop.getByRole('textbox', { name: 'Your name' }).fill('Grace Hopper');
  await shop.getByRole('textbox', { name: 'Phone number' }).fill('07700 900456');
  await shop.getByRole('textbox', { name: 'Any allergies we should know about?' }).fill(ALLERGY);
  await shop.getByRole('radio', { name: 'Pay on collection' }).check();
  await shop.getByRole('button', { name: /^Place order £/ }).click();
  const confirm = shop.getByRole('dialog', { name: 'Confirm your order' });
  await expect(confirm).toContainText('when you collect your order');
  await confirm.getByRole('button', { name: 'Confirm order' }).click();
  await expect(shop).toHaveURL(/\/notification$/);
  await expect(shop.getByRole('main')).toContainText('Pay on collection · To be paid on collection');

  // The back office: loud on the popup.
  const popup = popupOf(admin);
  await expect(popup).toBeVisible();
  await expect(popup.getByTestId('collection-label')).toHaveText('COLLECTION');
  await expect(popup.getByRole('note', { name: 'Allergy' })).toHaveText(`ALLERGY: ${ALLERGY}`);
  await expect(popup).toContainText('Pay on collection');
  const short = await popupOrderShort(admin);

  // The order page and its kitchen ticket (printed; hidden on screen).
  await popup.getByRole('link', { name: 'Details' }).click();
  await expect(admin.getByRole('heading', { name: `Order ${short}`, level: 1 })).toBeVisible();
  await expect(admin.getByRole('main').getByRole('note', { name: 'Allergy' })).toHaveText(`ALLERGY: ${ALLERGY}`);
  await expect(admin.getByRole('main').getByTestId('collection-label')).toBeVisible();
  // The ticket is the printers' (issue 24): the browser prints its picture, whose text the page also gives.
  const printedText = admin.getByTestId('ticket-preview-text');
  await expect(printedText).toContainText(ticketLine('COLLECTION'));
  await expect(printedText).toContainText(ticketLine(`ALLERGY: ${ALLERGY}`));
  await admin.emulateMedia({ media: 'print' });
  await expect(admin.getByTestId('printed-ticket')).toBeVisible();
  await admin.emulateMedia({ media: 'screen' });

  // Decision 1005: a collection is never 'On the way'. The shop marks it 'Ready to collect', then 'Collected'; the
  // customer's page follows live with the same words.
  const history = admin.getByRole('region', { name: 'Status history' }).getByRole('row');
  await admin.getByRole('button', { name: 'Change status' }).click();
  const menu = admin.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /On the way|Delivered Order/ })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Ready to collect', exact: true }).click();
  await expect(history.nth(1)).toContainText('Ready to collect');
  await expect(shop.getByText('Your order is ready to collect from the shop.')).toBeVisible({ timeout: 20_000 });
  await expect(shop.getByRole('main')).toContainText('Ready to collect');
  await expect(shop.getByRole('main')).not.toContainText('On the way');
  await admin.getByRole('button', { name: 'Change status' }).click();
  await admin.getByRole('menu').getByRole('menuitem', { name: 'Collected', exact: true }).click();
  await expect(history.nth(1)).toContainText('Collected');
  await shop.goto('/profile/my-orders');
  const row = shop.getByRole('table', { name: 'Order history' }).getByRole('row').filter({ hasText: short });
  await expect(row).toContainText('Collected');
  await expect(row).not.toContainText('Delivered');
});
