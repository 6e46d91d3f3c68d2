import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from '../../test/harness';
import { ADDRESS, call } from '../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../test/sign-in';
import { CROSS_SITE_REFUSED, isCrossSite } from './same-origin';

const SHOP = 'http://127.0.0.1:3000';

describe('isCrossSite', () => {
  it.each([
    [{ origin: SHOP }, false],
    [{ origin: 'https://evil.example' }, true],
    [{ origin: 'null' }, true],
    [{ origin: 'http://127.0.0.1:3001' }, true],
    [{ origin: `${SHOP}/` }, true],
    [{ 'sec-fetch-site': 'same-origin' }, false],
    [{ 'sec-fetch-site': 'none' }, false],
    [{ 'sec-fetch-site': 'cross-site' }, true],
    [{ 'sec-fetch-site': 'same-site' }, true],
    [{ origin: SHOP, 'sec-fetch-site': 'cross-site' }, false],
    [{}, false],
  ])('%o → %s', (headers, expected) => {
    expect(isCrossSite(headers, [SHOP])).toBe(expected);
  });

  it('accepts any of several accepted origins exactly', () => {
    const accepted = ['http://localhost:3000', 'http://127.0.0.1:3000'];
    for (const origin of accepted) expect(isCrossSite({ origin }, accepted), origin).toBe(false);
    for (const origin of ['http://localhost:3001', 'http://127.0.0.2:3000', 'https://127.0.0.1:3000', 'http://[::1]:3000'])
      expect(isCrossSite({ origin }, accepted), origin).toBe(true);
  });
});

describe.each(testDatabases())('cross-site writes on %s', (kind) => {
  let server: TestServer;
  let customer: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ db: kind });
    customer = await signInAs(server);
  });
  afterAll(async () => server.close());

  async function addresses(): Promise<unknown[]> {
    return (await call(server, 'GET', `/get-address-by-email/${encodeURIComponent(customer.user.email)}`, customer)).body as unknown[];
  }

  it('refuses a POST from another site with a valid session cookie, and creates nothing', async () => {
    const before = (await addresses()).length;
    const refused = await call(server, 'POST', '/address-collection', customer, ADDRESS, { origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ statusCode: 403, error: 'Forbidden', message: CROSS_SITE_REFUSED, code: 'CROSS_SITE_REQUEST' });
    const sneaky = await call(server, 'POST', '/address-collection', customer, ADDRESS, { 'sec-fetch-site': 'cross-site' });
    expect(sneaky.status).toBe(403);
    expect(await addresses()).toHaveLength(before);
  });

  it("refuses PUT, DELETE and sign-out from another site too, and lets the shop's own pages through", async () => {
    for (const [method, path] of [
      ['PUT', '/address-collection/aaaaaaaaaaaaaaaaaaaaaaaa'],
      ['DELETE', '/address-collection/aaaaaaaaaaaaaaaaaaaaaaaa'],
      ['POST', '/logout'],
    ] as const) {
      expect(
        (await call(server, method, path, customer, method === 'PUT' ? ADDRESS : undefined, { origin: 'https://evil.example' })).status,
        `${method} ${path}`,
      ).toBe(403);
    }
    // The session survived the forged sign-out.
    expect((await call(server, 'GET', '/session', customer)).body.user.email).toBe(customer.user.email);
    const own = await call(server, 'POST', '/address-collection', customer, ADDRESS, {
      origin: server.config.publicOrigin,
      'sec-fetch-site': 'same-origin',
    });
    expect(own.status).toBe(201);
    // Reading is not a write: a cross-site GET meets the usual checks (CORS keeps its answer from the other site).
    expect((await call(server, 'GET', '/allcategori', null, undefined, { origin: 'https://evil.example' })).status).toBe(200);
  });
});

// `npm start` without PUBLIC_ORIGIN prints http://localhost:PORT and listens on 127.0.0.1:PORT; a newcomer who opens
// either address can sign up and order. Another port of the same machine is still another site.
describe('a shop started without PUBLIC_ORIGIN', () => {
  let server: TestServer;
  let customer: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_ORIGIN: '' } });
    customer = await signInAs(server);
  });
  afterAll(async () => server.close());

  it('takes writes from its pages at localhost and 127.0.0.1 on its port, and refuses other ports', async () => {
    const port = new URL(server.url).port;
    expect(server.config.publicOrigin).toBe(`http://localhost:${port}`);
    for (const host of ['localhost', '127.0.0.1']) {
      const own = await call(server, 'POST', '/address-collection', customer, ADDRESS, { origin: `http://${host}:${port}` });
      expect(own.status, host).toBe(201);
    }
    const otherPort = await call(server, 'POST', '/address-collection', customer, ADDRESS, {
      origin: `http://127.0.0.1:${Number(port) + 1}`,
    });
    expect(otherPort.status).toBe(403);
    expect(otherPort.body).toEqual({ statusCode: 403, error: 'Forbidden', message: CROSS_SITE_REFUSED, code: 'CROSS_SITE_REQUEST' });
    // The live-update socket of a page at either address is allowed by the page's Content-Security-Policy.
    const csp = (await fetch(`${server.url}/api/health`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`connect-src 'self' ws://localhost:${port} ws://127.0.0.1:${port} https://api.stripe.com`);
  });
});
