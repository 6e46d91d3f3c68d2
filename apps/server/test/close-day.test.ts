// The end of the trading day (modules/orders/close-day.ts) on a fixed shop clock: the timers close what the day left
// open an hour after its last session closes (autoCloseDay), and "Close the day" does it at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import { NO_RESPONSE_REASON } from '@shop/shared/domain/order-promise';
import { runOrderTimers } from '../src/modules/orders/public';
import { call, placeCashOrder, startOrderingShop, type OrderingShop } from './order-fixtures';
import { signInAs } from './sign-in';

describe('closing the trading day', () => {
  let shop: OrderingShop;

  beforeEach(async () => {
    shop = await startOrderingShop('pglite');
  });
  afterEach(async () => {
    await shop.server.close();
  });

  // Wednesday 18 November 2026 (GMT): the default hours open 12:00 to 23:15.
  const at = (iso: string) => {
    shop.server.config.shopTime = new Date(iso);
  };
  const readOrder = async (id: string) => (await call(shop.server, 'GET', `/buy-product/${id}`, shop.admin)).body as OrderWire;
  const setStatus = async (id: string, status: string) =>
    expect((await call(shop.server, 'PUT', `/update-sell-products/${id}`, shop.admin, { status })).status).toBe(200);
  const settings = async (change: Record<string, unknown>) =>
    expect((await call(shop.server, 'PUT', '/shop-settings', shop.admin, change)).status).toBe(200);

  /** The day's orders: accepted, on its way, waiting; and one accepted for tomorrow's evening. */
  async function aDaysOrders() {
    await settings({ autoRejectAfterMinutes: 0 });
    at('2026-11-18T18:00:00Z');
    const accepted = await placeCashOrder(shop);
    await setStatus(accepted, 'Approved Order');
    const onItsWay = await placeCashOrder(shop);
    await setStatus(onItsWay, 'On the way');
    const tomorrow = await placeCashOrder(shop, { scheduledFor: '2026-11-19T19:30:00Z' });
    await setStatus(tomorrow, 'Approved Order');
    at('2026-11-18T22:50:00Z');
    const waiting = await placeCashOrder(shop);
    return { accepted, onItsWay, tomorrow, waiting };
  }

  it('closes, an hour after the last session, what the day left open: accepted ones delivered, waiting ones rejected', async () => {
    const { accepted, onItsWay, tomorrow, waiting } = await aDaysOrders();

    at('2026-11-19T00:14:59Z');
    expect(await runOrderTimers(shop.server.app)).toEqual({ accepted: [], rejected: [] });
    expect((await readOrder(accepted)).status).toBe('Approved Order');

    at('2026-11-19T00:15:00Z');
    const run = await runOrderTimers(shop.server.app);
    expect(new Set(run.closed)).toEqual(new Set([accepted, onItsWay]));
    expect(run.rejected).toEqual([waiting]);
    for (const id of [accepted, onItsWay]) {
      const order = await readOrder(id);
      expect(order.status).toBe('Delivered Order');
      expect(order.statusHistory.at(-1)).toMatchObject({
        status: 'Delivered Order',
        changedBy: null,
        note: 'Closed at the end of the day',
        createdAt: '2026-11-19T00:15:00.000Z',
      });
    }
    expect(await readOrder(waiting)).toMatchObject({ status: 'Canceled Order', cancelReason: NO_RESPONSE_REASON });
    // Placed ahead for Thursday evening: Thursday's, not Wednesday's.
    expect((await readOrder(tomorrow)).status).toBe('Approved Order');
    expect(await runOrderTimers(shop.server.app)).toEqual({ accepted: [], rejected: [] });

    // A delivered order an admin completed keeps no such note.
    at('2026-11-19T18:00:00Z');
    const handed = await placeCashOrder(shop);
    await setStatus(handed, 'Delivered Order');
    expect((await readOrder(handed)).statusHistory.at(-1)).not.toHaveProperty('note');
  });

  it('leaves the day open when the owner turned autoCloseDay off', async () => {
    const { accepted } = await aDaysOrders();
    await settings({ autoCloseDay: false });
    at('2026-11-19T03:00:00Z');
    expect(await runOrderTimers(shop.server.app)).toEqual({ accepted: [], rejected: [] });
    expect((await readOrder(accepted)).status).toBe('Approved Order');
  });

  it('"Close the day" names how many it closes and closes them at once; a kitchen login may not', async () => {
    const { accepted, onItsWay, tomorrow, waiting } = await aDaysOrders();
    at('2026-11-18T23:20:00Z');
    const preview = await call(shop.server, 'GET', '/orders/close-day', shop.admin);
    expect(preview.body).toEqual({ count: 3, dayEnd: '2026-11-18T23:15:00.000Z' });

    const kitchen = await signInAs(shop.server, { role: 'kitchen' });
    expect((await call(shop.server, 'POST', '/orders/close-day', kitchen)).status).toBe(403);
    expect((await readOrder(accepted)).status).toBe('Approved Order');

    const closed = await call(shop.server, 'POST', '/orders/close-day', shop.admin);
    expect(closed.body).toEqual({ closed: 2, rejected: 1 });
    expect((await readOrder(accepted)).status).toBe('Delivered Order');
    expect((await readOrder(onItsWay)).statusHistory.at(-1)).toMatchObject({ note: 'Closed at the end of the day' });
    expect((await readOrder(waiting)).status).toBe('Canceled Order');
    expect((await readOrder(tomorrow)).status).toBe('Approved Order');
    expect((await call(shop.server, 'GET', '/orders/close-day', shop.admin)).body).toMatchObject({ count: 0 });
  });
});
