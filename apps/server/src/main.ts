import { mkdir } from 'node:fs/promises';
import type { Server, ServerResponse } from 'node:http';
import { SOCKET_PATH } from '@shop/shared/contract/realtime';
import { buildApp } from './app';
import { loadConfig, shopNow, type Config } from './config';
import { createDatabase, MEMORY_DATA_DIR } from './db/client';
import { migrateDatabase } from './db/migrate';
import { demoShopTime, seedDemoOrders } from './db/seed/demo';
import { seedDatabase } from './db/seed/seed';
import { readOpeningHours } from './modules/settings/public';
import { clockLine } from './startup-lines';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    console.error(`Configuration error: ${(error as Error).message}`);
    process.exit(1);
  }
}

/** The start-up line that says how the shop takes payment (decision 0702). */
const PAYMENTS_LINE: Record<Config['cardPayments'], string> = {
  stripe: 'cash on delivery, and cards through Stripe',
  test: 'cash on delivery, and cards in TEST MODE (the offline test cards: no money is taken)',
  off: 'cash on delivery only (PAYMENTS=cash-only)',
};

const MAIL_OUTBOX_LINE =
  'no SMTP_URL, so mails (sign-in codes, order receipts and updates) are printed here and kept in the development outbox';

/** How long a stop lets the requests being answered finish before it closes their connections. */
const DRAIN_MS = 10_000;

/**
 * Follows the HTTP requests being answered, so that a stop lets them finish (socket.io's own are left out: the
 * realtime server closes its connections itself). `drain` stops accepting connections, sends `Connection: close` with
 * every answer from then on (those in flight included, so their connections end with them), and resolves with how
 * many requests are still running once none is or `ms` has passed. Fastify's own close would cut them: the app
 * closes every connection it still has (`forceCloseConnections`), so it may close only once they have answered.
 */
function followRequests(server: Server): { drain(ms: number): Promise<number> } {
  const running = new Set<ServerResponse>();
  let draining = false;
  let drained: (() => void) | null = null;
  server.prependListener('request', (request, response: ServerResponse) => {
    if (request.url?.startsWith(`${SOCKET_PATH}/`)) return;
    running.add(response);
    if (draining) response.setHeader('connection', 'close');
    response.once('close', () => {
      running.delete(response);
      if (running.size === 0) drained?.();
    });
  });
  return {
    async drain(ms) {
      draining = true;
      for (const response of running) if (!response.headersSent) response.setHeader('connection', 'close');
      // No new connection from now on (a new one is refused); idle kept-alive ones are closed.
      if (server.listening) server.close();
      if (running.size > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          drained = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      return running.size;
    },
  };
}

async function main(): Promise<void> {
  const read = readConfig();
  // `npm run demo` outside the opening hours: the clock stands at an evening the shop was taking orders (demo.ts).
  const demoClock = read.demoOrders && !read.shopTime ? demoShopTime(new Date()) : undefined;
  const config: Config = demoClock ? { ...read, shopTime: demoClock } : read;
  // DATA_DIR holds the embedded database; a PostgreSQL server needs no local directory.
  if (!config.databaseUrl && config.dataDir !== MEMORY_DATA_DIR) await mkdir(config.dataDir, { recursive: true });

  const database = await createDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, dataDir: config.dataDir });
  await migrateDatabase(database);
  const seed = await seedDatabase(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    generatePassword: config.nodeEnv !== 'production',
    now: shopNow(config),
    log: (message) => console.info(message),
  });

  if (config.demoOrders) {
    await seedDemoOrders(database.db, { now: shopNow(config), adminEmail: config.adminEmail, log: (message) => console.info(message) });
  }

  const app = await buildApp({ config, database, ...(config.webDistDir ? { webDistDir: config.webDistDir } : {}) });
  const requests = followRequests(app.server);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal} received, shutting down`);
    try {
      // Checkouts being answered finish (their orders are placed and their customers told) before anything closes.
      const left = await requests.drain(DRAIN_MS);
      if (left > 0) console.error(`${left} requests still running after ${DRAIN_MS / 1000} s: closing their connections`);
      await app.close();
      await database.close();
      console.info('Shut down cleanly');
      process.exitCode = 0;
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exitCode = 1;
    }
    // Leaving on its own lets stdout drain (to a pipe, console writes are asynchronous and process.exit would
    // drop the lines above); anything still holding the event loop gets a few seconds, then the process goes.
    setTimeout(() => process.exit(), 5000).unref();
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.info(`Shop running at ${config.publicOrigin} (listening on ${config.host}:${config.port}, data: ${where})`);
  console.info(`Payments: ${PAYMENTS_LINE[config.cardPayments]}. Mail: ${config.smtpUrl ? 'sent through SMTP_URL' : MAIL_OUTBOX_LINE}`);
  if (seed.generatedPassword) {
    console.info(`Admin sign-in: ${seed.adminEmail} / ${seed.generatedPassword}`);
    console.info('This generated password is shown only now; keep it, or set ADMIN_PASSWORD before the first start.');
  } else if (seed.seeded) {
    console.info(`Admin sign-in: ${seed.adminEmail} (password from ADMIN_PASSWORD)`);
  } else {
    console.info(`Admin sign-in: ${seed.adminEmail} (password as set at first start or via ADMIN_PASSWORD)`);
  }
  console.info(
    clockLine(demoClock ? 'demo' : config.shopTime ? 'SHOP_TIME' : 'real', shopNow(config), await readOpeningHours(database.db)),
  );
}

main().catch((error: unknown) => {
  console.error('The shop failed to start:', error);
  process.exit(1);
});
