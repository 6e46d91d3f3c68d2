// `npm run demo`'s delivery area (issue 22 point 2, decision 1001): scripts/demo.mjs sets SHOP_POSTCODE, and the first
// start adds zones around it, so every demo customer can order for a fee and an address further out is refused.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP_POSTCODE, DEMO_ZONES, seedDemoZones } from '../src/db/seed/demo';
import { addresses } from '../src/db/schema';
import { startTestServer, type TestServer } from './harness';
import { call } from './order-fixtures';

describe('the demo shop’s delivery zones', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { SHOP_POSTCODE: DEMO_SHOP_POSTCODE } });
  });
  afterAll(async () => server.close());

  it('are set once around the demo post code, which npm run demo passes', async () => {
    expect(await readFile(new URL('../../../scripts/demo.mjs', import.meta.url), 'utf8')).toContain(
      `SHOP_POSTCODE: process.env.SHOP_POSTCODE || '${DEMO_SHOP_POSTCODE}'`,
    );
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
