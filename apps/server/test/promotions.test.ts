// Promotions (decision 1600): the owner's codes and automatic offers, edited through /api/promotions; the cart quote
// shows a code's discount line or why it does not apply, and an order charges exactly what the quote showed. A
// code's limits hold under parallel orders (run on PostgreSQL too), and a canceled order gives its use back.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, promotionRedemptions } from '../src/db/schema';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { addAddress, call, cashOrder, loadMenu, pizzaLine, type Menu } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

let codes = 0;
/** A code of this test's own, so one test's uses never reach another's. */
const newCode = (stem = 'PIZZA') => `${stem}${(codes += 1)}${Date.now().toString(36).slice(-3)}`.toUpperCase();

const tenPercent = (code: string, extra: Record<string, unknown> = {}) => ({ name: 'Ten off', code, kind: 'percent', value: 10, ...extra });

describe.each(testDatabases())('promotions on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let owner: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    menu = await loadMenu(server);
    owner = await signInAs(server, { role: 'owner' });
    expect((await call(server, 'PUT', '/shop-settings', owner, { shopPostcode: 'BS1 4DJ' })).status).toBe(200);
  });
  afterAll(async () => server?.close());

  const create = async (body: Record<string, unknown>) => {
    const answer = await call(server, 'POST', '/promotions', owner, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { _id: string; code: string | null };
  };
  /** A customer of their own with a saved address in BS1 (delivered free). */
  const newCustomer = async () => {
    const customer = await signInAs(server);
    return { customer, addressId: await addAddress(server, customer) };
  };
  const quote = (who: SignedIn | null, promoCode: string, extra: Record<string, unknown> = {}) =>
    call(server, 'POST', '/cart/quote', who, {
      items: [pizzaLine(menu)],
      fulfilment: 'delivery',
      postcode: 'BS1 4DJ',
      promoCode,
      ...extra,
    });

  describe('editing', () => {
    it('adds a code (stored upper case), lists it with its uses, changes it and archives it', async () => {
      const code = newCode();
      const added = await call(server, 'POST', '/promotions', owner, {
        ...tenPercent(code.toLowerCase()),
        conditions: { minSpend: 15, days: [1, 2, 3, 4], hours: { from: '17:00', until: '21:00' } },
        limits: { perCustomer: 1 },
      });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        code,
        active: true,
        kind: 'percent',
        value: 10,
        target: { on: 'order' },
        conditions: { minSpend: 15, firstOrder: false, days: [1, 2, 3, 4], hours: { from: '17:00', until: '21:00' }, fulfilment: null },
        limits: { perCustomer: 1, total: null },
        uses: 0,
      });
      const id = added.body._id as string;

      const listed = await call(server, 'GET', '/promotions', owner);
      expect(listed.status).toBe(200);
      expect(listed.body.find((each: { _id: string }) => each._id === id)).toMatchObject({ code, uses: 0 });

      const changed = await call(server, 'PUT', `/promotions/${id}`, owner, {
        name: 'Five off',
        code,
        kind: 'amount',
        value: 5,
        active: false,
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({
        name: 'Five off',
        kind: 'amount',
        value: 5,
        active: false,
        conditions: { minSpend: 0, days: null },
      });

      expect((await call(server, 'DELETE', `/promotions/${id}`, owner)).body).toEqual({ deletedCount: 1 });
      const after = await call(server, 'GET', '/promotions', owner);
      expect(after.body.some((each: { _id: string }) => each._id === id)).toBe(false);
      // Its code is free again.
      await create(tenPercent(code));
    });

    it('refuses a code that is taken, bad values with their field, unknown ids and customers', async () => {
      const code = newCode();
      await create(tenPercent(code));
      const taken = await call(server, 'POST', '/promotions', owner, tenPercent(code.toLowerCase()));
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({
        code: 'PROMO_CODE_TAKEN',
        message: `There is already a promotion with the code ${code}: choose another code`,
      });

      const bad = async (body: Record<string, unknown>, message: string) => {
        const answer = await call(server, 'POST', '/promotions', owner, body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(answer.body.message).toContain(message);
      };
      await bad(tenPercent(newCode(), { value: 150 }), 'value: a percentage must be a whole number from 1 to 100');
      await bad(
        tenPercent(newCode(), { kind: 'amount', value: 2.555 }),
        'value: an amount off must be in pounds from 0.01 to 1000, to the penny',
      );
      await bad(tenPercent('a b'), 'code must be 3 to 32 letters, digits or dashes, such as PIZZA10');
      await bad(
        tenPercent(newCode(), { kind: 'free-delivery', value: 0, target: { on: 'category', category: 'Pizzas' } }),
        'target: free delivery is on the whole order',
      );
      await bad(tenPercent(newCode(), { conditions: { hours: { from: '25:00', until: '21:00' } } }), 'Must be a time as HH:MM');
      await bad(
        tenPercent(newCode(), { conditions: { startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' } }),
        'conditions.endsAt: the end must come after the start',
      );

      const unknown = await call(server, 'PUT', '/promotions/aaaaaaaaaaaaaaaaaaaaaaaa', owner, tenPercent(newCode()));
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('PROMOTION_NOT_FOUND');
      expect((await call(server, 'DELETE', '/promotions/nonsense', owner)).status).toBe(404);

      const { customer } = await newCustomer();
      expect((await call(server, 'GET', '/promotions', customer)).status).toBe(403);
      expect((await call(server, 'POST', '/promotions', customer, tenPercent(newCode()))).status).toBe(403);
    });
  });

  describe('the quote and the order', () => {
    it('quotes the discount line and what to pay; a cash order and a card order charge exactly that', async () => {
      const code = newCode();
      await create(tenPercent(code));
      const { customer, addressId } = await newCustomer();

      const quoted = await quote(customer, code.toLowerCase());
      expect(quoted.status).toBe(200);
      // A large Margherita, stuffed crust, pepperoni: £17.19; 10% is £1.719, to the nearest penny £1.72.
      expect(quoted.body).toMatchObject({
        discounts: [{ source: 'promotion', label: `${code}: 10% off`, amount: 1.72, code }],
        discount: 1.72,
        promo: { code, applied: true, reason: null },
        toPay: 15.47,
      });

      const cash = await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId, { promoCode: code }));
      expect(cash.status, JSON.stringify(cash.body)).toBe(201);
      const [row] = await server.database.db.select().from(orders).where(eq(orders.id, cash.body.insertedId));
      expect(row).toMatchObject({ subtotal: 1719, discount: 172, total: 1547 });
      expect(row?.discounts).toEqual([expect.objectContaining({ source: 'promotion', label: `${code}: 10% off`, amount: 172, code })]);

      const card = await call(server, 'POST', '/create-payment-intent', customer, {
        items: [pizzaLine(menu)],
        addressId,
        note: '',
        promoCode: code,
      });
      expect(card.status, JSON.stringify(card.body)).toBe(200);
      expect(card.body.amount).toBe(15.47);
    });

    it('tells why a code does not apply, and an order with it is refused with the same words', async () => {
      const code = newCode();
      await create(tenPercent(code, { conditions: { minSpend: 20 } }));
      const { customer, addressId } = await newCustomer();

      const quoted = await quote(customer, code);
      expect(quoted.body).toMatchObject({
        discounts: [],
        promo: { code, applied: false, reason: 'This code needs £20.00 of food: add £2.81 more' },
        toPay: 17.19,
      });
      const refused = await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId, { promoCode: code }));
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'PROMO_NOT_APPLICABLE', message: 'This code needs £20.00 of food: add £2.81 more' });
      const card = await call(server, 'POST', '/create-payment-intent', customer, {
        items: [pizzaLine(menu)],
        addressId,
        note: '',
        promoCode: code,
      });
      expect(card.status).toBe(422);
      expect(card.body.message).toBe('This code needs £20.00 of food: add £2.81 more');

      expect((await quote(null, 'NOSUCHCODE')).body.promo).toEqual({
        code: 'NOSUCHCODE',
        applied: false,
        reason: "We don't recognise the code NOSUCHCODE",
      });
      const collection = newCode();
      await create(tenPercent(collection, { conditions: { fulfilment: 'collection' } }));
      expect((await quote(null, collection)).body.promo.reason).toBe('This code is for collection orders');
    });
  });

  it('refunds at most what the discounted card order charged, and its receipt’s VAT is on what was paid', async () => {
    const code = newCode();
    await create(tenPercent(code));
    const { customer, addressId } = await newCustomer();
    const started = await call(server, 'POST', '/create-payment-intent', customer, {
      items: [pizzaLine(menu)],
      addressId,
      note: '',
      promoCode: code,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const paid = await call(server, 'POST', '/test-payments/confirm', customer, {
      clientSecret: started.body.clientSecret,
      cardNumber: '4242424242424242',
      exp: '12/30',
      cvc: '123',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const id = started.body.orderId as string;
    expect((await call(server, 'PUT', `/update-sell-products/${id}`, owner, { status: 'Approved Order' })).status).toBe(200);

    const tooMuch = await call(server, 'POST', `/orders/${id}/refunds`, owner, { amount: 15.48, reason: 'Cold' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({ code: 'REFUND_TOO_LARGE', message: 'You can refund at most £15.47' });
    expect((await call(server, 'POST', `/orders/${id}/refunds`, owner, { amount: 15.47, reason: 'Cold' })).status).toBe(201);

    expect((await call(server, 'PUT', '/shop-settings', owner, { vatNumber: 'GB123456789' })).status).toBe(200);
    const receipt = await call(server, 'GET', `/receipts/${id}`, customer);
    // £17.19 less £1.72: the VAT is on the £15.47 paid (257.83p, to the penny 258p).
    expect(receipt.body.vat.rates).toEqual([
      expect.objectContaining({ rate: 'standard', gross: 15.47, vat: 2.58, text: 'VAT at 20% included: £2.58 of £15.47' }),
    ]);
    expect((await call(server, 'PUT', '/shop-settings', owner, { vatNumber: null })).status).toBe(200);
  });

  it('takes a code on a phone order the staff take, and refuses a website-only code there in its words', async () => {
    const counter = await signInAs(server, { role: 'counter' });
    const phoneCode = newCode();
    await create(tenPercent(phoneCode));
    const webOnly = newCode();
    await create(tenPercent(webOnly, { conditions: { channels: ['web', 'guest'] } }));
    const take = (promoCode: string) =>
      call(server, 'POST', '/staff/orders', counter, {
        channel: 'phone',
        customer: { name: 'Ada Caller', phone: '07700 900777' },
        fulfilment: 'collection',
        items: [pizzaLine(menu)],
        payment: 'cash',
        promoCode,
      });
    const taken = await take(phoneCode);
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, taken.body.insertedId));
    expect(row).toMatchObject({ channel: 'phone', discount: 172, total: 1547 });
    const refused = await take(webOnly);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'PROMO_NOT_APPLICABLE', message: 'This code is for website orders' });
    // The New order screen's quote says the same before the order is placed; a customer cannot claim a staff channel.
    const staffQuote = await quote(counter, webOnly, { channel: 'phone', fulfilment: 'collection', postcode: undefined });
    expect(staffQuote.body.promo).toMatchObject({ applied: false, reason: 'This code is for website orders' });
    const { customer } = await newCustomer();
    expect((await quote(customer, webOnly, { channel: 'phone' })).body.promo).toMatchObject({ applied: true });
  });

  describe('limits', () => {
    it('gives a code limited to one use a customer to exactly one of six orders sent at once', async () => {
      const code = newCode();
      const { _id } = await create(tenPercent(code, { limits: { perCustomer: 1 } }));
      const { customer, addressId } = await newCustomer();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId, { promoCode: code })),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
      for (const answer of answers.filter((each) => each.status === 422))
        expect(answer.body).toMatchObject({ code: 'PROMO_NOT_APPLICABLE', message: 'You have already used this code' });
      const uses = await server.database.db.select().from(promotionRedemptions).where(eq(promotionRedemptions.promotionId, _id));
      expect(uses).toHaveLength(1);
      expect((await quote(customer, code)).body.promo.reason).toBe('You have already used this code');
    });

    it('holds a total limit across customers ordering at once', async () => {
      const code = newCode();
      await create(tenPercent(code, { limits: { total: 2 } }));
      const customers = await Promise.all(Array.from({ length: 4 }, () => newCustomer()));
      const answers = await Promise.all(
        customers.map(({ customer, addressId }) =>
          call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId, { promoCode: code })),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 422, 422]);
      expect(answers.find((answer) => answer.status === 422)?.body.message).toBe('This code has been used up');
    });

    it('gives a canceled order’s use back', async () => {
      const code = newCode();
      await create(tenPercent(code, { limits: { perCustomer: 1 } }));
      const { customer, addressId } = await newCustomer();
      const first = await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId, { promoCode: code }));
      expect(first.status).toBe(201);
      expect((await quote(customer, code)).body.promo.applied).toBe(false);
      const canceled = await call(server, 'PUT', `/update-sell-products/${first.body.insertedId}`, owner, {
        status: 'Canceled Order',
        reason: 'Too far',
      });
      expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
      expect((await quote(customer, code)).body.promo).toMatchObject({ applied: true });
      const listed = await call(server, 'GET', '/promotions', owner);
      expect(listed.body.find((each: { code: string }) => each.code === code)).toMatchObject({ uses: 0 });
    });
  });
});
