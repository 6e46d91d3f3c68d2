import { expect, test } from '@playwright/test';

const CATEGORIES = ['Pizza', 'Wings', 'Vegan', 'Sides', 'Shakes', 'Deals', 'Nachos', 'Sides To Share', 'Drinks', 'Desserts', 'Dips', 'Crust'];

test('the home page shows the seeded categories in order', async ({ page }) => {
  await page.goto('/');
  const selector = page.getByRole('navigation', { name: 'Categories' });
  for (const name of CATEGORIES) {
    await expect(selector.getByRole('button', { name, exact: true })).toBeVisible();
  }
  // Other journeys share this server and may add categories of their own; the seeded twelve keep their order.
  const names = (await selector.getByRole('button').allInnerTexts()).map((n) => n.trim());
  expect(names.filter((n) => CATEGORIES.includes(n))).toEqual(CATEGORIES);
});
