// The owner's hours and minimums on the server (decision 1400): the owner's opening hours (GET/PUT /api/opening-hours) and
// minimum order per fulfilment (PUT /api/shop-settings' minimumOrder) on the real database, and every order rule
// following a change at once. The shop clock is fixed: Wednesday 18 November 2026, 18:00 (DEFAULT_SHOP_TIME).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, type OpeningHours } from '@shop/shared/domain/opening-hours';
import { startOrderingShop, call, cashOrder, pizzaLine, type OrderingShop } from '../../../test/order-fixtures';
import { testDatabases } from '../../../test/harness';

const WEDNESDAY = 3;
/** The spec's week without Wednesday. */
const WEDNESDAY_CLOSED: OpeningHours = {
  ...DEFAULT_OPENING_HOURS,
  weekly: DEFAULT_OPENING_HOURS.weekly.filter((s) => s.day !== WEDNESDAY),
};

describe.each(testDatabases())('the opening hours and minimums the owner sets, on %s', (kind) => {
  let shop: OrderingShop;
  beforeAll(async () => {
    shop = await startOrderingShop(kind, { RATE_LIMIT_MULTIPLIER: '20' });
  });
  afterAll(async () => shop?.server.close());
  beforeEach(async () => {
    expect((await call(shop.server, 'PUT', '/opening-hours', shop.admin, DEFAULT_OPENING_HOURS)).status).toBe(200);
    expect((await call(shop.server, 'PUT', '/shop-settings', shop.admin, { minimumOrder: { delivery: 10, collection: 10 } })).status).toBe(
      200,
    );
  });

  const order = (extra: Record<string, unknown> = {}) =>
    call(shop.server, 'POST', '/buy-product', shop.customer, cashOrder([pizzaLine(shop.menu)], shop.addressId, extra));
  const collection = (extra: Record<string, unknown> = {}) =>
    call(shop.server, 'POST', '/buy-product', shop.customer, {
      items: [pizzaLine(shop.menu)],
      paymentType: 'Pay on collection',
      fulfilment: 'collection',
      contact: { name: 'Ada', phone: '07700 900123' },
      note: '',
      ...extra,
    });
  const status = async () => (await call(shop.server, 'GET', '/opening-status', null)).body;

  it('answers the spec’s hours to anyone until the owner saves, as a public answer', async () => {
    const answer = await call(shop.server, 'GET', '/opening-hours', null);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(DEFAULT_OPENING_HOURS);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
  });

  it('lets only an admin change them', async () => {
    expect((await call(shop.server, 'PUT', '/opening-hours', null, WEDNESDAY_CLOSED)).status).toBe(401);
    expect((await call(shop.server, 'PUT', '/opening-hours', shop.customer, WEDNESDAY_CLOSED)).status).toBe(403);
  });

  it('refuses a body the contract does not take with 400 VALIDATION_FAILED naming the field', async () => {
    for (const [body, words] of [
      [{ ...DEFAULT_OPENING_HOURS, cutoffMinutes: 200 }, 'cutoffMinutes must be a whole number of minutes from 0 to 120'],
      [{ ...DEFAULT_OPENING_HOURS, weekly: [{ day: 1, opens: '25:00', closes: '23:00' }] }, 'opens must be a time of day as HH:MM'],
      [
        { ...DEFAULT_OPENING_HOURS, weekly: [...DEFAULT_OPENING_HOURS.weekly, { day: 1, opens: '20:00', closes: '23:30' }] },
        "Monday's session 20:00-23:30 overlaps Monday's 12:00-23:15",
      ],
      [{ ...DEFAULT_OPENING_HOURS, specialDays: [{ date: '2026-13-01', closed: true }] }, 'date must be a calendar date as YYYY-MM-DD'],
      [{ weekly: [], specialDays: [] }, 'cutoffMinutes'],
    ] as const) {
      const answer = await call(shop.server, 'PUT', '/opening-hours', shop.admin, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
      expect(answer.body.message).toContain(words);
    }
  });

  it('a closed Wednesday refuses an order now, says so in the opening status, and opening again takes one', async () => {
    const saved = await call(shop.server, 'PUT', '/opening-hours', shop.admin, WEDNESDAY_CLOSED);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await call(shop.server, 'GET', '/opening-hours', null)).body).toEqual(WEDNESDAY_CLOSED);
    expect(await status()).toMatchObject({ acceptingOrders: false, message: 'We are closed. We open tomorrow at 12:00.' });
    const refused = await order();
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'SHOP_CLOSED', message: 'We are closed. We open tomorrow at 12:00.' });

    await call(shop.server, 'PUT', '/opening-hours', shop.admin, DEFAULT_OPENING_HOURS);
    expect((await status()).acceptingOrders).toBe(true);
    expect((await order()).status).toBe(201);
  });

  it('a special closed day tomorrow is named ahead and refuses orders ahead for it; tonight still takes them', async () => {
    const hours = { ...DEFAULT_OPENING_HOURS, specialDays: [{ date: '2026-11-19', closed: true as const }] };
    expect((await call(shop.server, 'PUT', '/opening-hours', shop.admin, hours)).status).toBe(200);
    expect((await status()).specialDay).toBe('Closed on Thursday 19 November');
    const slots = (await call(shop.server, 'GET', '/order-slots', null)).body.slots as { at: string }[];
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((slot) => slot.at.startsWith('2026-11-18'))).toBe(true);
    const tomorrow = await order({ scheduledFor: '2026-11-19T19:00:00.000Z' });
    expect(tomorrow.status).toBe(422);
    expect(tomorrow.body.code).toBe('SLOT_NOT_AVAILABLE');
    expect((await order({ scheduledFor: '2026-11-18T21:00:00.000Z' })).status).toBe(201);
  });

  it('a collection-only session takes a collection and refuses a delivery', async () => {
    const hours: OpeningHours = {
      ...WEDNESDAY_CLOSED,
      weekly: [...WEDNESDAY_CLOSED.weekly, { day: WEDNESDAY, opens: '12:00', closes: '22:00', fulfilment: 'collection' }],
    };
    expect((await call(shop.server, 'PUT', '/opening-hours', shop.admin, hours)).status).toBe(200);
    const delivery = await order();
    expect(delivery.status).toBe(422);
    expect(delivery.body.code).toBe('SHOP_CLOSED');
    expect((await collection()).status, 'a collection').toBe(201);
  });

  it('the minimum per fulfilment: a delivery under the owner’s £20 is refused, a collection over its £5 is taken', async () => {
    const saved = await call(shop.server, 'PUT', '/shop-settings', shop.admin, { minimumOrder: { delivery: 20, collection: 5 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.minimumOrder).toEqual({ delivery: 20, collection: 5 });
    const refused = await order();
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'MINIMUM_ORDER', message: 'Minimum order amount is £20.00' });
    expect((await collection()).status).toBe(201);
    // The cart, before delivery or collection is chosen, is held to the lower of the two.
    const quote = await call(shop.server, 'POST', '/cart/quote', null, { items: [pizzaLine(shop.menu)] });
    expect(quote.body).toMatchObject({ minimumOrder: 5, meetsMinimum: true });
  });

  it('refuses a minimum that is not an amount in pounds', async () => {
    const answer = await call(shop.server, 'PUT', '/shop-settings', shop.admin, { minimumOrder: { delivery: -1, collection: 10 } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('minimumOrder.delivery must be an amount in pounds from 0 to 1000');
  });
});
