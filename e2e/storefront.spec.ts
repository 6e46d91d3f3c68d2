import { expect, test, type Locator, type Page } from '@playwright/test';
import { seeToast } from './steps';

// The storefront end to end at a phone width (390 px, no side cart: /cart instead) and a desktop width (1280 px,
// side cart beside the grid). Every price asserted is also asked of the server (POST /api/cart/quote).

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-storefront';
const CART_KEY = 'shop.cart.v1';

type Width = { name: 'phone' | 'desktop'; width: number; height: number };
const WIDTHS: Width[] = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

async function storedLines(page: Page): Promise<unknown[]> {
  return page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as Array<{ line: unknown }>).map((entry) => entry.line),
    CART_KEY,
  );
}

async function serverTotal(page: Page): Promise<string> {
  const answer = await page.request.post('/api/cart/quote', { data: { items: await storedLines(page) } });
  expect(answer.status()).toBe(200);
  const { total } = (await answer.json()) as { total: number };
  return `£${total.toFixed(2)}`;
}

/** WCAG contrast of an element's text on the first opaque background behind it (the text colour's alpha blended). */
async function textContrast(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const channels = (colour: string) => (/rgba?\(([^)]+)\)/.exec(colour)?.[1] ?? '0,0,0,0').split(',').map(Number);
    let back: Element | null = element;
    let background = [255, 255, 255];
    while (back) {
      const [r = 0, g = 0, b = 0, a = 1] = channels(getComputedStyle(back).backgroundColor);
      if (a > 0) {
        background = [r, g, b];
        break;
      }
      back = back.parentElement;
    }
    const [r = 0, g = 0, b = 0, a = 1] = channels(getComputedStyle(element).color);
    const text = [r, g, b].map((channel, index) => channel * a + (background[index] ?? 255) * (1 - a));
    const luminance = (rgb: number[]) =>
      rgb
        .map((value) => value / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, index) => sum + c * ([0.2126, 0.7152, 0.0722][index] ?? 0), 0);
    const [light, dark] = [luminance(text), luminance(background)].sort((x, y) => y - x);
    return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
  });
}

function card(page: Page, title: string) {
  return page.getByRole('article', { name: title, exact: true });
}

/** The cart on screen: the side cart on a desktop, the /cart page on a phone. */
async function openCart(page: Page, width: Width) {
  if (width.name === 'phone') {
    await page.getByRole('link', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Cart' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Cart' })).toBeVisible();
    return page.getByRole('region', { name: 'My Cart' });
  }
  const side = page.getByRole('complementary', { name: 'Side cart' });
  await expect(side.getByRole('heading', { name: 'My Cart' })).toBeVisible();
  return side;
}

for (const width of WIDTHS) {
  test.describe(`storefront at ${width.width} px`, () => {
    test.use({ viewport: { width: width.width, height: width.height } });

    test('a half-built deal is refused, a complete one, a customised pizza and quantities total what the server quotes', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Deals', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(card(page, 'Pizza Pair')).toBeVisible();
      // The menu says whether the shop takes orders, and no category button is cut at the row's left edge (on a
      // phone the row scrolls to Deals and snaps to a button's start).
      await expect(page.getByRole('status', { name: 'Opening hours' })).toContainText(/^(Open until|Closed now|Not taking orders)/);
      // The row's left edge is the page's margin (0 on a phone, 64 px on a desktop); a button scrolled past it is
      // wholly out of sight, never half in.
      const categories = page.getByRole('navigation', { name: 'Categories' });
      const rowLeft = (await categories.boundingBox())?.x ?? 0;
      for (const chip of await categories.getByRole('button').all()) {
        const box = await chip.boundingBox();
        const whole = box !== null && (box.x >= rowLeft - 1 || box.x + box.width <= rowLeft + 1);
        expect(whole, `${await chip.textContent()} is cut at the left edge`).toBe(true);
      }
      if (width.name === 'desktop') {
        await expect(page.getByRole('complementary', { name: 'Side cart' }).getByText('No Product added yet')).toBeVisible();
      } else {
        await expect(page.getByRole('complementary', { name: 'Side cart' })).toHaveCount(0);
      }
      await page.screenshot({ path: `${SHOTS}/home-${width.width}.png`, fullPage: false });

      // The deal builder: one pizza of two is not enough.
      await card(page, 'Pizza Pair').getByRole('button', { name: 'Build Deal' }).click();
      const builder = page.getByRole('dialog', { name: 'Pizza Pair' });
      await expect(builder).toBeVisible();
      await builder
        .getByRole('group', { name: 'Deal size' })
        .getByRole('radio', { name: /Medium 10"/ })
        .check();
      const pizzas = builder.getByRole('group', { name: 'Choices for Choose 2 pizzas' });
      await pizzas.getByRole('button', { name: 'Margherita', exact: true }).click();
      await builder.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Please Select All Products!' })).toBeVisible();
      expect(await storedLines(page)).toEqual([]);

      // The second pizza fills the slot: its choices disappear. Stuffed crust is chosen once for both pizzas.
      await pizzas.getByRole('button', { name: 'Hawaiian', exact: true }).click();
      await expect(builder.getByRole('group', { name: 'Choices for Choose 2 pizzas' })).toHaveCount(0);
      await builder
        .getByRole('group', { name: 'Crust for every pizza' })
        .getByRole('radio', { name: /Stuffed Crust/ })
        .check();
      await expect(builder.getByText('Price £22.99')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/deal-builder-${width.width}.png` });
      await builder.getByRole('button', { name: 'Add to cart' }).click();
      await expect(builder).toBeHidden();
      await seeToast(page, 'Added To Cart!');

      // A customised pizza: large, stuffed crust, pepperoni and mushrooms.
      await page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: 'Pizza', exact: true }).click();
      const margherita = card(page, 'Margherita');
      await expect(margherita.getByText('£7.49', { exact: true })).toBeVisible();
      // Size s forces deep pan: thin and stuffed are disabled.
      const crusts = margherita.getByRole('group', { name: 'Crust' });
      await expect(crusts.getByRole('radio', { name: 'Thin Crust' })).toBeDisabled();
      await expect(crusts.getByRole('radio', { name: /Stuffed Crust/ })).toBeDisabled();
      // Readable at both widths: one crust a row, at most two lines of at least 13 px, the unavailable ones at 4.5:1
      // (each radio's chip: its label).
      for (const crust of await crusts.locator('label').all()) {
        expect((await crust.boundingBox())?.height ?? 0).toBeLessThanOrEqual(48);
        expect(await crust.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(13);
      }
      expect(await textContrast(crusts.locator('label').filter({ hasText: 'Thin Crust' }))).toBeGreaterThanOrEqual(4.5);
      expect(await textContrast(crusts.locator('label').filter({ hasText: 'Stuffed Crust' }))).toBeGreaterThanOrEqual(4.5);
      await margherita.getByRole('group', { name: 'Size' }).getByRole('radio', { name: 'Large 13"' }).check();
      await crusts.getByRole('radio', { name: 'Stuffed Crust +£2.00' }).check();
      await expect(margherita.getByText('£15.99', { exact: true })).toBeVisible();
      await margherita.getByRole('button', { name: 'Add toppings' }).click();
      const toppings = page.getByRole('dialog', { name: 'Margherita: Toppings' });
      await expect(toppings.getByText('Pizza Toppings')).toBeVisible();
      await expect(toppings.getByText('Crust Toppings')).toBeVisible();
      await toppings.getByRole('checkbox', { name: 'Pepperoni' }).check();
      await toppings.getByRole('checkbox', { name: 'Mushrooms' }).check();
      await expect(toppings.getByText('£17.99')).toBeVisible();
      await expect(toppings.getByText('Free').first()).toBeVisible();
      await expect(toppings.getByText('50p').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/pizza-toppings-${width.width}.png` });
      await toppings.getByRole('button', { name: 'Done' }).click();
      await expect(margherita.getByText('£17.99', { exact: true })).toBeVisible();
      await expect(margherita.getByText('Pepperoni, Mushrooms')).toBeVisible();
      await margherita.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/pizza-card-${width.width}.png` });
      await margherita.getByRole('button', { name: 'Add to cart' }).click();
      // The same configuration again raises the quantity instead of adding a line.
      await margherita.getByRole('button', { name: 'Add to cart' }).click();
      await expect.poll(async () => (await storedLines(page)).length).toBe(2);

      // Quantities in the cart.
      const cart = await openCart(page, width);
      const pizzaLine = cart.getByRole('listitem', { name: 'Margherita' });
      await expect(pizzaLine.getByLabel('Quantity of Margherita')).toHaveText('2');
      await expect(pizzaLine.getByText('Large 13" · Stuffed Crust')).toBeVisible();
      await expect(pizzaLine.getByText('Pepperoni, Mushrooms')).toBeVisible();
      await pizzaLine.getByRole('button', { name: 'Increase Margherita' }).click();
      await expect(pizzaLine.getByLabel('Quantity of Margherita')).toHaveText('3');
      await pizzaLine.getByRole('button', { name: 'Decrease Margherita' }).click();
      await pizzaLine.getByRole('button', { name: 'Decrease Margherita' }).click();
      await expect(pizzaLine.getByLabel('Quantity of Margherita')).toHaveText('1');
      await expect(pizzaLine.getByRole('button', { name: 'Decrease Margherita' })).toBeDisabled();
      await pizzaLine.getByRole('button', { name: 'Increase Margherita' }).click();
      const dealLine = cart.getByRole('listitem', { name: 'Pizza Pair' });
      await expect(dealLine.getByText('Margherita, Hawaiian')).toBeVisible();

      // The total shown is the server's quote: £22.99 + 2 × £17.99.
      const total = page.getByTestId('cart-total');
      await expect(total).toHaveAttribute('data-confirmed', 'true');
      await expect(total).toHaveText('£58.97');
      expect(await serverTotal(page)).toBe('£58.97');
      await page.screenshot({ path: `${SHOTS}/cart-${width.width}.png`, fullPage: width.name === 'phone' });

      // The cart survives a reload.
      await page.reload();
      await expect(page.getByTestId('cart-total')).toHaveText('£58.97');

      // A visitor's Checkout goes to the payment page, which offers signing in or carrying on as a guest.
      await page.getByRole('button', { name: 'Checkout' }).click();
      await expect(page).toHaveURL(/\/payment$/);
      const choice = page.getByRole('region', { name: 'How would you like to check out?' });
      await expect(choice.getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(choice.getByRole('button', { name: 'Continue as guest' })).toBeVisible();

      // Removing a line.
      await page.goto('/cart');
      await page.getByRole('button', { name: 'Remove Pizza Pair' }).click();
      await seeToast(page, 'Removed From Cart!');
      await expect(page.getByTestId('cart-total')).toHaveText('£35.98');
      expect(await serverTotal(page)).toBe('£35.98');
    });

    test('Checkout refuses an order under £10.00, and shows the empty cart', async ({ page }) => {
      await page.goto('/cart');
      await expect(page.getByText('No Product added yet')).toBeVisible();
      await page.goto('/?category=Sides');
      await card(page, 'Garlic Bread').getByRole('button', { name: 'Add to cart' }).click();
      await seeToast(page, 'Added To Cart!');
      await page.goto('/cart');
      await expect(page.getByText('No toppings added')).toBeVisible();
      await expect(page.getByTestId('cart-total')).toHaveText('£3.49');
      await page.getByRole('button', { name: 'Checkout' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Minimum order amount is £10.00' })).toBeVisible();
      await expect(page).toHaveURL(/\/cart$/);
    });

    test('favourites: signed out the heart asks to sign in; signed in it adds, warns on a duplicate, and /favourite removes', async ({
      page,
    }) => {
      await page.goto('/?category=Wings');
      const wings = card(page, 'BBQ Wings');
      await expect(wings.getByRole('group', { name: 'Size' }).locator('label')).toHaveText(['6 Pcs', '10 Pcs']);
      await expect(wings.getByRole('group', { name: 'Type' }).locator('label')).toHaveText(['Normal', 'Boneless +50p']);
      await wings.getByRole('button', { name: 'Add BBQ Wings to favourites' }).click();
      await seeToast(page, 'Please signin or register');
      await expect(page).toHaveURL(/\/signin$/);

      const email = `fav-${width.name}-${Date.now()}@example.com`;
      const registered = await page.request.post('/api/register/', {
        data: { username: 'Fay Vourite', email, password: 'a-Strong-password-1' },
      });
      expect(registered.ok()).toBe(true);

      await page.goto('/favourite');
      await expect(page.getByRole('heading', { level: 1, name: 'My Favourites' })).toBeVisible();
      await expect(page.getByText('Click the heart icon')).toBeVisible();

      // The menu draws its hearts before the session's answer: a heart pressed in that moment acts for the signed-in
      // customer (it once told them to sign in). The answer is held back so that the click always falls there.
      let releaseSession = () => {};
      const sessionHeld = new Promise<void>((resolve) => (releaseSession = resolve));
      await page.route('**/api/session', async (route) => {
        await sessionHeld;
        await route.continue();
      });
      await page.goto('/?category=Wings');
      const heart = card(page, 'BBQ Wings').getByRole('button', { name: 'Add BBQ Wings to favourites' });
      await heart.click();
      releaseSession();
      await expect(page.getByRole('alert').filter({ hasText: 'Successfully Added To Favourites' })).toBeVisible();
      await page.unroute('**/api/session');
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await heart.click();
      await expect(page.getByRole('alert').filter({ hasText: 'Already added to favourites' })).toBeVisible();

      await page.goto('/favourite');
      const favourite = card(page, 'BBQ Wings');
      await expect(favourite).toBeVisible();
      await expect(favourite.getByText('£5.99', { exact: true })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/favourites-${width.width}.png` });
      await favourite.getByRole('button', { name: 'Remove BBQ Wings from favourites' }).click();
      const confirm = page.getByRole('dialog', { name: 'Do you want to remove this favourite?' });
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Successfully Removed From Favourites' })).toBeVisible();
      await expect(card(page, 'BBQ Wings')).toHaveCount(0);
      await expect(page.getByText('Click the heart icon')).toBeVisible();
    });
  });
}
