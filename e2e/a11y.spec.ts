import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';

// axe-core on every kind of screen, signed out, as a customer and as the admin, on a desktop and a phone width.
// Each page is checked once its content has arrived (no spinner, no skeleton), so what a person meets is checked.

const SHOTS = '/tmp/shots-a11y';
mkdirSync(SHOTS, { recursive: true });

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
const PUBLIC_PAGES = ['/', '/signin', '/signup', '/cart'];
const CUSTOMER_PAGES = ['/payment', '/profile/my-profile', '/favourite'];
const ADMIN_PAGES = ['/categories', '/products', '/ingredients', '/productforms'];

let counter = 0;

async function signUpCustomer(page: Page): Promise<void> {
  const email = `a11y-${Date.now().toString(36)}-${++counter}@example.com`;
  const answer = await page.request.post('/api/register/', { data: { username: 'Ada Lovelace', email, password: 'Accessible-2026' } });
  expect(answer.status(), await answer.text()).toBe(201);
}

async function signInAdmin(page: Page): Promise<void> {
  const answer = await page.request.post('/api/login/', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

async function addMargherita(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: 'Pizza', exact: true }).click();
  await page.getByRole('article', { name: 'Margherita' }).getByRole('button', { name: 'Add to cart' }).click();
}

async function expectNoViolationsHere(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('\n')}`);
  expect(summary, `axe violations on ${name}`).toEqual([]);
}

async function expectNoViolations(page: Page, path: string, width: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await expectNoViolationsHere(page, `${width}${path === '/' ? '_home' : path.replaceAll('/', '_')}`);
}

for (const size of WIDTHS) {
  test.describe(`accessibility at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const path of PUBLIC_PAGES) {
      test(`${path} signed out has no axe violations`, async ({ page }) => {
        await expectNoViolations(page, path, size.name);
      });
    }

    for (const path of CUSTOMER_PAGES) {
      test(`${path} as a customer has no axe violations`, async ({ page }) => {
        await signUpCustomer(page);
        await expectNoViolations(page, path, size.name);
      });
    }

    test('the menu, cart and payment with a pizza in the cart have no axe violations', async ({ page }) => {
      await signUpCustomer(page);
      await addMargherita(page);
      await expectNoViolationsHere(page, `${size.name}_home-with-cart`);
      await expectNoViolations(page, '/cart', `${size.name}-filled`);
      await expectNoViolations(page, '/payment', `${size.name}-filled`);
    });

    test('the deal builder has no axe violations', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: 'Deals', exact: true }).click();
      await page.getByRole('article', { name: 'Pizza Pair' }).getByRole('button', { name: 'Build Deal' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolationsHere(page, `${size.name}_deal-builder`);
    });

    for (const path of ADMIN_PAGES) {
      test(`${path} as the admin has no axe violations`, async ({ page }) => {
        await signInAdmin(page);
        await expectNoViolations(page, path, size.name);
      });
    }
  });
}
