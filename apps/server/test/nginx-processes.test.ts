// The shop as it is deployed on several processes (decision 0701): two real shop processes on one fresh PostgreSQL
// database behind nginx, run on deploy/nginx.conf.template filled with this test's ports and paths (nginx-runner.ts).
// Everything a customer and an admin do goes through nginx only; nginx's access log (which records the process that
// served each request) shows that both processes served, and which one served what.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_RECEIVED, ORDER_UPDATED } from '@shop/shared/contract/realtime';
import { call, randomLoopback } from './account-test-client';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from './harness';
import { ADDRESS, cashOrder, loadMenu, pizzaLine, type Menu } from './order-fixtures';
import { rawRequest } from './raw-request';
import {
  canRunWithOwnHosts,
  findNginx,
  NGINX_RENDERED,
  readAccessLog,
  renderNginxTemplate,
  renderScriptDefaults,
  startNginx,
  waitForAccessLog,
  type AccessLogLine,
  type RunningNginx,
} from './nginx-runner';
import {
  createTestDatabase,
  freePort,
  startShop,
  stopShop,
  tearDownShops,
  START_MS,
  STOP_MS,
  type ShopProcess,
  type TestDatabase,
} from './shop-process';
import { connectSocket, type TestSocket } from './socket-client';
import { RATE_LIMITS } from '../src/modules/auth/routes';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const EVENT_MS = 5000;
/** The address nginx's connections to the processes come from, and so the one TRUST_PROXY names. */
const NGINX_ADDRESS = '127.0.0.1';

const NGINX = findNginx();

describe('deploy/nginx.conf', () => {
  it('is deploy/nginx.conf.template rendered with deploy/render-nginx-conf.sh’s defaults (edit the template, then render)', () => {
    const defaults = renderScriptDefaults();
    expect(Object.keys(defaults).sort()).toEqual([
      'SHOP_ACCESS_LOG',
      'SHOP_CACHE_DIR',
      'SHOP_LISTEN',
      'SHOP_SERVER_NAME',
      'SHOP_UPSTREAMS',
    ]);
    expect(readFileSync(NGINX_RENDERED, 'utf8'), 'run: sh deploy/render-nginx-conf.sh > deploy/nginx.conf').toBe(
      renderNginxTemplate(defaults),
    );
  });
});

// --- processes ------------------------------------------------------------------------------------------------

/** A built web app of two files, enough to see how nginx passes the index page and caches a hashed asset. */
function fakeWebBuild(dir: string): { asset: string } {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Shop</title></head><body><div id="root"></div></body></html>',
  );
  const asset = 'assets/index-Cq3x9Z1a.js';
  const script = `console.info(${JSON.stringify('x'.repeat(4000))});\n`;
  writeFileSync(path.join(dir, asset), script);
  writeFileSync(path.join(dir, `${asset}.gz`), gzipSync(script));
  writeFileSync(path.join(dir, `${asset}.br`), brotliCompressSync(script));
  return { asset: `/${asset}` };
}

/** Closes what a suite started, in order: its sockets, nginx, the processes, then the database and the folder. */
async function tearDown(parts: {
  sockets: TestSocket[];
  nginx: RunningNginx | undefined;
  shops: ShopProcess[];
  database: TestDatabase | undefined;
  dir: string;
}): Promise<void> {
  for (const socket of parts.sockets.splice(0)) socket.close();
  await tearDownShops({ proxies: [parts.nginx], shops: parts.shops, database: parts.database, dir: parts.dir });
}

// --- the suite ------------------------------------------------------------------------------------------------

const SKIPPED = !ADMIN_URL
  ? ' (skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it)'
  : !NGINX
    ? ' (skipped: nginx is not installed; apt-get install -y nginx)'
    : '';
if (SKIPPED) console.info(`nginx-processes.test.ts: two shop processes behind nginx${SKIPPED}`);

if (process.env.CI && !NGINX) {
  describe('two shop processes behind nginx', () => {
    it('needs nginx, which CI installs (.ci/run)', () => {
      throw new Error('nginx is not installed: .ci/run installs it with apt-get install -y nginx');
    });
  });
}

describe.runIf(ADMIN_URL && NGINX)(`two shop processes on one PostgreSQL database behind nginx${SKIPPED}`, () => {
  let database: TestDatabase | undefined;
  let dir: string;
  let origin: string;
  let accessLog: string;
  let asset: string;
  const shops: Array<ShopProcess & { upstream: string }> = [];
  let nginx: RunningNginx | undefined;
  let menu: Menu;
  const sockets: TestSocket[] = [];

  beforeAll(
    async () => {
      database = await createTestDatabase(ADMIN_URL as string, 'shop_test_nginx');
      dir = mkdtempSync(path.join(tmpdir(), 'shop-nginx-'));
      // nginx's workers may run as another user than its master (nobody, when the test runs as root): its cache
      // folder inside must be reachable.
      chmodSync(dir, 0o755);
      ({ asset } = fakeWebBuild(path.join(dir, 'web')));
      const nginxPort = await freePort();
      origin = `http://127.0.0.1:${nginxPort}`;

      // One after the other: the first migrates and seeds the empty database, the second finds it ready.
      for (const name of ['A', 'B']) {
        const shop = await startShop(`shop ${name}`, database.url, {
          // Both processes serve one shop, at nginx's origin: cookies, the socket's Origin check and links use it.
          PUBLIC_ORIGIN: origin,
          TRUST_PROXY: NGINX_ADDRESS,
          WEB_DIST_DIR: path.join(dir, 'web'),
        });
        shops.push(Object.assign(shop, { upstream: `127.0.0.1:${shop.port}` }));
      }

      nginx = await startNginx({
        nginx: NGINX as string,
        dir: path.join(dir, 'nginx'),
        port: nginxPort,
        upstreams: shops.map((shop) => shop.upstream),
      });
      accessLog = nginx.accessLog;

      menu = await loadMenu({ url: origin });
    },
    2 * START_MS + 60_000,
  );

  afterAll(() => tearDown({ sockets, nginx, shops, database, dir }), 3 * STOP_MS + 10_000);

  const processName = (upstream: string) => shops.find((shop) => shop.upstream === upstream)?.name ?? `nginx itself (${upstream})`;
  const outputs = () => `${shops.map((p) => `--- ${p.name}:\n${p.output()}`).join('\n')}\n--- nginx:\n${nginx?.output() ?? ''}`;

  /** The access log's lines once `count` lines match (nginx writes a line just after it answers). */
  function logLines(match: (line: AccessLogLine) => boolean, count = 1): Promise<AccessLogLine[]> {
    return waitForAccessLog(accessLog, match, count);
  }

  /** The process that answered the last request matching, from nginx's log. */
  async function servedBy(method: string, pathStart: string): Promise<string> {
    const lines = await logLines((line) => line.method === method && line.path.startsWith(pathStart));
    const upstream = lines.at(-1)?.upstream;
    if (!upstream) throw new Error(`nginx logged no ${method} ${pathStart}`);
    return upstream;
  }

  async function socketThroughNginx(cookie: string): Promise<TestSocket> {
    const socket = await connectSocket(origin, { cookie, origin });
    sockets.push(socket);
    // The shop's client starts on long-polling and upgrades; through nginx the upgrade must succeed.
    for (let i = 0; i < 100 && socket.socket.io.engine.transport.name !== 'websocket'; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return socket;
  }

  it('passes the index page as the process sends it (no-cache), keeps hashed assets in its cache (MISS, then HIT), and names no version', async () => {
    const index = await rawRequest(origin, { method: 'GET', path: '/', headers: { 'accept-encoding': 'identity' } });
    expect(index.status).toBe(200);
    expect(index.headers.server, 'server_tokens off: "nginx" without its version').toBe('nginx');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.text).toContain('<div id="root">');

    const get = () => rawRequest(origin, { method: 'GET', path: asset, headers: { 'accept-encoding': 'gzip, deflate' } });
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['content-encoding'], 'the process’s own .gz file, passed as it is').toBe('gzip');
    expect(first.headers['x-cache-status']).toBe('MISS');
    const second = await get();
    expect(second.status).toBe(200);
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(second.headers['content-encoding']).toBe('gzip');
    const lines = await logLines((line) => line.path === asset, 2);
    expect(
      lines.map((line) => line.upstream === '-'),
      'the second request never reached a process',
    ).toEqual([false, true]);
  });

  it('takes a product image’s JSON (3 MB) to the process, and answers a body over 32 MB itself with 413 in the shop’s JSON shape', async () => {
    const body = (bytes: number) => JSON.stringify({ file: 'A'.repeat(bytes) });
    // A picture may come as JSON (31 MB room, http/body-limits.ts); most routes take 64 KB. nginx refuses over 32 MB.
    const image = await rawRequest(origin, {
      method: 'POST',
      path: '/api/allcategori',
      headers: { 'content-type': 'application/json' },
      body: body(3 * 1024 * 1024),
    });
    expect(image.status, 'nginx let the body through and the process asked for a sign-in').toBe(401);
    expect(await servedBy('POST', '/api/allcategori')).not.toBe('-');
    const huge = await rawRequest(origin, {
      method: 'POST',
      path: '/api/address-collection',
      headers: { 'content-type': 'application/json' },
      body: body(33 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(huge.headers['content-type']).toBe('application/json');
    expect(huge.json).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Request body is too large',
      code: 'PAYLOAD_TOO_LARGE',
    });
    const lines = await logLines((line) => line.path === '/api/address-collection' && line.status === 413);
    expect(lines.at(-1)?.upstream, 'nginx refused it without troubling a process').toBe('-');
  });

  it('a customer signs up, adds an address and pays cash and by card; the admin’s socket (a WebSocket through nginx) hears both orders, whichever process took them, and the customer’s socket hears a status change', async () => {
    const admin = await call(origin, 'POST', '/login/', { body: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD } });
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    const adminCookie = admin.cookie as string;
    const adminSocket = await socketThroughNginx(adminCookie);
    expect(adminSocket.socket.io.engine.transport.name, 'the admin socket upgraded to a WebSocket through nginx').toBe('websocket');
    // Sticky by client address: every request of this client's sockets went to one process.
    const polls = await logLines((line) => line.path.startsWith('/socket.io/') && line.upstream !== '-');
    const socketProcess = polls.at(-1)?.upstream as string;
    expect(new Set(polls.map((line) => line.upstream)), 'one client’s socket.io requests all reached one process').toEqual(
      new Set([socketProcess]),
    );

    const email = `nginx-${randomBytes(4).toString('hex')}@example.com`;
    const registered = await call(origin, 'POST', '/register/', {
      body: { username: 'Ada Proxy', email, password: 'a-Strong-password-1' },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const cookie = registered.cookie as string;
    const address = await call<{ insertedId: string }>(origin, 'POST', '/address-collection', { body: ADDRESS, cookie });
    expect(address.status, JSON.stringify(address.body)).toBe(201);
    const customerSocket = await socketThroughNginx(cookie);

    const cash = await call<{ insertedId: string }>(origin, 'POST', '/buy-product', {
      body: cashOrder([pizzaLine(menu)], address.body.insertedId),
      cookie,
    });
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    const cashProcess = await servedBy('POST', '/api/buy-product');

    const started = await call<{ clientSecret: string; orderId: string }>(origin, 'POST', '/create-payment-intent', {
      body: { items: [pizzaLine(menu)], addressId: address.body.insertedId, note: 'Card through nginx' },
      cookie,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // Round-robin takes the processes in turn: when the next request would go to the process that took the cash
    // order, one cheap request goes there first, so that the card order is placed by the other process.
    await servedBy('POST', '/api/create-payment-intent');
    const api = readAccessLog(accessLog).filter((line) => !line.path.startsWith('/socket.io/') && line.upstream !== '-');
    if (api.at(-1)?.upstream !== cashProcess) await fetch(`${origin}/api/health`);
    const paid = await call<{ status: string; orderId: string }>(origin, 'POST', '/test-payments/confirm', {
      body: { clientSecret: started.body.clientSecret, cardNumber: '4242 4242 4242 4242', exp: '12/30', cvc: '123' },
      cookie,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // The card is authorised (held until the shop accepts), which places the order.
    expect(paid.body).toEqual({ status: 'requires_capture', orderId: started.body.orderId });
    const cardProcess = await servedBy('POST', '/api/test-payments/confirm');
    expect(cardProcess, 'the two orders were placed by different processes').not.toBe(cashProcess);
    expect([cashProcess, cardProcess], 'one order was placed by the process holding the sockets, one by the other').toContain(
      socketProcess,
    );

    for (const [orderId, placedBy] of [
      [cash.body.insertedId, cashProcess],
      [started.body.orderId, cardProcess],
    ] as const) {
      try {
        await adminSocket.waitFor(ORDER_RECEIVED, orderId, EVENT_MS);
      } catch (error) {
        throw new Error(
          `order placed by ${processName(placedBy)}, admin socket on ${processName(socketProcess)}: ${(error as Error).message}\n${outputs()}`,
        );
      }
    }

    const changed = await call<{ modifiedCount: number }>(origin, 'PUT', `/update-sell-products/${cash.body.insertedId}`, {
      body: { status: 'Approved Order' },
      cookie: adminCookie,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await customerSocket.waitFor(ORDER_UPDATED, cash.body.insertedId, EVENT_MS);
    await customerSocket.sync();
    expect(
      customerSocket.received.filter((item) => item.event === ORDER_RECEIVED),
      'a customer hears no order_received',
    ).toEqual([]);

    // nginx logs a WebSocket when it closes: 101 Switching Protocols, from the process holding the sockets.
    adminSocket.close();
    customerSocket.close();
    const upgrades = await logLines(
      (line) => line.path.startsWith('/socket.io/') && line.path.includes('transport=websocket') && line.status === 101,
      2,
    );
    expect(
      upgrades.map((line) => line.upstream),
      'nginx logged both WebSockets (101) to the sockets’ process',
    ).toEqual([socketProcess, socketProcess]);
  });

  it(`counts a rate limit once across both processes: ${RATE_LIMITS.login.max} sign-in tries from one address, spread over A and B, then 429 (not after ${2 * RATE_LIMITS.login.max})`, async () => {
    const email = `limited-${randomBytes(4).toString('hex')}@example.com`;
    const from = randomLoopback();
    const before = readAccessLog(accessLog).length;
    const tryLogin = (source: string, forwardedFor?: string) =>
      rawRequest(origin, {
        method: 'POST',
        path: '/api/login/',
        from: source,
        headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
        body: JSON.stringify({ email, password: 'not-the-password-1' }),
      });
    for (let i = 0; i < RATE_LIMITS.login.max; i += 1) expect((await tryLogin(from)).status, `try ${i + 1}`).toBe(401);
    const refused = await tryLogin(from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const tries = readAccessLog(accessLog)
      .slice(before)
      .filter((line) => line.path === '/api/login/');
    const perProcess = shops.map((shop) => tries.filter((line) => line.upstream === shop.upstream).length);
    expect(Math.min(...perProcess), `tries served per process: ${perProcess.join(' and ')}`).toBeGreaterThanOrEqual(4);

    // nginx replaces a client's X-Forwarded-For with the address it sees, so writing another one changes nothing.
    expect((await tryLogin(from, '203.0.113.77')).status).toBe(429);
    // The limit is the client's (its address, as TRUST_PROXY lets the process read it), not nginx's for everyone.
    expect((await tryLogin(randomLoopback())).status).toBe(401);
  });

  it('round-robin: both processes served the API through nginx', async () => {
    const api = readAccessLog(accessLog).filter((line) => line.path.startsWith('/api/') && line.upstream !== '-');
    const perProcess = shops.map((shop) => api.filter((line) => line.upstream === shop.upstream).length);
    expect(
      perProcess.every((count) => count >= api.length / 4),
      `API requests per process: ${perProcess.join(' and ')} of ${api.length}`,
    ).toBe(true);
  });
});

describe.runIf(ADMIN_URL)(
  `two shop processes on one PostgreSQL database, spoken to directly${ADMIN_URL ? '' : ' (skipped: set TEST_DATABASE_URL)'}`,
  () => {
    let database: TestDatabase | undefined;
    const shops: ShopProcess[] = [];

    beforeAll(
      async () => {
        database = await createTestDatabase(ADMIN_URL as string, 'shop_test_nginx');
        for (const name of ['A', 'B']) shops.push(await startShop(`shop ${name}`, database.url));
      },
      2 * START_MS + 30_000,
    );

    afterAll(
      async () => {
        await Promise.all(shops.map((shop) => stopShop(shop)));
        await database?.drop();
      },
      2 * STOP_MS + 10_000,
    );

    it(`takes ${RATE_LIMITS.register.max} sign-ups an hour from one address, in turn through A and B, then refuses the next on both (not after ${2 * RATE_LIMITS.register.max})`, async () => {
      const from = randomLoopback();
      for (let i = 0; i < RATE_LIMITS.register.max; i += 1) {
        const shop = shops[i % 2] as (typeof shops)[number];
        const answer = await call(shop.url, 'POST', '/register/', {
          from,
          body: {
            username: `Bulk ${i}`,
            email: `bulk-${i}-${randomBytes(3).toString('hex')}@example.com`,
            password: 'a-Strong-password-1',
          },
        });
        expect(answer.status, `sign-up ${i + 1} through ${shop.name}: ${JSON.stringify(answer.body)}`).toBe(201);
      }
      for (const shop of shops) {
        const refused = await call(shop.url, 'POST', '/register/', {
          from,
          body: { username: 'One too many', email: `over-${randomBytes(3).toString('hex')}@example.com`, password: 'a-Strong-password-1' },
        });
        expect(refused.status, `through ${shop.name}`).toBe(429);
      }
    });
  },
);

// compose.yaml's shape: deploy/nginx.conf names every process by one upstream name (`server shop:3000`), which
// Docker's DNS answers with each replica's address. nginx's `hash ... consistent` places its points by the server's
// name, so every address of one name shares them and nginx took those addresses in turn: a socket.io client's
// long-polling requests reached both processes and failed ("Session ID unknown"). Here the two processes listen on
// one port on two loopback addresses, both named `shop` in nginx's own /etc/hosts.
const OWN_HOSTS = Boolean(ADMIN_URL && NGINX) && canRunWithOwnHosts();
if (process.env.CI && ADMIN_URL && NGINX && !OWN_HOSTS) {
  describe('two shop processes behind one upstream name', () => {
    it('needs root for unshare --mount, as CI runs', () => {
      throw new Error('unshare --mount failed: nginx cannot be given its own /etc/hosts');
    });
  });
}
describe.runIf(OWN_HOSTS)(
  `two shop processes behind nginx under one upstream name, as compose names its replicas${OWN_HOSTS ? '' : ' (skipped: needs PostgreSQL, nginx and root for unshare --mount)'}`,
  () => {
    const ADDRESSES = ['127.0.0.2', '127.0.0.3'];
    let database: TestDatabase | undefined;
    let dir = '';
    let origin = '';
    const shops: ShopProcess[] = [];
    let nginx: RunningNginx | undefined;
    const sockets: TestSocket[] = [];

    beforeAll(
      async () => {
        database = await createTestDatabase(ADMIN_URL as string, 'shop_test_nginx_name');
        dir = mkdtempSync(path.join(tmpdir(), 'shop-nginx-name-'));
        chmodSync(dir, 0o755);
        const port = await freePort();
        const nginxPort = await freePort();
        origin = `http://127.0.0.1:${nginxPort}`;
        for (const [index, host] of ADDRESSES.entries()) {
          shops.push(
            await startShop(
              `shop ${'AB'[index]}`,
              database.url,
              { PUBLIC_ORIGIN: origin, TRUST_PROXY: NGINX_ADDRESS, WEB_DIST_DIR: path.join(dir, 'web') },
              { host, port },
            ),
          );
        }
        fakeWebBuild(path.join(dir, 'web'));
        nginx = await startNginx({
          nginx: NGINX as string,
          dir: path.join(dir, 'nginx'),
          port: nginxPort,
          upstreams: [`shop:${port}`],
          hosts: { shop: ADDRESSES },
        });
      },
      2 * START_MS + 60_000,
    );

    afterAll(() => tearDown({ sockets, nginx, shops, database, dir }), 3 * STOP_MS + 10_000);

    it('keeps each socket.io client’s long-polling on one process while the API goes round-robin over both addresses', async () => {
      const accessLog = (nginx as RunningNginx).accessLog;
      for (let i = 0; i < 4; i += 1) {
        // Long-polling only: every request after the handshake must reach the process holding the engine.io session.
        const socket = await connectSocket(origin, { origin, transports: ['polling'] });
        sockets.push(socket);
        await socket.sync();
        await socket.sync();
        socket.close();
      }
      for (let i = 0; i < 4; i += 1) expect((await fetch(`${origin}/api/allcategori`)).status).toBe(200);
      const lines = await waitForAccessLog(accessLog, (line) => line.path.startsWith('/api/allcategori'), 4);
      const polls = readAccessLog(accessLog).filter((line) => line.path.startsWith('/socket.io/'));
      expect(
        polls.filter((line) => line.status !== 200),
        (nginx as RunningNginx).output(),
      ).toEqual([]);
      expect(new Set(polls.map((line) => line.upstream.split(':')[0])).size, 'one client’s polling requests all reached one process').toBe(
        1,
      );
      expect(new Set(lines.map((line) => line.upstream.split(':')[0])), 'the API reached both addresses of the one name').toEqual(
        new Set(ADDRESSES),
      );
    });
  },
);
