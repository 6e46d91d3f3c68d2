// Shop processes and fresh databases for the PostgreSQL benchmarks, on apps/server/test/shop-process.ts (the one
// place that creates and drops a database and starts, waits for and stops a process), with what a benchmark runs
// them with: the server's default log level and no NODE_ENV, as a shop runs, stdout ignored and stderr passed through.
import {
  createTestDatabase,
  freePort,
  launchShop,
  stopShop,
  tearDownShops,
  type ShopProcess,
  type TestDatabase,
} from '../../apps/server/test/shop-process';

export { createTestDatabase, freePort, stopShop, tearDownShops, type ShopProcess, type TestDatabase };

/** The shop clock of every benchmark: a Wednesday evening, when the shop is open. */
export const BENCH_NOW = new Date('2026-11-18T18:00:00Z');
export const BENCH_ADMIN_PASSWORD = 'bench-admin-pass';

export interface BenchShopOptions {
  port?: number;
  /** A PostgreSQL database; without it, set DATA_DIR in `env` for the embedded PGlite. */
  databaseUrl?: string;
  /** A compiled bundle's main.js to run with plain node, as production does; default the TypeScript source under tsx. */
  compiled?: string;
  /** PUBLIC_ORIGIN; unset, the server's default. */
  publicOrigin?: string;
  /** More environment, e.g. TRUST_PROXY. */
  env?: Record<string, string>;
  /** Node flags for the server, e.g. to profile it. */
  nodeArgs?: string[];
}

/** Starts `node --import tsx apps/server/src/main.ts` (or `compiled`) and resolves once it serves /api/health. */
export function startBenchShop(name: string, options: BenchShopOptions): Promise<ShopProcess> {
  // The server's default log level (info), as a shop runs it: nothing may log per order at that level.
  const { LOG_LEVEL: _ignored, NODE_ENV: _alsoIgnored, ...env } = process.env;
  return launchShop(name, {
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
    ...(options.compiled ? { compiled: options.compiled } : {}),
    output: 'stderr',
    env: {
      ...env,
      ...(options.publicOrigin ? { PUBLIC_ORIGIN: options.publicOrigin } : {}),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      SHOP_TIME: BENCH_NOW.toISOString(),
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      // Each simulated customer places orders as fast as the shop answers (the load bench: over 100 a minute), far past
      // the per-customer limits a shop keeps (20 orders an hour); widen them as for any load environment.
      RATE_LIMIT_MULTIPLIER: '1000',
      ...options.env,
    },
  });
}
