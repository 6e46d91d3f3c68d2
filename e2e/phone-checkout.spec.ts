// A customer's checkout on a phone (390 px wide): the basket bar at the foot of the menu, with the side cart's total,
// never over the last dish; the payment page's reasons beside Pay, the note and allergy question apart from the
// payment; the address form's error under the post code it is about.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { addToCart, chooseCategory, payByTestCard, register, useShopClock } from './steps';

const SHOTS = '/tmp/shots-phone';
mkdirSync(SHOTS, { recursive: true });
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, hasTouch: true });

/** Full-page screenshots at the phone's width and a desktop's, then back to the phone. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const size of [PHONE, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

test('on a phone: the basket bar, the payment page’s reasons and the address form’s field errors', async ({ page }) => {
  await useShopClock(page);
  await register(page);
  const bar = page.getByRole('region', { name: 'Basket' });

  // An empty cart: no bar.
  await chooseCategory(page, 'Pizza');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(bar).toHaveCount(0);

  // One pizza: the bar at the foot of the screen, with the count and the total.
  await addToCart(page, 'Margherita');
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('1 item');
  await addToCart(page, 'Hawaiian');
  await expect(bar).toContainText('2 items');
  const total = bar.getByTestId('basket-bar-total');
  await expect(total).toHaveAttribute('data-confirmed', 'true');
  await expect(total).toHaveText(/^£\d+\.\d\d$/);
  const barTotal = await total.textContent();
  await page.screenshot({ path: `${SHOTS}/menu-screen-390.png` });
  const box = await bar.boundingBox();
  expect(box && Math.round(box.y + box.height)).toBe(PHONE.height);

  // Scrolled to the end, the last dish and the footer stand clear above the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(100);
  const lastCard = page.getByRole('region', { name: 'Pizza' }).getByRole('article').last();
  const barTop = (await bar.boundingBox())!.y;
  const cardBox = (await lastCard.boundingBox())!;
  expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(barTop);
  const footer = (await page.getByRole('contentinfo').boundingBox())!;
  expect(footer.y + footer.height).toBeLessThanOrEqual(barTop + 1);
  await page.screenshot({ path: `${SHOTS}/menu-end-390.png` });
  await shoot(page, 'menu-with-basket');

  // At a desktop's width the side cart is beside the menu, with the same total, and the bar is gone.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bar).toHaveCount(0);
  const side = page.getByRole('complementary', { name: 'Side cart' });
  await expect(side.getByTestId('cart-total')).toHaveAttribute('data-confirmed', 'true');
  await expect(side.getByTestId('cart-total')).toHaveText(barTotal ?? '');
  await page.setViewportSize(PHONE);
  await expect(bar).toBeVisible();

  // The bar checks out as the side cart's button does: a signed-in customer goes to the payment.
  await bar.getByRole('button', { name: /Checkout$/ }).tap();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();

  // No address yet: Pay is off, and says why right under it.
  const pay = page.getByRole('button', { name: /^Pay £/ });
  await expect(pay).toBeDisabled();
  await expect(pay).toHaveAccessibleDescription('Add a delivery address above to order.');
  await pay.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/payment-pay-390.png` });
  const payBox = (await pay.boundingBox())!;
  const reasonBox = (await page.getByText('Add a delivery address above to order.').boundingBox())!;
  expect(reasonBox.y - (payBox.y + payBox.height)).toBeLessThan(16);

  // The note and the allergy question are their own section, before the payment.
  const notes = page.getByRole('region', { name: 'Requests and allergies' });
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(notes.getByRole('textbox', { name: 'Any allergies we should know about?' })).toBeVisible();
  await expect(payment.getByRole('textbox', { name: 'Any allergies we should know about?' })).toHaveCount(0);
  expect((await notes.boundingBox())!.y).toBeLessThan((await payment.boundingBox())!.y);
  await shoot(page, 'payment-no-address');

  // The address form: a post code the shop cannot read is refused under the post code itself.
  await page.getByRole('link', { name: 'Add your address' }).tap();
  await expect(page).toHaveURL(/\/addaddress$/);
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Phone number').fill('07700 900456');
  await page.getByLabel('Address line').fill('1 Compiler Close');
  await page.getByLabel('Town/City').fill('Bristol');
  const postcode = page.getByLabel('Post code');
  await postcode.fill('not a postcode');
  await page.getByRole('button', { name: 'Done' }).tap();
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(postcode).toHaveAccessibleDescription(/post code/i);
  await expect(postcode).toBeFocused();
  await expect(page.getByLabel('Town/City')).not.toHaveAttribute('aria-invalid');
  await page.screenshot({ path: `${SHOTS}/address-error-390.png`, fullPage: true });
  await postcode.fill('bs1 4dj');
  await expect(postcode).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'Done' }).tap();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('radio', { name: /Grace Hopper/ })).toBeChecked();

  // With an address the reason goes and Pay is on; the order is placed.
  await notes.getByRole('textbox', { name: 'Any allergies we should know about?' }).fill('Coeliac');
  await expect(pay).toBeEnabled();
  await expect(pay).not.toHaveAccessibleDescription(/./);
  await shoot(page, 'payment-ready');
  await payByTestCard(page);
  await expect(page).toHaveURL(/\/notification$/);
});
