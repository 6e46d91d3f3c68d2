// `npm run demo`'s delivery area (issue 22 point 2, decision 1001): scripts/demo.mjs sets SHOP_POSTCODE, and the first
// start adds zones around it, so every demo customer can order for a fee and an address further out is refused.
// And its trader (issue 22 point 4, decision 1002): a made-up Bristol shop, not the placeholder London one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_IDENTITY } from '@shop/shared/domain/shop-identity';
import { DEMO_SHOP_POSTCODE, DEMO_ZONES, seedDemoZones } from '../src/db/seed/demo';
import { addresses } from '../src/db/schema';
import { startTestServer, type TestServer } from './harness';
import { call } from './order-fixtures';

type DemoEnv = (env: Record<string, string | undefined>) => Record<string, string>;
/** The environment scripts/demo.mjs gives the server, for the environment it was started with. */
async function demoEnv(env: Record<string, string | undefined> = {}): Promise<Record<string, string>> {
  const script = new URL('../../../scripts/demo.mjs', import.meta.url).href;
  return ((await import(script)) as { demoEnv: DemoEnv }).demoEnv(env);
}

describe('the demo shop’s delivery zones', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { SHOP_POSTCODE: DEMO_SHOP_POSTCODE } });
  });
  afterAll(async () => server.close());

  it('are set once around the demo post code, which npm run demo passes', async () => {
    expect((await demoEnv()).SHOP_POSTCODE).toBe(DEMO_SHOP_POSTCODE);
    expect((await demoEnv({ SHOP_POSTCODE: 'BS8 1TH' })).SHOP_POSTCODE).toBe('BS8 1TH');
    expect(await seedDemoZones(server.app.db, server.app.now())).toBe(DEMO_ZONES.length);
    expect(await seedDemoZones(server.app.db, server.app.now())).toBe(0);
    const check = async (postcode: string) =>
      (await call(server, 'GET', `/delivery-check?postcode=${encodeURIComponent(postcode)}`, null)).body;
    expect(await check('BS1 5TY')).toMatchObject({ delivers: true, zone: 'BS1', fee: 0 });
    expect(await check('BS6 7AA')).toMatchObject({ delivers: true, zone: 'BS6 7', fee: 3, minimumOrder: 15 });
    expect(await check('BS6 6LA')).toMatchObject({ delivers: true, zone: 'BS6', fee: 2, minimumOrder: 12 });
    expect((await check('BS9 1AA')).message).toMatch(/^We do not deliver to BS9 online: call us on /);
  });

  it('take every demo customer’s address', async () => {
    const { seedDemoOrders } = await import('../src/db/seed/demo');
    await seedDemoOrders(server.app.db, { now: server.app.now(), adminEmail: 'nobody@example.com', log: () => {} });
    const postcodes = (await server.app.db.select({ postcode: addresses.postcode }).from(addresses)).map((row) => row.postcode);
    expect(postcodes.length).toBeGreaterThan(5);
    for (const postcode of postcodes) {
      const answer = await call(server, 'GET', `/delivery-check?postcode=${encodeURIComponent(postcode)}`, null);
      expect(answer.body.delivers, postcode).toBe(true);
    }
  });
});

describe('the demo shop’s trader', () => {
  it('is a made-up Bristol shop at the demo post code, with a drama-range Bristol phone, which the footer and checkout read', async () => {
    const env = await demoEnv();
    // The shop's own settings only: the test server keeps its in-memory database and writes no demo orders.
    const shop = Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('SHOP_')));
    expect(Object.keys(shop).sort()).toEqual(['SHOP_ADDRESS', 'SHOP_EMAIL', 'SHOP_NAME', 'SHOP_PHONE', 'SHOP_POSTCODE']);
    const server = await startTestServer({ env: shop });
    try {
      const trader = (await call(server, 'GET', '/shop-trader', null)).body;
      expect(trader).toEqual({
        name: env.SHOP_NAME,
        address: expect.any(Array),
        phone: expect.any(String),
        email: expect.stringMatching(/@example\.com$/),
        vatNumber: null,
      });
      expect(trader.name).not.toBe(SHOP_IDENTITY.name);
      expect(trader.address.length).toBeGreaterThanOrEqual(2);
      expect(trader.address.at(-1)).toBe(`Bristol ${DEMO_SHOP_POSTCODE}`);
      expect(trader.address).not.toEqual(SHOP_IDENTITY.address);
      // Ofcom keeps 0117 496 0000 to 0999 for drama: it rings no one.
      expect(trader.phone.replace(/\s/g, '')).toMatch(/^01174960\d{3}$/);
      // The phone the out-of-area refusal gives is the demo trader's.
      const refused = (await call(server, 'GET', `/delivery-check?postcode=${encodeURIComponent('BS9 1AA')}`, null)).body;
      expect(refused.message).toContain(trader.phone);
    } finally {
      await server.close();
    }
  });

  it('gives way to the trader the environment sets', async () => {
    const own = {
      SHOP_NAME: 'Pizza Own',
      SHOP_ADDRESS: '1 High Street, Bath BA1 1AA',
      SHOP_PHONE: '01225 000000',
      SHOP_EMAIL: 'a@b.example',
    };
    expect(await demoEnv(own)).toMatchObject(own);
  });
});
