import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '@shop/shared/contract/cart';
import { ERROR_CODES, errorBodySchema, type ErrorCode } from '@shop/shared/contract/errors';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { addAddress, call, cashOrder, loadMenu, pizzaLine, readyToOrder, type Answer, type Menu } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

/** A request as it is sent, for the answers `fetch` cannot provoke (a path that is not valid percent-encoding). */
function rawRequest(server: TestServer, method: string, path: string): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: new Headers(), body: text ? JSON.parse(text) : undefined });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

// Each code a client decides on, provoked by a real request: it answers with the status ERROR_CODES gives it, in the
// error body, whatever the route. (The harness also checks the shape of every error answer of every suite.)
describe.each(testDatabases())('error codes answered with their table status on %s', (kind) => {
  let server: TestServer;
  let closed: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let addressId: string;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    // A Wednesday at 03:00 in London: the shop is closed.
    closed = await startTestServer({ db: kind, seed: true, env: { SHOP_TIME: '2026-11-18T03:00:00Z' } });
    ({ menu, customer, addressId } = await readyToOrder(server));
  });
  afterAll(async () => {
    await server?.close();
    await closed?.close();
  });

  const incompleteDeal = (): CartLine => ({
    productId: menu.product('Pizza Pair'),
    quantity: 1,
    deal: { size: 'm', crust: 'deep_pan', items: [{ slot: 0, productId: menu.product('Margherita') }] },
  });

  const cases: Array<[string, ErrorCode, () => Promise<Answer>]> = [
    ['an order under £10.00', 'MINIMUM_ORDER', () => call(server, 'POST', '/buy-product', customer, cashOrder([onionRings()], addressId))],
    [
      'an order while the shop is closed',
      'SHOP_CLOSED',
      async () => {
        const late = await readyToOrder(closed);
        return call(closed, 'POST', '/buy-product', late.customer, cashOrder([pizzaLine(late.menu)], late.addressId));
      },
    ],
    [
      'a deal missing an item',
      'DEAL_INCOMPLETE',
      () => call(server, 'POST', '/buy-product', customer, cashOrder([incompleteDeal()], addressId)),
    ],
    [
      'a size the product is not sold in',
      'SIZE_NOT_AVAILABLE',
      () =>
        call(
          server,
          'POST',
          '/buy-product',
          customer,
          cashOrder([{ productId: menu.product('Onion Rings'), quantity: 1, size: 'xl' }], addressId),
        ),
    ],
    [
      'an order over £5,000.00',
      'ORDER_TOO_LARGE',
      () =>
        call(
          server,
          'POST',
          '/buy-product',
          customer,
          cashOrder(
            Array.from({ length: 4 }, () => pizzaLine(menu, 99)),
            addressId,
          ),
        ),
    ],
    [
      'an order placed for another customer’s account',
      'NOT_YOUR_ORDER',
      () => call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId, { email: 'someone.else@example.com' })),
    ],
    [
      'another customer’s order, read by id',
      'ORDER_NOT_FOUND',
      async () => {
        const placed = await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId));
        expect(placed.status).toBe(201);
        const other = await signInAs(server);
        return call(server, 'GET', `/buy-product/${placed.body.insertedId as string}`, other);
      },
    ],
    [
      'another customer’s address',
      'ADDRESS_NOT_FOUND',
      async () => {
        const other = await signInAs(server);
        const theirs = await addAddress(server, other);
        return call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], theirs));
      },
    ],
    ['another customer’s favourites', 'NOT_YOUR_ACCOUNT', () => call(server, 'GET', '/favouritelist/someone.else@example.com', customer)],
    ['an account route signed out', 'SIGN_IN_REQUIRED', () => call(server, 'GET', '/alluser/someone@example.com', null)],
    ['an admin route as a customer', 'ADMIN_ONLY', () => call(server, 'GET', '/allnotification', customer)],
    [
      'a write from another site',
      'CROSS_SITE_REQUEST',
      () => call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId), { origin: 'https://evil.example' }),
    ],
    ['a body with an unknown field', 'VALIDATION_FAILED', () => call(server, 'POST', '/cart/quote', null, { items: [], price: 1 })],
    ['an unknown API route', 'NOT_FOUND', () => call(server, 'GET', '/no-such-route', null)],
    ['malformed JSON', 'MALFORMED_JSON', () => call(server, 'POST', '/cart/quote', null, '{"items": [')],
    ['a path that is not valid percent-encoding', 'MALFORMED_URL', () => rawRequest(server, 'GET', '/api/buy-product/%E0%A4%A')],
    [
      'a body of a kind nothing reads',
      'UNSUPPORTED_MEDIA_TYPE',
      () => call(server, 'POST', '/cart/quote', null, undefined, { 'content-type': 'text/csv' }),
    ],
    [
      'a body over the limit',
      'PAYLOAD_TOO_LARGE',
      () => call(server, 'POST', '/cart/quote', null, JSON.stringify({ items: [], pad: 'x'.repeat(5 * 1024 * 1024) })),
    ],
    ['an image that is not there', 'IMAGE_NOT_FOUND', () => call(server, 'GET', '/images/0123456789abcdef01234567', null)],
  ];

  it.each(cases)('%s: %s', async (_label, code, send) => {
    const answer = await send();
    expect({ status: answer.status, code: answer.body?.code }, JSON.stringify(answer.body)).toEqual({ status: ERROR_CODES[code], code });
    expect(errorBodySchema.parse(answer.body)).toMatchObject({ statusCode: ERROR_CODES[code], code });
  });

  it('answers the cart quote’s pricing refusal with the same code as the order, at 400 with the line (decision 0303)', async () => {
    const quote = await call(server, 'POST', '/cart/quote', null, { items: [pizzaLine(menu), incompleteDeal()] });
    expect(quote.status).toBe(400);
    expect(quote.body).toMatchObject({ statusCode: 400, code: 'DEAL_INCOMPLETE', lineIndex: 1 });
    const order = await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu), incompleteDeal()], addressId));
    expect(order.status).toBe(ERROR_CODES.DEAL_INCOMPLETE);
    expect(order.body).toMatchObject({ code: 'DEAL_INCOMPLETE', message: quote.body.message });
  });

  it('answers too many sign-in attempts with TOO_MANY_REQUESTS', async () => {
    const email = `guess-${Date.now()}@example.com`;
    let last: Answer | undefined;
    for (let attempt = 0; attempt < 11; attempt += 1) {
      last = await call(server, 'POST', '/login/', null, { email, password: 'not-the-password' });
    }
    expect(last?.status).toBe(ERROR_CODES.TOO_MANY_REQUESTS);
    expect(last?.body).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
  });

  function onionRings() {
    return { productId: menu.product('Onion Rings'), quantity: 1 };
  }

  it('has a seeded menu to order from', async () => {
    expect((await loadMenu(server)).product('Onion Rings')).toMatch(/^[0-9a-f]{24}$/);
  });
});
