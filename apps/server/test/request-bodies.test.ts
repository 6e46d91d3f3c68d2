// No anonymous stall (issue 19 point 1; docs/security.md, "Bad input and tampering"). A signed-out client sending
// 2 MB of deeply nested JSON to a POST route cost about 2 s of the server's time before its 401, and one a second
// kept /api/health at 2 to 5 s. Here: a route that needs sign-in answers 401 (or 403) before reading the body; every
// route refuses a body over its limit from its Content-Length, before reading it; nesting and the number of values
// are bounded before the body is parsed; and /api/health stays fast while such bodies arrive.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_EMAIL } from '@shop/shared/contract/auth';
import { JSON_BODY_LIMIT, ORDER_BODY_LIMIT, WEBHOOK_BODY_LIMIT } from '../src/http/body-limits';
import { BODY_TOO_DEEP, BODY_TOO_MANY_VALUES } from '../src/http/json-body';
import { IMAGE_JSON_BODY_LIMIT } from '../src/images/image-form';
import { randomLoopback } from './account-test-client';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { rawRequest, type RawAnswer } from './raw-request';
import { ACCESS_TABLE, createAccessContext, type AccessContext } from './route-access-table';

/** The body each route may send (its own limit), by "METHOD /url"; every route not named here: JSON_BODY_LIMIT. */
const LIMITS: Record<string, number> = {
  'POST /api/cart/quote': ORDER_BODY_LIMIT,
  'POST /api/buy-product': ORDER_BODY_LIMIT,
  'POST /api/create-payment-intent': ORDER_BODY_LIMIT,
  'POST /api/stripe/webhook': WEBHOOK_BODY_LIMIT,
  // The routes that take a picture, which may come base64-encoded in JSON.
  'POST /api/allcategori': IMAGE_JSON_BODY_LIMIT,
  'PUT /api/allcategori/:id': IMAGE_JSON_BODY_LIMIT,
  'POST /api/allproduts': IMAGE_JSON_BODY_LIMIT,
  'PUT /api/allproduts/:id': IMAGE_JSON_BODY_LIMIT,
  'POST /api/addbanner': IMAGE_JSON_BODY_LIMIT,
  'POST /api/allnotification': IMAGE_JSON_BODY_LIMIT,
  'POST /api/driver/orders/:id/photo': IMAGE_JSON_BODY_LIMIT,
};

const WRITE_ROUTES = Object.keys(ACCESS_TABLE).filter((route) => /^(POST|PUT|PATCH|DELETE) \/api\//.test(route));

/** Far longer than any refusal takes; a server that waits for the body it was promised never answers in it. */
const NO_ANSWER_MS = 3000;

interface EarlyAnswer {
  status: number;
  body: { code?: string; message?: string } | undefined;
}

/**
 * Sends a request's head promising `declared` bytes of body, and only the first `first` of them: the answer, if the
 * server gives one without reading the rest, or 'no answer' when it waits for the body.
 */
function answerBeforeBody(
  server: TestServer,
  req: { method: string; path: string; declared: number; first: string; cookie?: string },
): Promise<EarlyAnswer | 'no answer'> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port), localAddress: randomLoopback() });
    let received = Buffer.alloc(0);
    const done = (answer: EarlyAnswer | 'no answer') => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done('no answer'), NO_ANSWER_MS);
    socket.on('error', (error) => (received.length > 0 ? undefined : reject(error)));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = text.slice(0, end);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      const body = received.subarray(Buffer.byteLength(text.slice(0, end + 4)));
      if (body.length < length) return;
      done({ status: Number(head.split(' ')[1]), body: length > 0 ? JSON.parse(body.subarray(0, length).toString('utf8')) : undefined });
    });
    const head = [
      `${req.method} ${req.path} HTTP/1.1`,
      `host: ${url.host}`,
      'content-type: application/json',
      `content-length: ${req.declared}`,
      ...(req.cookie ? [`cookie: ${req.cookie}`] : []),
    ];
    socket.write(`${head.join('\r\n')}\r\n\r\n${req.first}`);
  });
}

/** The start of a million-deep `{"items":[[[[...` body: what the attacker sent, 2 MB in all. */
const DEEP_START = `{"items":${'['.repeat(1024)}`;
const DEEP_BODY = `{"items":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`;

describe.each(testDatabases())('request bodies a client cannot make the server read, on %s', (kind) => {
  let server: TestServer;
  let ctx: AccessContext;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    ctx = await createAccessContext(server);
  });
  afterAll(async () => server?.close());

  /** The route's request as the table builds it for the role: its path with real ids. */
  const pathOf = async (route: string, role: 'visitor' | 'customer' | 'owner') => (await ACCESS_TABLE[route]!.request(ctx, role)).path;

  it('answers a route that needs sign-in with 401 (403 for a customer on an admin route) before reading the body', async () => {
    // The storefront's order routes read a visitor's body (a guest's order names the guest): bounded as the public
    // cart quote is, below.
    const guarded = WRITE_ROUTES.filter((route) => ACCESS_TABLE[route]!.expect.visitor === 401 && !ACCESS_TABLE[route]!.signedOutMessage);
    expect(guarded.length).toBeGreaterThan(20);
    for (const route of guarded) {
      const method = route.split(' ')[0]!;
      const path = await pathOf(route, 'visitor');
      const answer = await answerBeforeBody(server, { method, path, declared: 2 * 1024 * 1024, first: DEEP_START });
      expect({ route, answer }).toEqual({ route, answer: { status: 401, body: expect.objectContaining({ code: 'SIGN_IN_REQUIRED' }) } });
      if (ACCESS_TABLE[route]!.expect.customer === 403) {
        const asCustomer = await answerBeforeBody(server, {
          method,
          path: await pathOf(route, 'customer'),
          declared: 2 * 1024 * 1024,
          first: DEEP_START,
          cookie: ctx.owner.cookie,
        });
        expect({ route, asCustomer }).toEqual({
          route,
          asCustomer: { status: 403, body: expect.objectContaining({ code: 'ADMIN_ONLY' }) },
        });
      }
    }
  });

  it('refuses a body over its route’s limit with 413 from its Content-Length, before reading it: 64 KB unless the route needs more', async () => {
    for (const route of WRITE_ROUTES) {
      const method = route.split(' ')[0]!;
      const limit = LIMITS[route] ?? JSON_BODY_LIMIT;
      const path = await pathOf(route, 'owner');
      const over = await answerBeforeBody(server, { method, path, declared: limit + 1, first: DEEP_START, cookie: ctx.admin.cookie });
      expect({ route, over }).toEqual({ route, over: { status: 413, body: expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE' }) } });
    }
  });

  it('refuses a body nested deeper than 32 levels with 400 BODY_TOO_DEEP before parsing it, on a public route and a signed-in one', async () => {
    const deep = `{"items":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    for (const [path, cookie] of [
      ['/api/cart/quote', undefined],
      ['/api/login', undefined],
      ['/api/register', undefined],
      ['/api/address-collection', ctx.owner.cookie],
      ['/api/buy-product', ctx.owner.cookie],
    ] as const) {
      const answer = await rawRequest(server.url, {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: deep,
      });
      expect({ path, status: answer.status, body: answer.json }).toEqual({
        path,
        status: 400,
        body: expect.objectContaining({ code: 'BODY_TOO_DEEP', message: BODY_TOO_DEEP }),
      });
    }
  });

  it('refuses 400,000 numbers with 400 BODY_TOO_MANY_VALUES (under the order routes’ 1 MB), and a 3 MB e-mail with 413', async () => {
    const numbers = JSON.stringify({ items: new Array(400_000).fill(0) });
    expect(numbers.length).toBeLessThan(ORDER_BODY_LIMIT);
    for (const path of ['/api/cart/quote', '/api/buy-product']) {
      const answer = await rawRequest(server.url, {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', cookie: ctx.owner.cookie },
        body: numbers,
      });
      expect({ path, status: answer.status, body: answer.json }).toEqual({
        path,
        status: 400,
        body: expect.objectContaining({ code: 'BODY_TOO_MANY_VALUES', message: BODY_TOO_MANY_VALUES }),
      });
    }
    const hugeEmail = JSON.stringify({ email: `${'a'.repeat(3_000_000)}@example.com`, password: 'a-long-password' });
    const refused = await rawRequest(server.url, {
      method: 'POST',
      path: '/api/login',
      headers: { 'content-type': 'application/json' },
      body: hugeEmail,
    });
    expect({ status: refused.status, code: (refused.json as { code?: string }).code }).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    // Under the limit, an e-mail of 60,000 characters is refused by its length, before the e-mail pattern runs.
    const longEmail = JSON.stringify({ email: `${'a'.repeat(60_000)}@example.com`, password: 'a-long-password' });
    const long = await rawRequest(server.url, {
      method: 'POST',
      path: '/api/login',
      headers: { 'content-type': 'application/json' },
      body: longEmail,
    });
    expect({ status: long.status, message: (long.json as { message?: string }).message }).toEqual({ status: 400, message: INVALID_EMAIL });
  });

  it('keeps /api/health fast (p95 under 500 ms) while 20 of those bodies arrive', async () => {
    const numbers = JSON.stringify({ items: Array.from({ length: 400_000 }, (_, i) => i) });
    const hugeEmail = JSON.stringify({ email: `${'a'.repeat(3_000_000)}@example.com`, password: 'a-long-password' });
    const orderPath = await pathOf('POST /api/buy-product', 'visitor');
    const attacks: Array<[string, string]> = [
      ['/api/cart/quote', DEEP_BODY],
      [orderPath, DEEP_BODY],
      ['/api/allcategori', DEEP_BODY],
      ['/api/allproduts', DEEP_BODY],
      ['/api/login', DEEP_BODY],
      ['/api/register', DEEP_BODY],
      ['/api/address-collection', DEEP_BODY],
      ['/api/login', hugeEmail],
      ['/api/forgot-password', hugeEmail],
      ['/api/cart/quote', numbers],
    ];
    const latencies: number[] = [];
    let attacking = true;
    const poll = (async () => {
      while (attacking || latencies.length < 20) {
        const started = performance.now();
        const health = await rawRequest(server.url, { method: 'GET', path: '/api/health' });
        latencies.push(performance.now() - started);
        expect(health.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const answers: RawAnswer[] = [];
    // 20 bodies, one every 50 ms, from signed-out clients.
    for (let i = 0; i < 20; i++) {
      const [path, body] = attacks[i % attacks.length]!;
      answers.push(await rawRequest(server.url, { method: 'POST', path, headers: { 'content-type': 'application/json' }, body }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    attacking = false;
    await poll;
    latencies.sort((a, b) => a - b);
    const p95 = latencies[Math.ceil(latencies.length * 0.95) - 1]!;
    expect(p95, `health latencies (ms): ${latencies.map(Math.round).join(', ')}`).toBeLessThan(500);
    // Each was refused at the door: too large for its route, or not signed in.
    for (const answer of answers) expect([401, 413], answer.text.slice(0, 200)).toContain(answer.status);
  }, 120_000);
});
