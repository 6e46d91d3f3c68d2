// The driver's tip (decision 1602): a delivery order's optional tip is in the quote's toPay and the order's total,
// held and captured with the card payment, refunded with the order (the food first, the tip last), shown on the
// receipt, the ticket and the order page, kept out of the VAT, and listed in full for the drivers' pay-out.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIP_ONLY_FOR_DELIVERY } from '@shop/shared/contract/order-extras';
import { DEFAULT_TIPPING_POLICY } from '@shop/shared/domain/tips';
import { auditLog, payments } from '../src/db/schema';
import { receiptMail } from '../src/modules/order-mail/compose';
import { readOrderForMail } from '../src/modules/order-mail/service';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { ADDRESS, call, loadMenu, pizzaLine, type Menu } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

const ONE_PIZZA = 17.19;
const CARD = { cardNumber: '4242 4242 4242 4242', exp: '12/30', cvc: '123' };

describe.each(testDatabases())('tips on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let owner: SignedIn;
  let addressId: string;
  /** Pounds: the delivery fee of the customer's post code (BS2 0JA: a zone of £1.50). */
  let deliveryFee: number;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true, env: { RATE_LIMIT_MULTIPLIER: '10' } });
    menu = await loadMenu(server);
    customer = await signInAs(server);
    owner = await signInAs(server, { role: 'owner' });
    // With its post code the shop delivers by its seeded zones, and charges their fee.
    expect((await call(server, 'PUT', '/shop-settings', owner, { shopPostcode: 'BS1 4DJ' })).status).toBe(200);
    const zone = await call(server, 'POST', '/delivery-zones', owner, { code: 'BS2', fee: 1.5, minimumOrder: 0 });
    expect(zone.status, JSON.stringify(zone.body)).toBe(201);
    const address = await call(server, 'POST', '/address-collection', customer, { ...ADDRESS, postcode: 'BS2 0JA' });
    expect(address.status).toBe(201);
    addressId = address.body.insertedId as string;
    const quote = await call(server, 'POST', '/cart/quote', customer, {
      items: [pizzaLine(menu)],
      postcode: 'BS2 0JA',
      fulfilment: 'delivery',
    });
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
    const answer = await quote({ postcode: 'BS2 0JA', fulfilment: 'delivery', tip: 2 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ subtotal: ONE_PIZZA, tip: 2, toPay: round(ONE_PIZZA + deliveryFee + 2) });
    expect((await quote({ postcode: 'BS2 0JA', fulfilment: 'delivery' })).body).toMatchObject({
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
      const answer = await quote({ postcode: 'BS2 0JA', fulfilment: 'delivery', tip });
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

  it('a partial refund takes the food first and leaves the tip to the driver; a whole refund gives it back; the report lists both in full', async () => {
    const kept = await heldCardOrder(3);
    const returned = await heldCardOrder(2.5);
    const cash = await call(server, 'POST', '/buy-product', customer, {
      items: [pizzaLine(menu)],
      paymentType: 'Cash',
      addressId,
      note: '',
      tip: 1,
    });
    expect(cash.status).toBe(201);
    const notDelivered = await heldCardOrder(4);
    for (const id of [kept.id, returned.id, cash.body.insertedId as string, notDelivered.id]) {
      expect((await setStatus(id, { status: 'Approved Order', readyInMinutes: 40 })).status).toBe(200);
    }
    for (const id of [kept.id, returned.id, cash.body.insertedId as string]) {
      expect((await setStatus(id, { status: 'Delivered Order' })).status).toBe(200);
    }
    const refund = (id: string, amount: number) => call(server, 'POST', `/orders/${id}/refunds`, owner, { amount, reason: 'Cold pizza' });
    expect((await refund(kept.id, 5)).status).toBe(201);
    // All of it, in two refunds: the second reaches the tip.
    expect((await refund(returned.id, round(ONE_PIZZA))).status).toBe(201);
    expect((await refund(returned.id, round(deliveryFee + 2.5))).status).toBe(201);
    expect(await order(returned.id)).toMatchObject({ paymentStatus: 'refunded' });

    const report = await call(server, 'GET', '/reports/tips?from=2026-11-18&to=2026-11-18', owner);
    expect(report.status).toBe(200);
    expect(report.body.from).toBe('2026-11-18');
    expect(report.body.tips).toEqual(
      [
        {
          orderId: kept.id,
          displayId: kept.id.slice(-6),
          placedAt: '2026-11-18T18:00:00.000Z',
          tip: 3,
          tipRefunded: 0,
          driverTip: 3,
          driver: null,
        },
        {
          orderId: returned.id,
          displayId: returned.id.slice(-6),
          placedAt: '2026-11-18T18:00:00.000Z',
          tip: 2.5,
          tipRefunded: 2.5,
          driverTip: 0,
          driver: null,
        },
        {
          orderId: cash.body.insertedId,
          displayId: (cash.body.insertedId as string).slice(-6),
          placedAt: '2026-11-18T18:00:00.000Z',
          tip: 1,
          tipRefunded: 0,
          driverTip: 1,
          driver: null,
        },
      ].sort((a, b) => a.orderId.localeCompare(b.orderId)),
    );
    expect(report.body.total).toEqual({ tip: 6.5, tipRefunded: 2.5, driverTip: 4 });
    // Another day's report has none of them; the kitchen and customers cannot read it.
    expect((await call(server, 'GET', '/reports/tips?from=2026-11-19&to=2026-11-30', owner)).body.tips).toEqual([]);
    expect((await call(server, 'GET', '/reports/tips', await signInAs(server, { role: 'kitchen' }))).status).toBe(403);
    expect((await call(server, 'GET', '/reports/tips?from=2026-11-19&to=2026-11-18', owner)).status).toBe(400);
  });

  it('the tip is on the ticket, the receipt mail and the order pages, and outside the VAT', async () => {
    const { id } = await heldCardOrder(2);
    const total = round(ONE_PIZZA + deliveryFee + 2);
    expect((await setStatus(id, { status: 'Approved Order', readyInMinutes: 40 })).status).toBe(200);

    const customerCopy = await call(server, 'GET', `/orders/${id}/ticket?kind=customer`, owner);
    expect(customerCopy.body.text).toMatch(/Driver tip +£2\.00/);
    expect(customerCopy.body.text).toMatch(new RegExp(`Total +£${total.toFixed(2)}`));
    expect((await call(server, 'GET', `/orders/${id}/ticket?kind=kitchen`, owner)).body.text).toContain(
      'Driver tip £2.00 (for the driver)',
    );

    // The customer's order page and the tracking page carry it; the receipt mail has its line.
    expect((await call(server, 'GET', `/buy-product/${id}`, customer)).body).toMatchObject({ tip: 2, totalPrice: total });
    const mail = await readOrderForMail(server.app.db, id);
    expect(receiptMail(mail!.order).text).toContain(`\nDriver tip: £2.00\nTotal: £${total.toFixed(2)}\n`);

    // A VAT-registered shop's receipt counts the food and the fee, never the tip (a voluntary tip is outside VAT).
    expect((await call(server, 'PUT', '/shop-settings', owner, { vatNumber: 'GB123456789' })).status).toBe(200);
    try {
      const receipt = await call(server, 'GET', `/receipts/${id}`, customer);
      expect(receipt.status).toBe(200);
      const gross = (receipt.body.vat.rates as Array<{ gross: number }>).reduce((sum, rate) => sum + rate.gross, 0);
      expect(round(gross)).toBe(round(ONE_PIZZA + deliveryFee));
    } finally {
      expect((await call(server, 'PUT', '/shop-settings', owner, { vatNumber: null })).status).toBe(200);
    }
  });

  it('the tipping policy: the default until the owner writes one, then theirs, dated and in the audit log', async () => {
    expect((await call(server, 'GET', '/tipping-policy', null)).body).toEqual({ policy: DEFAULT_TIPPING_POLICY, updatedAt: null });
    const text = 'All tips go to the driver who delivered the order, in full.\n\nPaid with wages each month.';
    const manager = await signInAs(server, { role: 'manager' });
    expect((await call(server, 'PUT', '/tipping-policy', manager, { policy: text })).status).toBe(403);
    expect((await call(server, 'PUT', '/tipping-policy', owner, { policy: '   ' })).status).toBe(400);
    const saved = await call(server, 'PUT', '/tipping-policy', owner, { policy: `  ${text}  ` });
    expect(saved.status).toBe(200);
    const answer = { policy: text, updatedAt: server.app.now().toISOString() };
    expect(saved.body).toEqual(answer);
    expect((await call(server, 'GET', '/tipping-policy', null)).body).toEqual(answer);
    const entries = await server.app.db.select().from(auditLog).where(eq(auditLog.action, 'tipping-policy.update'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: owner.user.id, summary: 'Changed the tipping policy' });
  });

  it('a cash order without a tip has a tip of 0', async () => {
    const placed = await call(server, 'POST', '/buy-product', customer, {
      items: [pizzaLine(menu)],
      paymentType: 'Cash',
      addressId,
      note: '',
    });
    expect(placed.status).toBe(201);
    expect(await order(placed.body.insertedId)).toMatchObject({ tip: 0, totalPrice: round(ONE_PIZZA + deliveryFee) });
  });
});

/** Pounds to the penny, as the wire carries them. */
function round(pounds: number): number {
  return Math.round(pounds * 100) / 100;
}
