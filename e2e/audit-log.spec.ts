import { expect, test } from '@playwright/test';
import { adminApi, rejectWaitingOrders, signInAdminByForm } from './steps';

// The audit log (decision 1402), as the owner reads it: a pause taken through the API shows in the Audit log with
// who did it, opens to what changed, and the screen fits a phone without scrolling sideways.

test.beforeEach(async () => {
  await rejectWaitingOrders();
});

test('the owner finds a pause in the audit log, opens it to before and after, on a desktop and on a phone', async ({ page }) => {
  const admin = await adminApi();
  try {
    const paused = await admin.put('/api/shop-status', { data: { pause: { forMinutes: 30 } } });
    expect(paused.ok(), await paused.text()).toBe(true);
    expect((await admin.put('/api/shop-status', { data: { pause: null } })).ok()).toBe(true);
  } finally {
    await admin.dispose();
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAdminByForm(page, '/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const log = page.getByRole('table', { name: 'Audit log' });
  const row = log
    .getByRole('row')
    .filter({ hasText: /Paused orders until \d\d:\d\d/ })
    .first();
  await expect(row).toContainText('(Owner)');
  await expect(row).toContainText('Shop: pause');
  await row.getByRole('button', { name: /^Show what changed/ }).click();
  const changes = page.getByRole('table', { name: /^What changed: Paused orders until/ }).first();
  await expect(changes.getByRole('row').nth(1)).toContainText(/Paused until—\d\d:\d\d/);

  await page.getByRole('combobox', { name: 'What' }).selectOption('shop.pause');
  await expect(log.getByRole('row').filter({ hasText: 'Ended the pause' }).first()).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: 'Shop: busy' })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: 'Audit log' });
  await expect(cards.getByRole('listitem').filter({ hasText: 'Ended the pause' }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
