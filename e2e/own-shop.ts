import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, test as base } from '@playwright/test';
import { DEFAULT_WEB_DIST_DIR } from '../apps/server/src/app';
import { startTestServer, type TestServer } from '../apps/server/test/harness';
import { E2E_ADMIN } from '../playwright.config';

/**
 * A shop of the spec's own, for journeys that move the shop's clock or change its settings (the e2e server is shared
 * by every spec): a fresh seeded PGlite, its clock at `shopTime`, serving the web build as it stood when the spec
 * started (a build written meanwhile by another run cannot change it). `started` receives it in the spec's beforeAll;
 * the afterAll closes it, which fails the journeys if an error answer broke the error contract (the harness watches
 * every answer).
 */
export function ownShop(name: string, shopTime: Date, started: (shop: TestServer) => void): void {
  let shop: TestServer | undefined;
  let webDist = '';
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    webDist = mkdtempSync(path.join(tmpdir(), `shop-e2e-${name}-web-`));
    cpSync(process.env.WEB_DIST_DIR || DEFAULT_WEB_DIST_DIR, webDist, { recursive: true });
    shop = await startTestServer({
      seed: true,
      webDistDir: webDist,
      env: {
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        SHOP_TIME: shopTime.toISOString(),
        // Sign-ups and sign-ins come from one address, as for the e2e server.
        RATE_LIMIT_MULTIPLIER: '50',
      },
    });
    started(shop);
  });
  test.afterAll(async () => {
    try {
      await shop?.close();
    } finally {
      if (webDist) rmSync(webDist, { recursive: true, force: true });
    }
  });
}

/**
 * The same shop as a worker fixture (`shop`), for journeys whose pages should all go to it: `baseURL` is the shop's, so
 * `page.goto('/')` and `page.request` reach it. Started before the file's first journey, closed when its worker ends.
 */
export function ownShopTest(name: string, shopTime: Date) {
  return base.extend<object, { shop: TestServer }>({
    shop: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
      async ({}, use) => {
        const webDist = mkdtempSync(path.join(tmpdir(), `shop-e2e-${name}-web-`));
        cpSync(process.env.WEB_DIST_DIR || DEFAULT_WEB_DIST_DIR, webDist, { recursive: true });
        const shop = await startTestServer({
          seed: true,
          webDistDir: webDist,
          env: {
            ADMIN_EMAIL: E2E_ADMIN.email,
            ADMIN_PASSWORD: E2E_ADMIN.password,
            SHOP_TIME: shopTime.toISOString(),
            RATE_LIMIT_MULTIPLIER: '50',
          },
        });
        try {
          await use(shop);
        } finally {
          try {
            await shop.close();
          } finally {
            rmSync(webDist, { recursive: true, force: true });
          }
        }
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    baseURL: async ({ shop }, use) => use(shop.url),
  });
}
