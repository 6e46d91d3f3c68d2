// Decision 1002 on the server: the shop's trader, post code and collection time in GET/PUT /api/shop-settings,
// checked and normalised; the environment's SHOP_* as fallbacks; GET /api/shop-trader for every visitor.
import { afterEach, describe, expect, it } from 'vitest';
import { SHOP_IDENTITY } from '@shop/shared/domain/shop-identity';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { call } from '../../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../../test/sign-in';

const SHOP_ENV = {
  SHOP_NAME: 'Bristol Pizza Ltd',
  SHOP_ADDRESS: '4 Harbour Walk, Bristol BS1 4DJ',
  SHOP_PHONE: '0117 496 0123',
  SHOP_EMAIL: 'orders@bristol-pizza.example',
  SHOP_VAT_NUMBER: 'gb 123 4567 89',
  SHOP_POSTCODE: 'bs1 4dj',
};

describe.each(testDatabases())('the shop’s settings: the trader, post code and collection time on %s', (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  afterEach(async () => server.close());

  const start = async (env: Record<string, string> = {}) => {
    server = await startTestServer({ db: kind, env });
    admin = await signInAs(server, { role: 'owner' });
  };

  it('answers the placeholder trader, no post code and 20 minutes to collect until anything is set', async () => {
    await start();
    const settings = await call(server, 'GET', '/shop-settings', admin);
    expect(settings.body).toMatchObject({
      collectionMinutes: 20,
      shopPostcode: null,
      traderName: SHOP_IDENTITY.name,
      traderAddress: SHOP_IDENTITY.address,
      traderPhone: SHOP_IDENTITY.phone,
      traderEmail: SHOP_IDENTITY.email,
      vatNumber: null,
    });
    const trader = await call(server, 'GET', '/shop-trader', null);
    expect(trader.status).toBe(200);
    expect(trader.body).toEqual({ ...SHOP_IDENTITY, address: [...SHOP_IDENTITY.address] });
  });

  it('takes the environment’s SHOP_* until the back office saves its own, and keeps the rest following it', async () => {
    await start(SHOP_ENV);
    const expected = {
      name: 'Bristol Pizza Ltd',
      address: ['4 Harbour Walk', 'Bristol BS1 4DJ'],
      phone: '0117 496 0123',
      email: 'orders@bristol-pizza.example',
      vatNumber: 'GB123456789',
    };
    expect((await call(server, 'GET', '/shop-trader', null)).body).toEqual(expected);
    expect((await call(server, 'GET', '/shop-settings', admin)).body).toMatchObject({ shopPostcode: 'BS1 4DJ', vatNumber: 'GB123456789' });
    // A kitchen setting saved first stores no trader: the environment still names it.
    expect((await call(server, 'PUT', '/shop-settings', admin, { usualMinutes: 30 })).status).toBe(200);
    expect((await call(server, 'GET', '/shop-trader', null)).body).toEqual(expected);
    const saved = await call(server, 'PUT', '/shop-settings', admin, { traderName: '  Harbour Pizza  ', vatNumber: null });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ usualMinutes: 30, traderName: 'Harbour Pizza', vatNumber: null, traderPhone: '0117 496 0123' });
    expect((await call(server, 'GET', '/shop-trader', null)).body).toEqual({ ...expected, name: 'Harbour Pizza', vatNumber: null });
  });

  it('saves the trader, post code and collection time normalised, and answers them to every visitor', async () => {
    await start();
    const saved = await call(server, 'PUT', '/shop-settings', admin, {
      traderName: 'Harbour Pizza',
      traderAddress: ['4 Harbour Walk', '', 'Bristol BS1 4DJ'],
      traderPhone: '+44 117 496 0123',
      traderEmail: 'hello@harbour.example',
      vatNumber: 'gb123456789',
      shopPostcode: 'bs14dj',
      collectionMinutes: 15,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      traderAddress: ['4 Harbour Walk', 'Bristol BS1 4DJ'],
      vatNumber: 'GB123456789',
      shopPostcode: 'BS1 4DJ',
      collectionMinutes: 15,
    });
    expect((await call(server, 'GET', '/shop-trader', null)).body).toEqual({
      name: 'Harbour Pizza',
      address: ['4 Harbour Walk', 'Bristol BS1 4DJ'],
      phone: '+44 117 496 0123',
      email: 'hello@harbour.example',
      vatNumber: 'GB123456789',
    });
  });

  it('refuses what is not a UK phone, an e-mail, a UK VAT number or a UK post code, naming the field, and saves nothing', async () => {
    await start();
    for (const [body, words] of [
      [{ traderPhone: '12345' }, 'traderPhone: traderPhone must be a UK phone number such as 020 7946 0321 or +44 20 7946 0321'],
      [
        { traderPhone: '+33 1 23 45 67 89' },
        'traderPhone: traderPhone must be a UK phone number such as 020 7946 0321 or +44 20 7946 0321',
      ],
      [{ traderEmail: 'not-an-email' }, 'traderEmail: traderEmail must be an e-mail address such as hello@example.com'],
      [
        { vatNumber: 'GB12345678' },
        'vatNumber: vatNumber must be a UK VAT number such as GB123456789, or null when the shop is not VAT-registered',
      ],
      [
        { vatNumber: 'FR12345678901' },
        'vatNumber: vatNumber must be a UK VAT number such as GB123456789, or null when the shop is not VAT-registered',
      ],
      [{ shopPostcode: '75001' }, 'shopPostcode: shopPostcode must be a UK post code such as BS1 4DJ'],
      [{ traderName: '   ' }, 'traderName: traderName must be the shop’s trading name, 1 to 120 characters'],
      [
        { traderAddress: ['Only one line'] },
        'traderAddress: traderAddress must be 2 to 5 lines of up to 120 characters: the street, the town and the post code',
      ],
      [{ collectionMinutes: 2 }, 'collectionMinutes: collectionMinutes must be a whole number of minutes from 5 to 240'],
    ] as const) {
      const refused = await call(server, 'PUT', '/shop-settings', admin, { traderName: 'Never Saved', ...body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body, JSON.stringify(body)).toMatchObject({ code: 'VALIDATION_FAILED', message: words });
    }
    expect((await call(server, 'GET', '/shop-trader', null)).body).toMatchObject({ name: SHOP_IDENTITY.name });
  });
});
