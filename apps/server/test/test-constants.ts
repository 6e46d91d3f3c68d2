// The test shop's clock and admin, apart from harness.ts so that shop-process.ts (which the benchmarks import too)
// needs nothing of the in-process harness. harness.ts exports them as before.

/** A Wednesday evening (18:00 in London), when the shop is open. */
export const DEFAULT_SHOP_TIME = '2026-11-18T18:00:00Z';
export const TEST_ADMIN_EMAIL = 'admin@example.com';
export const TEST_ADMIN_PASSWORD = 'admin-test-password';

/**
 * Connections each test shop may hold on PostgreSQL: three test files at once, each with a server, a second pool and
 * the live-update adapter's, stay well under the server's 100; a burst of requests queues for a connection as it
 * would in a shop.
 */
export const TEST_DATABASE_POOL_SIZE = '8';
