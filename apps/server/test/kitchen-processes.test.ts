// The shop's live state across two real shop processes on one PostgreSQL database (decision 0901): a pause set
// through A holds on B (it is a row, not a process's memory), B's storefront sockets hear `shop_status`, and an
// order through B is refused until the pause is turned off through B, after which A takes one.
import { beforeAll, describe, expect, it } from 'vitest';
import { SHOP_STATUS } from '@shop/shared/contract/shop-status';
import { DEFAULT_OPENING_HOURS } from '@shop/shared/domain/opening-hours';
import { call } from './account-test-client';
import { cashOrder, pizzaLine } from './order-fixtures';
import type { ShopProcess } from './shop-process';
import { newCustomer, useTwoShops, type ProcessCustomer } from './two-shops';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
/** One event's way from one process through PostgreSQL to the other's socket: milliseconds when it works. */
const EVENT_MS = 5000;
const PAUSED = 'We are not taking orders right now. Back at 18:30.';

const SKIPPED = ADMIN_URL ? '' : ' (skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it)';
if (!ADMIN_URL) console.info(`kitchen-processes.test.ts: busy and pause across two processes${SKIPPED}`);

describe.runIf(ADMIN_URL)(`the shop's status across two shop processes on one PostgreSQL database${SKIPPED}`, () => {
  const shops = useTwoShops(ADMIN_URL as string, 'shop_test_kitchen');
  let customer: ProcessCustomer;

  beforeAll(async () => {
    customer = await newCustomer(shops.a, 'Kitchen');
  });

  const order = (shop: ShopProcess) =>
    call<{ insertedId?: string; code?: string; message?: string }>(shop.url, 'POST', '/buy-product', {
      body: cashOrder([pizzaLine(shops.menu)], customer.addressId),
      cookie: customer.cookie,
    });

  it('a pause set through A holds on B, B’s storefront hears it, and B’s order route refuses until it is off', async () => {
    const { a, b, adminCookie } = shops;
    const visitorOnB = await shops.connect(b);

    const paused = await call(a.url, 'PUT', '/shop-status', { body: { pause: { forMinutes: 30 } }, cookie: adminCookie });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    await expect
      .poll(() => visitorOnB.received.filter((item) => item.event === SHOP_STATUS).length, { timeout: EVENT_MS, interval: 20 })
      .toBe(1);
    expect(visitorOnB.received.find((item) => item.event === SHOP_STATUS)?.payload).toEqual(paused.body);

    const onB = await call(b.url, 'GET', '/opening-status');
    expect(onB.body).toMatchObject({ acceptingOrders: false, closedReason: 'paused', message: PAUSED });
    const refused = await order(b);
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body).toMatchObject({ code: 'ORDERING_PAUSED', message: PAUSED });

    const resumed = await call(b.url, 'PUT', '/shop-status', { body: { pause: null }, cookie: adminCookie });
    expect(resumed.body).toMatchObject({ acceptingOrders: true, pausedUntil: null });
    expect((await order(a)).status).toBe(201);
  });

  it('opening hours saved through A count at once on B: its status, its storefront sockets and its order route (decision 1400)', async () => {
    const { a, b, adminCookie } = shops;
    const visitorOnB = await shops.connect(b);
    const wednesdayClosed = { ...DEFAULT_OPENING_HOURS, weekly: DEFAULT_OPENING_HOURS.weekly.filter((session) => session.day !== 3) };

    const saved = await call(a.url, 'PUT', '/opening-hours', { body: wednesdayClosed, cookie: adminCookie });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await expect
      .poll(
        () =>
          visitorOnB.received.some(
            (item) => item.event === SHOP_STATUS && (item.payload as { acceptingOrders?: boolean }).acceptingOrders === false,
          ),
        {
          timeout: EVENT_MS,
          interval: 20,
        },
      )
      .toBe(true);
    expect((await call(b.url, 'GET', '/opening-hours')).body).toEqual(wednesdayClosed);
    expect((await call(b.url, 'GET', '/opening-status')).body).toMatchObject({ acceptingOrders: false, closedReason: 'hours' });
    const refused = await order(b);
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body).toMatchObject({ code: 'SHOP_CLOSED' });

    expect((await call(b.url, 'PUT', '/opening-hours', { body: DEFAULT_OPENING_HOURS, cookie: adminCookie })).status).toBe(200);
    expect((await order(a)).status).toBe(201);
  });
});
