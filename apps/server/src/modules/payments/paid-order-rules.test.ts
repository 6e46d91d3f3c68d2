// A card order is placed only if it could be placed when its payment succeeds: the rules a cash order meets run
// again then. One that fails is never placed (the board never sees it), its hold is released, never captured, and the
// payment screen (the confirm's answer) and an e-mail say why.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_TIME } from '../../../test/test-constants';
import { call, pizzaLine, startOrderingShop, type OrderingShop } from '../../../test/order-fixtures';
import { testDatabases } from '../../../test/harness';
import { mailQueue, orders, payments } from '../../db/schema';

const SLOT = '2026-11-19T19:30:00.000Z';

describe.each(testDatabases())('a card order paid for is placed only if it could be placed now, on %s', (kind) => {
  let shop: OrderingShop;

  beforeAll(async () => {
    shop = await startOrderingShop(kind);
  });
  afterAll(async () => shop.server.close());
  beforeEach(async () => {
    shop.server.config.shopTime = new Date(DEFAULT_SHOP_TIME);
    await call(shop.server, 'PUT', '/shop-status', shop.admin, { pause: null });
    await call(shop.server, 'PUT', '/shop-settings', shop.admin, { slotCapacity: 0 });
    await call(shop.server, 'PUT', `/allproduts/${pizzaLine(shop.menu).productId}/availability`, shop.admin, { soldOut: false });
  });

  const start = async (extra: Record<string, unknown> = {}) => {
    const started = await call(shop.server, 'POST', '/create-payment-intent', shop.customer, {
      items: [pizzaLine(shop.menu)],
      addressId: shop.addressId,
      note: '',
      ...extra,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return started.body as { orderId: string; clientSecret: string };
  };
  const pay = (clientSecret: string) =>
    call(shop.server, 'POST', '/test-payments/confirm', shop.customer, {
      clientSecret,
      cardNumber: '4242424242424242',
      exp: '12/30',
      cvc: '123',
    });
  const board = async () => ((await call(shop.server, 'GET', '/buy-product', shop.admin)).body as Array<{ _id: string }>).map((o) => o._id);

  /** Pays the intent and expects the order refused with `because`: not placed, not on the board, hold released, mailed. */
  const expectRefused = async (started: { orderId: string; clientSecret: string }, because: string) => {
    const paid = await pay(started.clientSecret);
    expect(paid.status, JSON.stringify(paid.body)).toBe(409);
    expect(paid.body.code).toBe('ORDER_NOT_PLACED');
    expect(paid.body.message).toContain(because);
    expect(paid.body.message).toContain('Your card has not been charged: the hold on it is released.');
    const [row] = await shop.server.app.db.select().from(orders).where(eq(orders.id, started.orderId));
    expect(row).toMatchObject({ placedAt: null, status: 'Canceled Order', paymentStatus: 'released' });
    const [payment] = await shop.server.app.db.select().from(payments).where(eq(payments.orderId, started.orderId));
    expect(payment?.status).toBe('canceled');
    expect(await board()).not.toContain(started.orderId);
    // The customer's own page says so too.
    const mine = await call(shop.server, 'GET', `/buy-product/${started.orderId}`, shop.customer);
    expect(mine.body).toMatchObject({ status: 'Canceled Order', placedAt: null });
    expect(mine.body.cancelReason).toContain(because);
    await expect
      .poll(async () => {
        const mails = await shop.server.app.db
          .select()
          .from(mailQueue)
          .where(and(eq(mailQueue.orderId, started.orderId), eq(mailQueue.dedupeKey, `order:${started.orderId}:not-placed`)));
        return mails.map((mail) => mail.subject);
      })
      .toEqual([expect.stringMatching(/could not be placed$/)]);
  };

  it('is placed when nothing changed between the intent and the payment', async () => {
    const started = await start();
    expect((await pay(started.clientSecret)).status).toBe(200);
    expect(await board()).toContain(started.orderId);
  });

  it('is refused when the shop closed after the intent was opened', async () => {
    const started = await start();
    shop.server.config.shopTime = new Date('2026-11-18T23:30:00Z');
    await expectRefused(started, 'We are closed');
  });

  it('is refused when the shop paused after the intent was opened', async () => {
    const started = await start();
    expect((await call(shop.server, 'PUT', '/shop-status', shop.admin, { pause: { forMinutes: 30 } })).status).toBe(200);
    await expectRefused(started, 'We are not taking orders right now');
  });

  it('is refused when an item sold out after the intent was opened', async () => {
    const started = await start();
    const marked = await call(shop.server, 'PUT', `/allproduts/${pizzaLine(shop.menu).productId}/availability`, shop.admin, {
      soldOut: true,
    });
    expect(marked.status).toBe(200);
    await expectRefused(started, 'is sold out');
  });

  it('is refused when its slot has passed', async () => {
    const started = await start({ scheduledFor: SLOT });
    shop.server.config.shopTime = new Date('2026-11-19T19:40:00Z');
    await expectRefused(started, 'is not a time we can take orders for');
  });

  it('fills a slot of capacity 1 once, whichever intents were opened for it: the second payment is refused', async () => {
    expect((await call(shop.server, 'PUT', '/shop-settings', shop.admin, { slotCapacity: 1 })).status).toBe(200);
    const first = await start({ scheduledFor: SLOT });
    const second = await start({ scheduledFor: SLOT });
    expect((await pay(first.clientSecret)).status).toBe(200);
    await expectRefused(second, 'Thu 19:30 is not a time we can take orders for');
    const placed = await shop.server.app.db
      .select()
      .from(orders)
      .where(eq(orders.scheduledFor, new Date(SLOT)));
    expect(placed.filter((order) => order.placedAt !== null)).toHaveLength(1);
  });
});
