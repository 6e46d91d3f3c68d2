// The stamp card (decision 1601): off by default; a signed-in customer's delivered order earns a stamp, taken back
// when the order is refunded in full; a full card's reward is a discount line the quote shows and the order charges,
// its stamps given back when that order is canceled; the ledger is append-only.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loyaltyLedger, orders } from '../src/db/schema';
import { runOrderTimers } from '../src/modules/orders/public';
import { DEFAULT_SHOP_TIME, startTestServer, testDatabases, type TestServer } from './harness';
import { addAddress, call, cashOrder, loadMenu, pizzaLine, type Menu } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

/** The database's words for a statement it refused (drizzle wraps them in its own error). */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    let cause: unknown = error;
    while (cause instanceof Error && !/append-only/.test(cause.message) && cause.cause) cause = cause.cause;
    return cause instanceof Error ? cause.message : String(cause);
  }
  throw new Error('the statement was not refused');
}

const TEST_CARD = { cardNumber: '4242424242424242', exp: '12/30', cvc: '123' };
const FIVE_OFF = { stampsNeeded: 2, reward: { kind: 'amount', pence: 500 } };

describe.each(testDatabases())('the stamp card on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let owner: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true, env: { RATE_LIMIT_MULTIPLIER: '20' } });
    menu = await loadMenu(server);
    owner = await signInAs(server, { role: 'owner' });
  });
  afterAll(async () => server?.close());

  /** A customer of their own with an address, so one test's stamps are not another's. */
  const newCustomer = async () => {
    const customer = await signInAs(server);
    return { customer, addressId: await addAddress(server, customer) };
  };
  const placeCash = async (who: { customer: SignedIn; addressId: string }, extra: Record<string, unknown> = {}) => {
    const placed = await call(server, 'POST', '/buy-product', who.customer, cashOrder([pizzaLine(menu)], who.addressId, extra));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return placed.body.insertedId as string;
  };
  const setStatus = async (id: string, status: string) => {
    const moved = await call(server, 'PUT', `/update-sell-products/${id}`, owner, { status });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  };
  const deliver = async (id: string) => {
    await setStatus(id, 'Approved Order');
    await setStatus(id, 'Delivered Order');
  };
  const card = async (who: SignedIn) => {
    const answer = await call(server, 'GET', '/loyalty', who);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const ledgerOf = (userId: string) =>
    server.database.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, userId)).orderBy(loyaltyLedger.at, loyaltyLedger.id);

  it('is off by default: a delivered order earns nothing, and the card says it is off', async () => {
    const who = await newCustomer();
    await deliver(await placeCash(who));
    expect(await ledgerOf(who.customer.user.id)).toEqual([]);
    expect(await card(who.customer)).toEqual({ enabled: false, stamps: 0, needed: 0, rewardReady: false, reward: null, entries: [] });
  });

  it('asks a visitor to sign in', async () => {
    expect((await call(server, 'GET', '/loyalty', null)).status).toBe(401);
  });

  it('refuses a free item that is not on the menu', async () => {
    const answer = await call(server, 'PUT', '/shop-settings', owner, {
      stampCard: { stampsNeeded: 6, reward: { kind: 'product', productId: 'f'.repeat(24) } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('stampCard.reward.productId');
  });

  describe('turned on', () => {
    beforeAll(async () => {
      const saved = await call(server, 'PUT', '/shop-settings', owner, { stampCard: FIVE_OFF });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.stampCard).toEqual(FIVE_OFF);
    });

    it('is recorded in the audit log as a settings change', async () => {
      const log = await call(server, 'GET', '/audit-log?action=settings.update', owner);
      expect(log.status, JSON.stringify(log.body)).toBe(200);
      expect(log.body.entries[0]).toMatchObject({
        summary: expect.stringMatching(/stamp card/i),
        before: { stampCard: null },
        after: { stampCard: FIVE_OFF },
      });
    });

    it('earns a stamp when the order is delivered, not before, and once', async () => {
      const who = await newCustomer();
      const id = await placeCash(who);
      await setStatus(id, 'Approved Order');
      expect((await card(who.customer)).stamps).toBe(0);
      await setStatus(id, 'Delivered Order');
      expect(await card(who.customer)).toEqual({
        enabled: true,
        stamps: 1,
        needed: 2,
        rewardReady: false,
        reward: { kind: 'amount', label: 'Stamp card: £5.00 off', condition: null },
        entries: [{ entry: 'earned', stamps: 1, orderId: id, at: '2026-11-18T18:00:00.000Z' }],
      });
    });

    it('gives nothing for an order rejected or canceled', async () => {
      const who = await newCustomer();
      const rejected = await placeCash(who);
      await setStatus(rejected, 'Canceled Order');
      const canceled = await placeCash(who);
      await setStatus(canceled, 'Approved Order');
      await setStatus(canceled, 'Canceled Order');
      expect(await ledgerOf(who.customer.user.id)).toEqual([]);
    });

    it('takes the stamp back when the order is refunded in full, not for a part refund', async () => {
      const who = await newCustomer();
      const started = await call(server, 'POST', '/create-payment-intent', who.customer, {
        items: [pizzaLine(menu)],
        addressId: who.addressId,
        note: '',
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const paid = await call(server, 'POST', '/test-payments/confirm', who.customer, {
        clientSecret: started.body.clientSecret,
        ...TEST_CARD,
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const id = started.body.orderId as string;
      await deliver(id);
      expect((await card(who.customer)).stamps).toBe(1);

      const part = await call(server, 'POST', `/orders/${id}/refunds`, owner, { amount: 1, reason: 'Cold chips' });
      expect(part.status, JSON.stringify(part.body)).toBe(201);
      expect((await card(who.customer)).stamps).toBe(1);

      const rest = await call(server, 'POST', `/orders/${id}/refunds`, owner, { amount: 16.19, reason: 'It never came' });
      expect(rest.status, JSON.stringify(rest.body)).toBe(201);
      const after = await card(who.customer);
      expect(after.stamps).toBe(0);
      expect(after.entries.map((entry: { entry: string; stamps: number }) => [entry.entry, entry.stamps])).toEqual(
        expect.arrayContaining([
          ['earned', 1],
          ['reversed', -1],
        ]),
      );
    });

    it('spends a full card: the quote shows the reward, the order charges it, the ledger takes the stamps', async () => {
      const who = await newCustomer();
      await deliver(await placeCash(who));
      await deliver(await placeCash(who));
      expect(await card(who.customer)).toMatchObject({ stamps: 2, needed: 2, rewardReady: true });

      const quote = await call(server, 'POST', '/cart/quote', who.customer, { items: [pizzaLine(menu)], redeemStamps: true });
      expect(quote.status, JSON.stringify(quote.body)).toBe(200);
      expect(quote.body).toMatchObject({
        discounts: [{ source: 'stamp-card', label: 'Stamp card: £5.00 off', amount: 5, code: null }],
        discount: 5,
        toPay: 12.19,
      });

      const id = await placeCash(who, { redeemStamps: true });
      const [order] = await server.database.db.select().from(orders).where(eq(orders.id, id));
      expect(order).toMatchObject({ subtotal: 1719, discount: 500, total: 1219 });
      expect(order?.discounts).toEqual([{ source: 'stamp-card', label: 'Stamp card: £5.00 off', amount: 500 }]);
      expect(await card(who.customer)).toMatchObject({ stamps: 0, rewardReady: false });
      expect((await ledgerOf(who.customer.user.id)).map((row) => [row.entry, row.stamps, row.orderId])).toContainEqual([
        'redeemed',
        -2,
        id,
      ]);

      // The same reward twice is refused: the card is empty again.
      const again = await call(
        server,
        'POST',
        '/buy-product',
        who.customer,
        cashOrder([pizzaLine(menu)], who.addressId, { redeemStamps: true }),
      );
      expect(again.status).toBe(422);
      expect(again.body.code).toBe('STAMPS_NOT_ENOUGH');

      // The order that spent them canceled: they come back, once.
      await setStatus(id, 'Canceled Order');
      expect(await card(who.customer)).toMatchObject({ stamps: 2, rewardReady: true });
      expect((await ledgerOf(who.customer.user.id)).filter((row) => row.entry === 'restored')).toMatchObject([{ stamps: 2, orderId: id }]);
    });

    it('refuses the reward without a full card: the quote answers no line, the order 422 STAMPS_NOT_ENOUGH', async () => {
      const who = await newCustomer();
      await deliver(await placeCash(who));
      const quote = await call(server, 'POST', '/cart/quote', who.customer, { items: [pizzaLine(menu)], redeemStamps: true });
      expect(quote.body).toMatchObject({ discounts: [], discount: 0, toPay: 17.19 });
      const placed = await call(
        server,
        'POST',
        '/buy-product',
        who.customer,
        cashOrder([pizzaLine(menu)], who.addressId, { redeemStamps: true }),
      );
      expect(placed.status).toBe(422);
      expect(placed.body).toMatchObject({ code: 'STAMPS_NOT_ENOUGH', message: 'Your stamp card needs 1 more stamp before its reward' });
    });

    it('a free item: taken off when it is in the order, asked for when it is not', async () => {
      const bread = menu.product('Garlic Bread');
      const saved = await call(server, 'PUT', '/shop-settings', owner, {
        stampCard: { stampsNeeded: 2, reward: { kind: 'product', productId: bread } },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      try {
        const who = await newCustomer();
        await deliver(await placeCash(who));
        await deliver(await placeCash(who));
        expect((await card(who.customer)).reward).toEqual({
          kind: 'product',
          label: 'Stamp card: free Garlic Bread',
          condition: 'Add a Garlic Bread to your order to take it free',
        });
        const without = await call(
          server,
          'POST',
          '/buy-product',
          who.customer,
          cashOrder([pizzaLine(menu)], who.addressId, { redeemStamps: true }),
        );
        expect(without.status).toBe(422);
        expect(without.body.message).toBe('Add a Garlic Bread to your order to take it free');

        const items = [pizzaLine(menu), { productId: bread, quantity: 2 }];
        const quote = await call(server, 'POST', '/cart/quote', who.customer, { items, redeemStamps: true });
        expect(quote.body).toMatchObject({ discounts: [{ label: 'Stamp card: free Garlic Bread', amount: 3.49 }], toPay: 17.19 + 3.49 });
      } finally {
        await call(server, 'PUT', '/shop-settings', owner, { stampCard: FIVE_OFF });
      }
    });

    describe('as the shop clock moves on', () => {
      const at = (iso: string) => {
        server.config.shopTime = new Date(iso);
      };
      afterEach(() => at(DEFAULT_SHOP_TIME));
      const fullCard = async () => {
        const who = await newCustomer();
        await deliver(await placeCash(who));
        await deliver(await placeCash(who));
        return who;
      };

      it('gives back the stamps of an order the shop rejected by itself (nobody answered)', async () => {
        const who = await fullCard();
        const id = await placeCash(who, { redeemStamps: true });
        expect((await card(who.customer)).stamps).toBe(0);
        at('2026-11-18T18:11:00Z');
        expect((await runOrderTimers(server.app)).rejected).toContain(id);
        expect(await card(who.customer)).toMatchObject({ stamps: 2, rewardReady: true });
      });

      it('holds the stamps of a card order while its payment may come, and lets them go an hour after', async () => {
        const who = await fullCard();
        const started = await call(server, 'POST', '/create-payment-intent', who.customer, {
          items: [pizzaLine(menu)],
          addressId: who.addressId,
          note: '',
          redeemStamps: true,
        });
        expect(started.status, JSON.stringify(started.body)).toBe(200);
        expect(started.body.amount).toBe(12.19);
        expect((await card(who.customer)).stamps).toBe(0);
        at('2026-11-18T19:01:00Z');
        expect(await card(who.customer)).toMatchObject({ stamps: 2, rewardReady: true });
      });

      it('gives back the stamps of a card order refused when its payment came (the shop paused meanwhile)', async () => {
        const who = await fullCard();
        const started = await call(server, 'POST', '/create-payment-intent', who.customer, {
          items: [pizzaLine(menu)],
          addressId: who.addressId,
          note: '',
          redeemStamps: true,
        });
        expect(started.status, JSON.stringify(started.body)).toBe(200);
        expect((await call(server, 'PUT', '/shop-status', owner, { pause: { forMinutes: 30 } })).status).toBe(200);
        try {
          const paid = await call(server, 'POST', '/test-payments/confirm', who.customer, {
            clientSecret: started.body.clientSecret,
            ...TEST_CARD,
          });
          expect(paid.body.code).toBe('ORDER_NOT_PLACED');
        } finally {
          await call(server, 'PUT', '/shop-status', owner, { pause: null });
        }
        expect(await card(who.customer)).toMatchObject({ stamps: 2, rewardReady: true });
        expect(
          (await ledgerOf(who.customer.user.id))
            .filter((row) => row.orderId === started.body.orderId)
            .map((row) => row.entry)
            .sort(),
        ).toEqual(['redeemed', 'restored']);
      });

      it('earns a stamp for an order closed at the end of the day', async () => {
        const who = await newCustomer();
        const id = await placeCash(who);
        await setStatus(id, 'Approved Order');
        at('2026-11-18T23:20:00Z');
        const closed = await call(server, 'POST', '/orders/close-day', owner);
        expect(closed.status, JSON.stringify(closed.body)).toBe(200);
        expect((await card(who.customer)).entries).toMatchObject([{ entry: 'earned', stamps: 1, orderId: id }]);
      });
    });

    it('keeps its ledger append-only: an entry cannot be changed', async () => {
      const who = await newCustomer();
      await deliver(await placeCash(who));
      expect(
        await refusal(server.database.db.execute(sql`update loyalty_ledger set stamps = 50 where user_id = ${who.customer.user.id}`)),
      ).toMatch(/loyalty_ledger is append-only/);
      expect((await card(who.customer)).stamps).toBe(1);
    });
  });
});
