// The driver's tip (decision 1602): a delivery order's optional tip is in the quote's toPay and the order's total,
// held and captured with the card payment, refunded with the order (the food first, the tip last), shown on the
// receipt, the ticket and the order page, kept out of the VAT, and listed in full for the drivers' pay-out.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIP_ONLY_FOR_DELIVERY } from '@shop/shared/contract/order-extras';
import { payments } from '../src/db/schema';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { call, pizzaLine, readyToOrder, type Menu } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

const ONE_PIZZA = 17.19;
const CARD = { cardNumber: '4242 4242 4242 4242', exp: '12/30', cvc: '123' };

describe.each(testDatabases())('tips on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let owner: SignedIn;
  let addressId: string;
  /** Pounds: the delivery fee of the customer's post code (BS1 4DJ, a seeded zone). */
  let deliveryFee: number;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true, env: { RATE_LIMIT_MULTIPLIER: '10' } });
    ({ menu, customer, addressId } = await readyToOrder(server));
    owner = await signInAs(server, { role: 'owner' });
    // With its post code the shop delivers by its seeded zones, and charges their fee.
    expect((await call(server, 'PUT', '/shop-settings', owner, { shopPostcode: 'BS1 4DJ' })).status).toBe(200);
    const quote = await call(server, 'POST', '/cart/quote', customer, { items: [pizzaLine(menu)], postcode: 'BS1 4DJ', fulfilment: 'delivery' });
    expect(quote.body.delivery).toMatchObject({ delivers: true });
    deliveryFee = quote.body.delivery.fee as number;
    expect(deliveryFee).toBeGreaterThan(0);
  });
  afterAll(async () => server?.close());

  const quote = (body: Record<string, unknown>) => call(server, 'POST', '/cart/quote', customer, { items: [pizzaLine(menu)], ...body });
  const order = async (id: string) => (await call(server, 'GET', `/buy-product/${id}`, owner)).body;
  const intentOf = async (id: string) => (await server.app.db.select().from(payments).where(eq(payments.orderId, id)))[0];
  const setStatus = (id: string, body: Record<string, unknown>) => call(server, 'PUT', `/update-sell-products/${id}`, owner, body);

  /** A card delivery with `tip` (pounds), paid with test card 4242 (held): its id and the amount the intent was opened for. */
  async function heldCardOrder(tip?: number): Promise<{ id: string; amount: number }> {
    const started = await call(server, 'POST', '/create-payment-intent', customer, {
      items: [pizzaLine(menu)],
      addressId,
      note: '',
      ...(tip === undefined ? {} : { tip }),
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const confirmed = await call(server, 'POST', '/test-payments/confirm', customer, { clientSecret: started.body.clientSecret, ...CARD });
    expect(confirmed.body).toEqual({ status: 'requires_capture', orderId: started.body.orderId });
    return { id: started.body.orderId as string, amount: started.body.amount as number };
  }

  it('the quote of a delivery adds the tip to what is to pay', async () => {
    const answer = await quote({ postcode: 'BS1 4DJ', fulfilment: 'delivery', tip: 2 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ subtotal: ONE_PIZZA, tip: 2, toPay: round(ONE_PIZZA + deliveryFee + 2) });
    expect((await quote({ postcode: 'BS1 4DJ', fulfilment: 'delivery' })).body).toMatchObject({
      tip: 0,
      toPay: round(ONE_PIZZA + deliveryFee),
    });
  });

  it('refuses a tip on a collection, at the quote and at both order routes', async () => {
    const quoted = await quote({ fulfilment: 'collection', tip: 2 });
    expect(quoted.status).toBe(400);
    expect(quoted.body.message).toBe(`tip: ${TIP_ONLY_FOR_DELIVERY}`);
    const contact = { name: 'Grace Hopper', phone: '07700900456' };
    for (const path of ['/buy-product', '/create-payment-intent']) {
      const refused = await call(server, 'POST', path, customer, {
        items: [pizzaLine(menu)],
        fulfilment: 'collection',
        contact,
        note: '',
        tip: 2,
        ...(path === '/buy-product' ? { paymentType: 'Cash' } : {}),
      });
      expect(refused.status, path).toBe(400);
      expect(refused.body.message, path).toContain(TIP_ONLY_FOR_DELIVERY);
    }
  });

  it('refuses a tip that is not pounds to the penny, or more than £50', async () => {
    for (const tip of [-1, 2.005, 50.01]) {
      const answer = await quote({ postcode: 'BS1 4DJ', fulfilment: 'delivery', tip });
      expect(answer.status, String(tip)).toBe(400);
      expect(answer.body.message).toContain('tip must be an amount in pounds from 0 to 50');
    }
  });

  it('a card order with a tip: the intent holds it, accepting captures it in full, cancelling after refunds it all', async () => {
    const { id, amount } = await heldCardOrder(3);
    const total = round(ONE_PIZZA + deliveryFee + 3);
    expect(amount).toBe(total);
    expect(await order(id)).toMatchObject({ tip: 3, deliveryFee, subtotal: ONE_PIZZA, totalPrice: total, paymentStatus: 'authorised' });
    expect(await intentOf(id)).toMatchObject({ amount: Math.round(total * 100), status: 'requires_capture' });

    expect((await setStatus(id, { status: 'Approved Order', readyInMinutes: 40 })).status).toBe(200);
    expect(await intentOf(id)).toMatchObject({ amount: Math.round(total * 100), status: 'succeeded' });
    expect(await order(id)).toMatchObject({ paymentStatus: 'paid', refundedTotal: 0 });

    expect((await setStatus(id, { status: 'Canceled Order', reason: 'The oven broke' })).status).toBe(200);
    expect(await order(id)).toMatchObject({ status: 'Canceled Order', paymentStatus: 'refunded', refundedTotal: total });
  });

  it('a cash order without a tip has a tip of 0', async () => {
    const placed = await call(server, 'POST', '/buy-product', customer, { items: [pizzaLine(menu)], paymentType: 'Cash', addressId, note: '' });
    expect(placed.status).toBe(201);
    expect(await order(placed.body.insertedId)).toMatchObject({ tip: 0, totalPrice: round(ONE_PIZZA + deliveryFee) });
  });
});

/** Pounds to the penny, as the wire carries them. */
function round(pounds: number): number {
  return Math.round(pounds * 100) / 100;
}
