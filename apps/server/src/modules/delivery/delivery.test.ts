// Issue 22 point 2 (decision 1001): the delivery zones an admin edits (GET/POST /api/delivery-zones, PUT/DELETE
// /api/delivery-zones/:id), the shop's free home district once its post code is set, and the storefront's check
// (GET /api/delivery-check), over real HTTP on PGlite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { call } from '../../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../../test/sign-in';

/** The shop's post code (and phone) as the back office saves them: PUT /api/shop-settings. */
export async function setShop(server: TestServer, admin: SignedIn, place: { postcode: string | null; phone?: string }): Promise<void> {
  const answer = await call(server, 'PUT', '/shop-settings', admin, {
    shopPostcode: place.postcode,
    ...(place.phone ? { traderPhone: place.phone } : {}),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe.each(testDatabases())('delivery zones on %s', (kind) => {
  let server: TestServer;
  let admin: SignedIn;

  beforeEach(async () => {
    server = await startTestServer({ db: kind, seed: true });
    admin = await signInAs(server, { role: 'owner' });
  });
  afterEach(async () => {
    await server.close();
  });

  const zones = async () => {
    const answer = await call(server, 'GET', '/delivery-zones', admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { shopPostcode: string | null; zones: Array<{ _id: string; code: string; fee: number; minimumOrder: number }> };
  };
  const check = async (postcode: string) => {
    const answer = await call(server, 'GET', `/delivery-check?postcode=${encodeURIComponent(postcode)}`, null);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const add = (body: unknown) => call(server, 'POST', '/delivery-zones', admin, body);

  it('takes every post code for nothing while the shop has no post code, and the list says it is not set', async () => {
    expect(await zones()).toEqual({ shopPostcode: null, zones: [] });
    expect(await check('BS9 1AA')).toEqual({ delivers: true, postcode: 'BS9 1AA', zone: null, fee: 0, minimumOrder: 0, message: null });
  });

  it("makes the shop's own district a free zone once its post code is set, then refuses other districts with the phone", async () => {
    await setShop(server, admin, { postcode: 'BS1 4DJ', phone: '0117 496 0123' });
    const listed = await zones();
    expect(listed.shopPostcode).toBe('BS1 4DJ');
    expect(listed.zones.map(({ code, fee, minimumOrder }) => ({ code, fee, minimumOrder }))).toEqual([
      { code: 'BS1', fee: 0, minimumOrder: 0 },
    ]);
    expect(await check('bs1 5tr')).toEqual({ delivers: true, postcode: 'BS1 5TR', zone: 'BS1', fee: 0, minimumOrder: 0, message: null });
    expect(await check('BS9 1AA')).toEqual({
      delivers: false,
      postcode: 'BS9 1AA',
      zone: null,
      fee: 0,
      minimumOrder: 0,
      message: 'We do not deliver to BS9 online: call us on 0117 496 0123 to arrange delivery',
    });
    expect((await check('75001')).message).toBe('That is not a UK post code we can find: check it, or call us on 0117 496 0123');
    // Read twice, made once.
    expect((await zones()).zones).toHaveLength(1);
  });

  it('adds, edits and removes zones; the most specific applies; codes are normalised and unique', async () => {
    await setShop(server, admin, { postcode: 'BS1 4DJ' });
    const bs6 = await add({ code: 'bs6', fee: 2.5, minimumOrder: 15 });
    expect(bs6.status, JSON.stringify(bs6.body)).toBe(201);
    expect(bs6.body).toMatchObject({ code: 'BS6', fee: 2.5, minimumOrder: 15 });
    const sector = await add({ code: ' bs6  5 ', fee: 1.5 });
    expect(sector.body).toMatchObject({ code: 'BS6 5', fee: 1.5, minimumOrder: 0 });
    expect((await zones()).zones.map((zone) => zone.code)).toEqual(['BS1', 'BS6', 'BS6 5']);
    expect(await check('BS6 5AB')).toMatchObject({ delivers: true, zone: 'BS6 5', fee: 1.5, minimumOrder: 0 });
    expect(await check('BS6 6AA')).toMatchObject({ delivers: true, zone: 'BS6', fee: 2.5, minimumOrder: 15 });

    const twin = await add({ code: 'BS6', fee: 1 });
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({ code: 'DELIVERY_ZONE_EXISTS', message: 'There is already a zone for BS6: change its fee instead' });

    const edited = await call(server, 'PUT', `/delivery-zones/${bs6.body._id}`, admin, { fee: 3, minimumOrder: 12.5 });
    expect(edited.body).toEqual({ _id: bs6.body._id, code: 'BS6', fee: 3, minimumOrder: 12.5 });
    expect(await check('BS6 6AA')).toMatchObject({ fee: 3, minimumOrder: 12.5 });

    const removed = await call(server, 'DELETE', `/delivery-zones/${sector.body._id}`, admin);
    expect(removed.body).toEqual({ deletedCount: 1 });
    expect(await check('BS6 5AB')).toMatchObject({ zone: 'BS6', fee: 3 });
  });

  it('refuses a bad code or amount, an unknown zone and removing the last zone while the post code is set', async () => {
    await setShop(server, admin, { postcode: 'BS1 4DJ' });
    for (const body of [
      { code: 'BS6 5AB', fee: 1 },
      { code: '75001', fee: 1 },
      { code: 'BS6 55', fee: 1 },
    ]) {
      const answer = await add(body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain("Enter a post code district such as 'BS1' or a sector such as 'BS6 5'");
    }
    for (const fee of [-1, 1.234, 101]) {
      const answer = await add({ code: 'BS7', fee });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('fee must be an amount in pounds from 0 to 100, such as 2.50');
    }
    const missing = await call(server, 'PUT', '/delivery-zones/aaaaaaaaaaaaaaaaaaaaaaaa', admin, { fee: 1 });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('DELIVERY_ZONE_NOT_FOUND');
    expect((await call(server, 'DELETE', '/delivery-zones/nonsense', admin)).status).toBe(404);

    const [home] = (await zones()).zones;
    const last = await call(server, 'DELETE', `/delivery-zones/${home?._id}`, admin);
    expect(last.status).toBe(409);
    expect(last.body.code).toBe('LAST_DELIVERY_ZONE');
    expect((await zones()).zones).toHaveLength(1);
  });

  it('takes SHOP_POSTCODE until the back office sets one, with the district of the post code it sets', async () => {
    await server.close();
    server = await startTestServer({ db: kind, seed: true, env: { SHOP_POSTCODE: 'bs6 5ab', SHOP_PHONE: '0117 496 0999' } });
    admin = await signInAs(server, { role: 'owner' });
    expect((await zones()).shopPostcode).toBe('BS6 5AB');
    expect(await check('BS6 7XX')).toMatchObject({ delivers: true, zone: 'BS6', fee: 0 });
    expect((await check('BS1 4DJ')).message).toBe('We do not deliver to BS1 online: call us on 0117 496 0999 to arrange delivery');
    // The owner's zones stay when the post code moves.
    await setShop(server, admin, { postcode: 'BS1 4DJ' });
    expect((await zones()).zones.map((zone) => zone.code)).toEqual(['BS6']);
  });

  it('keeps the zones to admins', async () => {
    const customer = await signInAs(server);
    expect((await call(server, 'GET', '/delivery-zones', customer)).status).toBe(403);
    expect((await call(server, 'POST', '/delivery-zones', null, { code: 'BS7', fee: 1 })).status).toBe(401);
  });
});
