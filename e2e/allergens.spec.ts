import { expect, test } from '@playwright/test';
import config from '../playwright.config';
import {
  addAddress,
  checkout,
  chooseCategory,
  payCashOnDelivery,
  popupOf,
  popupOrderShort,
  register,
  rejectWaitingOrders,
  signInAdminByForm,
  ticketLine,
} from './steps';

// Issue 22 points 1 and 6 (decisions 1000 and 1003), as people do it: a customer with a milk allergy hides milk on the
// menu, where every dish that contains it is hidden and one whose only milk is in an extra is marked; orders a dish
// without milk for delivery, paying cash, with an allergy note; the back office's new-order popup and the kitchen
// ticket of that order say the allergy, loud. The popup shows every waiting order, so the journey first rejects what
// earlier journeys left waiting.

const ALLERGY = 'Milk allergy: no cheese please';

test('a customer with a milk allergy hides milk on the menu and orders with an allergy note the popup and the ticket show', async ({
  page: admin,
  browser,
}) => {
  await rejectWaitingOrders();
  await signInAdminByForm(admin, '/dashboard');
  await expect(popupOf(admin)).toBeHidden();

  const context = await browser.newContext({ baseURL: config.use?.baseURL });
  const shop = await context.newPage();
  await register(shop);

  // Unfiltered, the Margherita is on the menu and names its milk.
  await chooseCategory(shop, 'Pizza');
  const margherita = shop.getByRole('article', { name: 'Margherita', exact: true });
  await expect(margherita).toContainText('Allergens: gluten, milk');

  // The filter: tick Milk; the menu hides every seeded pizza at once (each has cheese) and says how many.
  await shop.getByRole('button', { name: 'Allergies? Hide dishes with…' }).click();
  const filter = shop.getByRole('dialog', { name: 'Hide dishes with' });
  await filter.getByRole('group', { name: 'Allergens to avoid' }).getByRole('checkbox', { name: 'Milk', exact: true }).check();
  await filter.getByRole('button', { name: 'Done' }).click();
  await expect(filter).toBeHidden();
  await expect(shop.getByRole('button', { name: 'Hiding dishes with: milk' })).toBeVisible();
  await expect(margherita).toHaveCount(0);
  await expect(shop.getByRole('article', { name: 'Four Cheese', exact: true })).toHaveCount(0);
  // The seeded ten; a journey before this one in the same run may have added a pizza of its own.
  const hiddenHere = shop.getByText(/^\d+ dishes with milk hidden here\.$/);
  await expect(hiddenHere).toBeVisible();
  expect(Number.parseInt((await hiddenHere.textContent()) ?? '', 10)).toBeGreaterThanOrEqual(10);

  // The vegan pizzas have no milk of their own: shown, marked because some toppings and crusts have it.
  await chooseCategory(shop, 'Vegan');
  const vegan = shop.getByRole('article', { name: 'Vegan Margherita', exact: true });
  await expect(vegan).toContainText('Allergens: gluten');
  await expect(vegan).toContainText('Check your choices: some contain milk');
  // Two of them (one, £7.99, is under the shop's minimum order).
  const addVegan = vegan.getByRole('button', { name: 'Add to cart' });
  await addVegan.click();
  await addVegan.click();

  // Checkout: the line's allergens, cash on delivery to a new address, the allergy in its own field.
  await checkout(shop);
  await addAddress(shop);
  await expect(shop.getByTestId('line-allergens')).toHaveText('Allergens: gluten');
  await payCashOnDelivery(shop);
  await shop.getByRole('textbox', { name: 'Any allergies we should know about?' }).fill(ALLERGY);
  await shop.getByRole('button', { name: /^Place order £/ }).click();
  const confirm = shop.getByRole('dialog', { name: 'Confirm your order' });
  await confirm.getByRole('button', { name: 'Confirm order' }).click();
  await expect(shop).toHaveURL(/\/notification$/);
  await expect(shop.getByRole('status').filter({ hasText: 'Payment Successful' })).toContainText('Your order has been placed');

  // The back office: the popup shows the order with its allergy boxed and loud.
  const popup = popupOf(admin);
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('list', { name: 'Products' })).toHaveText(/Vegan Margherita\(2\)/);
  await expect(popup.getByRole('note', { name: 'Allergy' })).toHaveText(`ALLERGY: ${ALLERGY}`);
  const short = await popupOrderShort(admin);

  // The order page, and its kitchen ticket as printed: only the ticket is on the page then, allergy and dish on it.
  await popup.getByRole('link', { name: 'Details' }).click();
  await expect(admin.getByRole('heading', { name: `Order ${short}`, level: 1 })).toBeVisible();
  await expect(admin.getByRole('main').getByRole('note', { name: 'Allergy' })).toHaveText(`ALLERGY: ${ALLERGY}`);
  const ticket = admin.getByTestId('kitchen-ticket');
  await expect(ticket).toBeHidden();
  await admin.emulateMedia({ media: 'print' });
  await expect(admin.getByRole('main')).toBeHidden();
  // The ticket is the printers' (issue 24): the browser prints its picture, whose text the page also gives.
  await expect(ticket.getByTestId('printed-ticket')).toBeVisible();
  await admin.emulateMedia({ media: 'screen' });
  const printedText = admin.getByTestId('ticket-preview-text');
  await expect(printedText).toContainText(ticketLine(`#${short}`));
  await expect(printedText).toContainText(ticketLine(`ALLERGY: ${ALLERGY}`));
  await expect(printedText).toContainText(ticketLine('2 x Vegan Margherita'));
  await context.close();
});
