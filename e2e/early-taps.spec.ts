import { expect, test, type Page } from '@playwright/test';

// Decision 1104: on a slow phone the server's page is on screen a second or more before its app runs. A tap in that
// time either works as the browser's own (a radio, a link) or loads a plain address (a form, a link) with the tap in
// it, which the app carries out once it runs. Here the page's scripts are held back until the taps have
// landed, so the taps always fall before the app runs; nothing waits for the app's internals.

test.use({ viewport: { width: 1280, height: 800 } });

/** Holds every script of the app until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    // A request of a page left meanwhile (the tap's form loaded the next) is gone.
    await route.continue().catch(() => {});
  });
  return release;
}

function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

test('a size and Add to cart tapped before the app runs: one line of that size in the cart, and the toast', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const release = await holdScripts(page);
  await page.goto('/?category=Pizza', { waitUntil: 'commit' });
  const margherita = page.getByRole('article', { name: 'Margherita', exact: true });
  await margherita.getByRole('radio', { name: 'Large 13"' }).check();
  await margherita.getByRole('button', { name: 'Add to cart' }).click();
  // The tap loaded the category's page with the tap in its address; nothing is in the cart until the app runs.
  await expect(page).toHaveURL(/\/\?category=Pizza&.*add=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Pizza' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('shop.cart.v1'))).toBeNull();

  release();
  await expect(toast(page, 'Added To Cart!')).toBeVisible();
  // The page the tap loaded shows the card where it was made, not the top of the menu.
  await expect(margherita.getByRole('button', { name: 'Add to cart' })).toBeInViewport();
  // The tap leaves the address, so a reload does not make it again.
  await expect(page).toHaveURL(/\/\?category=Pizza$/);
  const line = page.getByRole('complementary', { name: 'Side cart' }).getByRole('listitem', { name: 'Margherita' });
  await expect(line.getByText(/^Large 13"/)).toBeVisible();
  await expect(line.getByLabel('Quantity of Margherita')).toHaveText('1');
  await page.reload();
  await expect(line.getByText(/^Large 13"/)).toBeVisible();
  await expect(line.getByLabel('Quantity of Margherita')).toHaveText('1');
  expect(errors).toEqual([]);
});

test('Build Deal tapped before the app runs opens the deal builder once it runs', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('article', { name: 'Pizza Pair', exact: true }).getByRole('button', { name: 'Build Deal' }).click();
  await expect(page).toHaveURL(/\/\?deal=/);
  release();
  await expect(page.getByRole('dialog', { name: 'Pizza Pair' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('Add toppings tapped before the app runs, after a size: the toppings open for that size', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/?category=Pizza', { waitUntil: 'commit' });
  const margherita = page.getByRole('article', { name: 'Margherita', exact: true });
  await margherita.getByRole('radio', { name: 'Large 13"' }).check();
  await margherita.getByRole('button', { name: 'Add toppings' }).click();
  await expect(page).toHaveURL(/[?&]extras=/);
  release();
  await expect(page.getByRole('dialog', { name: 'Margherita: Toppings' })).toBeVisible();
  await expect(margherita.getByRole('radio', { name: 'Large 13"' })).toBeChecked();
  await expect(page).toHaveURL(/\/\?category=Pizza$/);
});

test("a visitor's heart tapped before the app runs asks them to sign in once it runs", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/?category=Wings', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Add BBQ Wings to favourites' }).click();
  await expect(page).toHaveURL(/[?&]favourite=/);
  release();
  await expect(toast(page, 'Please signin or register')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test('the allergen filter tapped before the app runs opens its panel once it runs', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/?category=Pizza', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Allergies? Hide dishes with…' }).click();
  await expect(page).toHaveURL(/\/\?category=Pizza&filter=allergens$/);
  release();
  await expect(page.getByRole('dialog', { name: 'Hide dishes with' })).toBeVisible();
  await expect(page).toHaveURL(/\/\?category=Pizza$/);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button tapped before the app runs opens the menu once it runs', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/?category=Pizza', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Open menu' }).click();
    await expect(page).toHaveURL(/\/\?category=Pizza#site-menu$/);
    release();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(page).toHaveURL(/\/\?category=Pizza$/);
    await menu.getByRole('link', { name: 'Cart' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Cart' })).toBeVisible();
  });
});
