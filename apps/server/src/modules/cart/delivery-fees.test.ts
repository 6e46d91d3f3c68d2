// Decision 1005: POST /api/cart/quote answers the range of the delivery zones' fees, which the cart tells before
// checkout; null while the shop has no post code (no zones: every post code delivered free).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { call, loadMenu, pizzaLine, type Menu } from '../../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../../test/sign-in';

describe.each(testDatabases())('the cart quote’s delivery fees on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let admin: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    menu = await loadMenu(server);
    admin = await signInAs(server, { role: 'owner' });
  });
  afterAll(async () => server?.close());

  const quoteFees = async () => {
    const answer = await call(server, 'POST', '/cart/quote', null, { items: [pizzaLine(menu)] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.deliveryFees;
  };

  it('is null without a shop post code, the free home zone once it is set, then the lowest and highest fee', async () => {
    expect(await quoteFees()).toBeNull();
    expect((await call(server, 'PUT', '/shop-settings', admin, { shopPostcode: 'BS1 4DJ' })).status).toBe(200);
    expect(await quoteFees()).toEqual({ from: 0, to: 0 });
    for (const zone of [
      { code: 'BS6', fee: 2.5, minimumOrder: 15 },
      { code: 'BS6 7', fee: 3.5, minimumOrder: 20 },
    ]) {
      expect((await call(server, 'POST', '/delivery-zones', admin, zone)).status).toBe(201);
    }
    expect(await quoteFees()).toEqual({ from: 0, to: 3.5 });
    // With a post code, the quote still says what delivering there adds, beside the range.
    const withPostcode = await call(server, 'POST', '/cart/quote', null, { items: [pizzaLine(menu)], postcode: 'BS6 5AB' });
    expect(withPostcode.body).toMatchObject({ deliveryFees: { from: 0, to: 3.5 }, delivery: { delivers: true, zone: 'BS6', fee: 2.5 } });
  });

  it('names the zones’ codes for checkout’s terms, following the owner’s changes', async () => {
    const area = async () => (await call(server, 'POST', '/cart/quote', null, { items: [pizzaLine(menu)] })).body.deliveryArea;
    expect(await area()).toEqual(['BS1', 'BS6', 'BS6 7']);
    expect((await call(server, 'POST', '/delivery-zones', admin, { code: 'BS2', fee: 1 })).status).toBe(201);
    expect(await area()).toEqual(['BS1', 'BS2', 'BS6', 'BS6 7']);
  });
});
