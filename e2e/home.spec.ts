import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../playwright.config';
import { rejectWaitingOrders } from './steps';

const CATEGORIES = [
  'Pizza',
  'Wings',
  'Vegan',
  'Sides',
  'Shakes',
  'Deals',
  'Nachos',
  'Sides To Share',
  'Drinks',
  'Desserts',
  'Dips',
  'Crust',
];

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

test('a banner the admin adds shows on the home page as an offer', async ({ page }) => {
  // No order waits: the new-order popup would open over the home page of a signed-in admin (issue 20).
  await rejectWaitingOrders();
  const signIn = await page.request.post('/api/login/', { data: E2E_ADMIN });
  expect(signIn.ok()).toBe(true);
  const picture = await sharp({ create: { width: 640, height: 280, channels: 3, background: '#8e44ad' } })
    .png()
    .toBuffer();
  const added = await page.request.post('/api/addbanner', {
    multipart: { myfiles: { name: 'offer.png', mimeType: 'image/png', buffer: picture } },
  });
  expect(added.status()).toBe(201);
  const { insertedId } = (await added.json()) as { insertedId: string };

  await page.goto('/');
  const offers = page.getByRole('region', { name: 'Offers' });
  await expect(offers.getByRole('img', { name: 'Offer 1' })).toBeVisible();
  const banners = (await (await page.request.get('/api/banners')).json()) as Array<{ _id: string; imageUrl: string }>;
  expect(banners[0]?._id).toBe(insertedId);
  await expect(offers.getByRole('img', { name: 'Offer 1' })).toHaveAttribute('src', banners[0]!.imageUrl);
});

// A visitor's pages log nothing (a customer's and the back office's pages were checked by hand): before, every page
// logged a 401 for /api/session (signed out is an answer, not a failure: 200 {user: null}) and every page but /
// warned that the menu answers it preloaded went unused.
test("a visitor's pages keep the browser console clean", async ({ context }) => {
  const logged: string[] = [];
  // Each path in a tab of its own, all left open: Chromium reports a preload left unused about three seconds after a
  // page's load event, so one wait after the last page has loaded covers every page.
  for (const path of ['/', '/signin', '/signup', '/cart', '/favourite', '/profile/my-orders', '/dashboard', '/no-such-page']) {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') logged.push(`${page.url()}: ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => logged.push(`${page.url()}: ${error.message}`));
    await page.goto(path, { waitUntil: 'networkidle' });
  }
  await context.pages().at(-1)?.waitForTimeout(3500);
  expect(logged).toEqual([]);
});
