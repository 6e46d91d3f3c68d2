import { mkdir } from 'node:fs/promises';
import { buildApp } from './app';
import { loadConfig, shopNow, type Config } from './config';
import { createDatabase, MEMORY_DATA_DIR } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDemoOrders } from './db/seed/demo';
import { seedDatabase } from './db/seed/seed';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    console.error(`Configuration error: ${(error as Error).message}`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // DATA_DIR holds the embedded database; a PostgreSQL server needs no local directory.
  if (!config.databaseUrl && config.dataDir !== MEMORY_DATA_DIR) await mkdir(config.dataDir, { recursive: true });

  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database);
  const seed = await seedDatabase(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    now: shopNow(config),
    log: (message) => console.info(message),
  });

  if (config.demoOrders) {
    await seedDemoOrders(database.db, { now: shopNow(config), adminEmail: config.adminEmail, log: (message) => console.info(message) });
  }

  const app = await buildApp({ config, database, ...(config.webDistDir ? { webDistDir: config.webDistDir } : {}) });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal} received, shutting down`);
    try {
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
  if (seed.generatedPassword) {
    console.info(`Admin sign-in: ${seed.adminEmail} / ${seed.generatedPassword}`);
    console.info('This generated password is shown only now; keep it, or set ADMIN_PASSWORD before the first start.');
  } else if (seed.seeded) {
    console.info(`Admin sign-in: ${seed.adminEmail} (password from ADMIN_PASSWORD)`);
  } else {
    console.info(`Admin sign-in: ${seed.adminEmail} (password as set at first start or via ADMIN_PASSWORD)`);
  }
}

main().catch((error: unknown) => {
  console.error('The shop failed to start:', error);
  process.exit(1);
});
