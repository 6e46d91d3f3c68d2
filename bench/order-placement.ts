// Order placement on PostgreSQL: 50 signed-in customers placing cash orders at once for BENCH_SECONDS.
// Customers, sessions and addresses are written straight into the database (registration is rate-limited,
// as it should be); the orders go through the real HTTP route with distinct Idempotency-Keys. Then the quote's cost
// on PostgreSQL (issue 21 point 8): GET /api/opening-status with those orders in the table and 30 accepted in the queue.
import { cpuMs, measureWithCpu, queueAcceptedOrders, throughput } from './lib/quote';
import { createCustomers, margheritaId, placeOrders } from './lib/setup';
import { createTestDatabase, startBenchShop, stopShop, type ShopProcess } from './lib/shop';

const CUSTOMERS = 50;

export async function benchOrderPlacement(adminUrl: string, seconds: number) {
  const database = await createTestDatabase(adminUrl, 'shop_bench');
  // BENCH_SERVER_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', profiles the server under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  let shop: ShopProcess | undefined;
  try {
    shop = await startBenchShop('orders', { port: 3403, databaseUrl: database.url, nodeArgs });
    const customers = await createCustomers(database.url, { count: CUSTOMERS, name: 'Bench' });
    const pid = shop.child.pid as number;
    const cpuBefore = cpuMs(pid);
    const result = await placeOrders(shop.url, customers, await margheritaId(shop.url), seconds, CUSTOMERS);
    const cpuMsPerOrder = Math.round(((cpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total)) * 1000) / 1000;
    const queue = await queueAcceptedOrders(shop.url, { placed: 60, accepted: 30 });
    const quoteRun = await measureWithCpu(`${shop.url}/api/opening-status`, pid, { seconds });
    return {
      cpuMsPerOrder,
      quote: {
        ...queue,
        ...throughput(quoteRun.result),
        cpuMsPerAnswer: quoteRun.cpuMsPerAnswer,
        ordersInTable: result['2xx'] + queue.placed,
      },
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
    };
  } finally {
    if (shop) await stopShop(shop);
    await database.drop();
  }
}
