// The test shop's clock and admin, apart from harness.ts so that shop-process.ts (which the benchmarks import too)
// needs nothing of the in-process harness. harness.ts exports them as before.

/** A Wednesday evening (18:00 in London), when the shop is open. */
export const DEFAULT_SHOP_TIME = '2026-11-18T18:00:00Z';
export const TEST_ADMIN_EMAIL = 'admin@example.com';
export const TEST_ADMIN_PASSWORD = 'admin-test-password';
