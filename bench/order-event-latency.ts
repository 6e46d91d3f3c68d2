// New-order event latency on PostgreSQL: 50 signed-in customers place cash orders at a steady RATE (orders a
// second, open loop: an order is sent on schedule whether or not the earlier ones have been answered) for
// BENCH_SECONDS, and an admin's socket.io-client waits for each order's `order_received`. Measured from the moment
// the order's HTTP answer arrives (what DESIGN.md's budget speaks of), and from the moment its request was sent.
// Two shop processes share the database: the admin socket on the process that takes the orders is the budget's
// figure; a second admin socket, on the other process, shows what the PostgreSQL adapter adds.
// Customers, sessions and addresses are written straight into the database, as in order-placement.ts; the admin
// signs in through the real route. Traffic goes to loopback only.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { ORDER_RECEIVED, SOCKET_CLIENT_OPTIONS } from '@shop/shared/contract/realtime';
import { cashOrderBody, createCustomers, figures, margheritaId } from './lib/setup';
import { BENCH_ADMIN_PASSWORD, createTestDatabase, startBenchShop, tearDownShops, type ShopProcess } from './lib/shop';

const CUSTOMERS = 50;
const RATE = 50;
const WARM_UP_ORDERS = 25;
/** How long after the last answer an event may still come before its order counts as lost. */
const GRACE_MS = 3000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** An admin's socket as the back office opens it (polling, then WebSocket); resolves once it runs on WebSocket. */
async function adminSocket(origin: string, cookie: string, arrivals: Map<string, number>): Promise<{ socket: Socket; transport: string }> {
  const socket = io(origin, {
    ...SOCKET_CLIENT_OPTIONS,
    transports: [...SOCKET_CLIENT_OPTIONS.transports],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie, origin },
  });
  socket.on(ORDER_RECEIVED, (event: { order_id: string }) => {
    if (!arrivals.has(event.order_id)) arrivals.set(event.order_id, performance.now());
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the admin socket to ${origin} did not connect`)), 10_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(new Error(`the admin socket to ${origin} was refused: ${error.message}`));
    });
  });
  // The steady state is WebSocket; the upgrade follows the polling handshake within a few round trips.
  for (let i = 0; i < 50 && socket.io.engine.transport.name !== 'websocket'; i += 1) await sleep(100);
  return { socket, transport: socket.io.engine.transport.name };
}

interface Sent {
  sentAt: number;
  answeredAt?: number;
  orderId?: string;
  status?: number;
  error?: string;
}

/** What one admin socket saw of the measured orders. */
function latencies(sent: Sent[], arrivals: Map<string, number>, transport: string) {
  const placed = sent.filter(
    (s): s is Sent & { orderId: string; answeredAt: number } => s.orderId !== undefined && s.answeredAt !== undefined,
  );
  const heard = placed.filter((s) => arrivals.has(s.orderId));
  const fromAnswer = heard.map((s) => (arrivals.get(s.orderId) as number) - s.answeredAt);
  return {
    transport,
    // An event that comes before the HTTP answer (the server emits right after the commit, as the route answers)
    // counts as 0 ms after it: the admin knew no later than the customer.
    fromAnswer: figures(fromAnswer.map((ms) => Math.max(0, ms))),
    fromSend: figures(heard.map((s) => (arrivals.get(s.orderId) as number) - s.sentAt)),
    beforeAnswer: fromAnswer.filter((ms) => ms < 0).length,
    lost: placed.length - heard.length,
  };
}

export async function benchOrderEventLatency(adminUrl: string, seconds: number) {
  const database = await createTestDatabase(adminUrl, 'shop_bench_events');
  const [portA, portB] = [3404, 3405];
  const [originA, originB] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
  const shops: ShopProcess[] = [];
  const sockets: Socket[] = [];
  try {
    // One after the other: the first migrates and seeds the new database, the second finds it ready.
    shops.push(await startBenchShop('A', { port: portA, databaseUrl: database.url, publicOrigin: originA }));
    shops.push(await startBenchShop('B', { port: portB, databaseUrl: database.url, publicOrigin: originB }));

    const customers = await createCustomers(database.url, { count: CUSTOMERS, name: 'Bench' });
    const login = await fetch(`${originA}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: BENCH_ADMIN_PASSWORD }),
    });
    const adminCookie = /sid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
    if (login.status !== 200 || !adminCookie) throw new Error(`admin sign-in answered ${login.status}`);

    const pizzaId = await margheritaId(originA);

    const arrivalsA = new Map<string, number>();
    const arrivalsB = new Map<string, number>();
    const onA = await adminSocket(originA, adminCookie, arrivalsA);
    const onB = await adminSocket(originB, adminCookie, arrivalsB);
    sockets.push(onA.socket, onB.socket);

    let n = 0;
    const place = (record: Sent): Promise<void> => {
      const customer = customers[n++ % CUSTOMERS]!;
      record.sentAt = performance.now();
      return fetch(`${originA}/api/buy-product`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: customer.cookie, 'idempotency-key': randomUUID() },
        body: cashOrderBody(pizzaId, customer.addressId),
      }).then(
        async (response) => {
          record.answeredAt = performance.now();
          record.status = response.status;
          const body = (await response.json()) as { insertedId?: string };
          if (response.status === 201 && body.insertedId) record.orderId = body.insertedId;
        },
        (error: unknown) => {
          record.error = error instanceof Error ? error.message : String(error);
        },
      );
    };
    const settle = async (records: Sent[]) => {
      const until = performance.now() + GRACE_MS;
      const heardAll = () => records.every((r) => !r.orderId || (arrivalsA.has(r.orderId) && arrivalsB.has(r.orderId)));
      while (!heardAll() && performance.now() < until) await sleep(20);
    };

    // Warm-up, not measured: the first orders pay for JIT compilation and cold connections on every side.
    const warm: Sent[] = Array.from({ length: WARM_UP_ORDERS }, () => ({ sentAt: 0 }));
    for (const record of warm) await place(record);
    await settle(warm);

    const total = Math.round(seconds * RATE);
    const sent: Sent[] = [];
    const pending: Array<Promise<void>> = [];
    const start = performance.now();
    for (let i = 0; i < total; i += 1) {
      // On schedule from the start (not from the last send), so a slow answer never delays the next order.
      await sleep(start + (i * 1000) / RATE - performance.now());
      const record: Sent = { sentAt: 0 };
      sent.push(record);
      pending.push(place(record));
    }
    const sendSeconds = (performance.now() - start) / 1000;
    await Promise.all(pending);
    await settle(sent);

    return {
      rate: RATE,
      seconds,
      sentRate: Math.round((total / sendSeconds) * 10) / 10,
      orders: total,
      non2xx: sent.filter((s) => s.status !== undefined && s.status !== 201).length,
      errors: sent.filter((s) => s.error !== undefined).length,
      sameProcess: latencies(sent, arrivalsA, onA.transport),
      otherProcess: latencies(sent, arrivalsB, onB.transport),
    };
  } finally {
    for (const socket of sockets) socket.close();
    await tearDownShops({ shops, database });
  }
}
