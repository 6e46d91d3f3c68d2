import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-Pass-123' };
/** The journeys that start a shop of their own (e2e/own-shop.ts): they share nothing with the others. */
const OWN_SHOP_SPECS = [
  'a11y.spec.ts',
  'admin-catalogue.spec.ts',
  'drivers.spec.ts',
  'kitchen.spec.ts',
  'opening-hours.spec.ts',
  'scale-out.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Limits that catch a hang, not a slow machine: on two slow cores a journey takes 20-35 s alone and twice that
  // beside another, so a minute timed out journeys that were working.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Two at a time: the journeys on the shared e2e server one after another (they count what its board and lists
  // show), and beside them the journeys that run a shop of their own (decision 0706).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: OWN_SHOP_SPECS,
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'own-shop',
      testMatch: OWN_SHOP_SPECS,
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // A Wednesday evening in November: the shop is open and takes orders.
      SHOP_TIME: process.env.E2E_SHOP_TIME ?? '2026-11-18T18:00:00Z',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      // The whole suite signs up and signs in from one address far more often than the shop's limits allow a person.
      RATE_LIMIT_MULTIPLIER: '50',
    },
  },
});
