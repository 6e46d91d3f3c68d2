import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderStatusHistory, payments } from '../../db/schema';
import {
  addAddress,
  call,
  dealLine,
  orderHistory,
  pizzaLine,
  PIZZA_AND_DEAL_TOTAL,
  readyToOrder,
  type Menu,
} from '../../../test/order-fixtures';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { signInAs, type SignedIn } from '../../../test/sign-in';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stripe-stand-in';
import { onCardOrderPaid } from './payment-events';
import { paymentProvider } from './provider';

/** The card orders the shop was told of as placed (what the back office's live list and popup hear). */
function placedAnnouncements(server: TestServer): { ids: string[]; stop(): void } {
  const ids: string[] = [];
  const stop = onCardOrderPaid(server.app.db, (event) => void ids.push(event.orderId), server.app.log);
  return { ids, stop };
}

/** 20 requests at once with one Idempotency-Key, as a browser's retries and a double click can send them. */
async function startTwentyAtOnce(start: () => Promise<{ status: number; body: { orderId: string; clientSecret: string } }>) {
  const answers = await Promise.all(Array.from({ length: 20 }, () => start()));
  expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
  expect(new Set(answers.map((answer) => answer.body.orderId)).size).toBe(1);
  expect(new Set(answers.map((answer) => answer.body.clientSecret)).size).toBe(1);
  return answers[0]!.body;
}

describe.each(testDatabases())('card payments with the offline test provider on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let addressId: string;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    ({ menu, customer, addressId } = await readyToOrder(server));
  });
  afterAll(async () => server.close());

  const startPayment = (extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    call(
      server,
      'POST',
      '/create-payment-intent',
      customer,
      { items: [pizzaLine(menu), dealLine(menu)], addressId, note: 'No onions', ...extra },
      headers,
    );
  const confirm = (clientSecret: string, cardNumber: string) =>
    call(server, 'POST', '/test-payments/confirm', customer, { clientSecret, cardNumber, exp: '12/30', cvc: '123' });

  it('tells the browser it is in test mode', async () => {
    expect((await call(server, 'GET', '/payment-config', null)).body).toEqual({
      cardPayments: true,
      provider: 'test',
      publishableKey: null,
      testMode: true,
    });
  });

  it('refuses a client price that disagrees with the server’s total', async () => {
    const tampered = await startPayment({ price: 1 });
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toBe(`The price sent does not match the order total of £${PIZZA_AND_DEAL_TOTAL.toFixed(2)}`);
    expect(await server.app.db.select().from(orders).where(eq(orders.userId, customer.user.id))).toHaveLength(0);
  });

  it('places no order when the card is declined, and shows Stripe’s message', async () => {
    const started = await startPayment({ price: PIZZA_AND_DEAL_TOTAL }, { 'Idempotency-Key': 'card-declined-0001' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ provider: 'test', testMode: true, publishableKey: null, amount: PIZZA_AND_DEAL_TOTAL });
    expect(await orderHistory(server, customer)).toEqual([]);

    const declined = await confirm(started.body.clientSecret, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    const poor = await confirm(started.body.clientSecret, '4000 0000 0000 9995');
    expect(poor.body.message).toBe('Your card has insufficient funds.');
    expect(await orderHistory(server, customer)).toEqual([]);
    const order = (await call(server, 'GET', `/buy-product/${started.body.orderId}`, customer)).body;
    expect(order.paymentStatus).toBe('failed');
    expect((await call(server, 'GET', `/my-product/${encodeURIComponent(customer.user.email)}`, customer)).body).toEqual([]);
  });

  it('places the order once when test card 4242 is authorised: the money is held, not taken', async () => {
    const key = { 'Idempotency-Key': 'card-success-0001' };
    const started = await startPayment({}, key);
    const again = await startPayment({}, key);
    expect(again.body).toEqual(started.body);

    const held = await confirm(started.body.clientSecret, '4242 4242 4242 4242');
    expect(held.body).toEqual({ status: 'requires_capture', orderId: started.body.orderId });
    expect((await confirm(started.body.clientSecret, '4242424242424242')).body).toEqual(held.body);

    const listed = await orderHistory(server, customer);
    expect(listed.map((o) => o._id)).toEqual([started.body.orderId]);
    expect(listed[0]).toMatchObject({ paymentType: 'Card', paymentStatus: 'authorised', status: 'Pending Order', note: 'No onions' });
    expect(listed[0]!.placedAt).toBe(server.app.now().toISOString());
    const [intent] = await server.app.db.select().from(payments).where(eq(payments.orderId, started.body.orderId));
    expect(intent?.status).toBe('requires_capture');
    const history = await server.app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, started.body.orderId));
    expect(history).toHaveLength(1);
  });

  it('answers 20 parallel requests with one Idempotency-Key with one order and one client secret, and places it once when paid', async () => {
    const announced = placedAnnouncements(server);
    try {
      const key = { 'Idempotency-Key': 'card-parallel-0001' };
      const started = await startTwentyAtOnce(() => startPayment({}, key));
      // Every intent opened for the order is the order's: here there is only the one.
      expect(await server.app.db.select().from(payments).where(eq(payments.orderId, started.orderId))).toHaveLength(1);

      expect((await confirm(started.clientSecret, '4242 4242 4242 4242')).body).toEqual({
        status: 'requires_capture',
        orderId: started.orderId,
      });
      expect((await orderHistory(server, customer)).filter((o) => o._id === started.orderId)).toHaveLength(1);
      expect(await server.app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, started.orderId))).toHaveLength(1);
      expect(announced.ids).toEqual([started.orderId]);
    } finally {
      announced.stop();
    }
  });

  it('places the order once when an intent the order owns, but that was not the one handed out, is paid', async () => {
    const shopper = await signInAs(server);
    const address = await addAddress(server, shopper);
    const started = (
      await call(server, 'POST', '/create-payment-intent', shopper, { items: [pizzaLine(menu)], addressId: address, note: '' })
    ).body;
    // A second intent opened for the same order (what a request that lost a race opens), recorded as the order's.
    const provider = paymentProvider(server.app);
    const order = (await server.app.db.select().from(orders).where(eq(orders.id, started.orderId)))[0]!;
    const other = await provider.createIntent({
      amount: order.total,
      orderId: order.id,
      email: shopper.user.email,
      idempotencyKey: `another-${order.id}`,
    });
    expect(other.clientSecret).not.toBe(started.clientSecret);
    await server.app.db.insert(payments).values({
      userId: shopper.user.id,
      orderId: order.id,
      provider: 'test',
      intentId: other.id,
      amount: other.amount,
      status: other.status,
      createdAt: server.app.now(),
    });

    const announced = placedAnnouncements(server);
    try {
      const pay = (clientSecret: string) =>
        call(server, 'POST', '/test-payments/confirm', shopper, { clientSecret, cardNumber: '4242424242424242', exp: '12/30', cvc: '123' });
      expect((await pay(other.clientSecret)).body).toEqual({ status: 'requires_capture', orderId: order.id });
      expect((await orderHistory(server, shopper)).map((o) => [o._id, o.paymentStatus])).toEqual([[order.id, 'authorised']]);
      // The intent that was handed out, paid as well: the order is not placed a second time.
      expect((await pay(started.clientSecret)).body).toEqual({ status: 'requires_capture', orderId: order.id });
      expect(await orderHistory(server, shopper)).toHaveLength(1);
      expect(await server.app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id))).toHaveLength(1);
      expect(announced.ids).toEqual([order.id]);
    } finally {
      announced.stop();
    }
  });

  it('lets only the customer confirm their own payment', async () => {
    const started = await startPayment();
    const stranger = await signInAs(server);
    const theirs = await call(server, 'POST', '/test-payments/confirm', stranger, {
      clientSecret: started.body.clientSecret,
      cardNumber: '4242424242424242',
      exp: '12/30',
      cvc: '123',
    });
    expect(theirs.status).toBe(404);
    const forged = await confirm(`${started.body.clientSecret.split('_secret_')[0]}_secret_guess`, '4242424242424242');
    expect(forged.status).toBe(404);
  });
});

describe.each(testDatabases())('card payments through Stripe (a local stand-in of its API) on %s', (kind) => {
  const WEBHOOK_SECRET = 'whsec_test_standin_secret';
  let standIn: StripeStandIn;
  let server: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let addressId: string;
  const signer = new Stripe('sk_test_signer');

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    server = await startTestServer({
      db: kind,
      seed: true,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_shop',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: standIn.url,
      },
    });
    ({ menu, customer, addressId } = await readyToOrder(server));
  });
  afterAll(async () => {
    await server.close();
    await standIn.close();
  });

  const webhook = (payload: string, signature: string) =>
    fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  const sign = (payload: string, secret = WEBHOOK_SECRET) => signer.webhooks.generateTestHeaderString({ payload, secret });

  it('tells the browser to use Stripe with the publishable key', async () => {
    expect((await call(server, 'GET', '/payment-config', null)).body).toEqual({
      cardPayments: true,
      provider: 'stripe',
      publishableKey: 'pk_test_shop',
      testMode: false,
    });
  });

  it('creates an authorise-only intent at Stripe for the server’s amount and places the order held from the signed webhook, once', async () => {
    const started = await call(server, 'POST', '/create-payment-intent', customer, {
      items: [pizzaLine(menu), dealLine(menu)],
      addressId,
      note: '',
      price: PIZZA_AND_DEAL_TOTAL,
    });
    expect(started.status).toBe(200);
    const request = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(request?.authorization).toBe('Bearer sk_test_shop');
    expect(request?.form.get('amount')).toBe(String(Math.round(PIZZA_AND_DEAL_TOTAL * 100)));
    expect(request?.form.get('currency')).toBe('gbp');
    expect(request?.form.get('capture_method')).toBe('manual');
    expect(request?.form.get('metadata[orderId]')).toBe(started.body.orderId);
    expect(request?.idempotencyKey).toBe(`order-${started.body.orderId}`);
    const intent = [...standIn.intents.values()].find((i) => i.metadata.orderId === started.body.orderId);
    expect(started.body).toEqual({
      clientSecret: intent?.client_secret,
      orderId: started.body.orderId,
      provider: 'stripe',
      publishableKey: 'pk_test_shop',
      testMode: false,
      amount: PIZZA_AND_DEAL_TOTAL,
      trackingUrl: expect.stringMatching(/^\/track\/[A-Za-z0-9_-]{24}$/),
    });
    expect(
      (
        await call(server, 'POST', '/test-payments/confirm', customer, {
          clientSecret: intent?.client_secret,
          cardNumber: '4242424242424242',
          exp: '12/30',
          cvc: '123',
        })
      ).status,
    ).toBe(404);
    expect(await orderHistory(server, customer)).toEqual([]);

    // The browser confirms at Stripe (the card is authorised) and closes; only Stripe's webhook tells the shop.
    standIn.setStatus(intent!.id, 'requires_capture');
    const payload = JSON.stringify(standIn.event('payment_intent.amount_capturable_updated', intent!.id));
    const forged = await webhook(payload, sign(payload, 'whsec_wrong'));
    expect(forged.status).toBe(400);
    expect(await orderHistory(server, customer)).toEqual([]);

    const delivered = await webhook(payload, sign(payload));
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ received: true, duplicate: false });
    const replayed = await webhook(payload, sign(payload));
    expect(await replayed.json()).toEqual({ received: true, duplicate: true });

    const listed = await orderHistory(server, customer);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ _id: started.body.orderId, paymentType: 'Card', paymentStatus: 'authorised' });
    const history = await server.app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, started.body.orderId));
    expect(history).toHaveLength(1);
    // Nothing was taken at Stripe: the shop captures when it accepts the order.
    expect(standIn.effects.filter((effect) => effect.intentId === intent!.id)).toEqual([]);
  });

  it('places and marks paid an intent captured at once, never held first (made before capture on accept), once', async () => {
    const shopper = await signInAs(server);
    const address = await addAddress(server, shopper);
    const started = await call(server, 'POST', '/create-payment-intent', shopper, {
      items: [pizzaLine(menu)],
      addressId: address,
      note: '',
    });
    const intent = [...standIn.intents.values()].find((i) => i.metadata.orderId === started.body.orderId)!;
    const announced = placedAnnouncements(server);
    try {
      standIn.setStatus(intent.id, 'succeeded');
      const payload = JSON.stringify(standIn.event('payment_intent.succeeded', intent.id));
      expect(await (await webhook(payload, sign(payload))).json()).toEqual({ received: true, duplicate: false });
      expect((await orderHistory(server, shopper)).map((o) => [o._id, o.paymentStatus])).toEqual([[started.body.orderId, 'paid']]);
      expect(announced.ids).toEqual([started.body.orderId]);
    } finally {
      announced.stop();
    }
  });

  it('does not place an order when the paid amount is below its total, even from a signed webhook', async () => {
    const shopper = await signInAs(server);
    const address = await addAddress(server, shopper);
    const started = await call(server, 'POST', '/create-payment-intent', shopper, {
      items: [pizzaLine(menu)],
      addressId: address,
      note: '',
    });
    const intent = [...standIn.intents.values()].find((i) => i.metadata.orderId === started.body.orderId)!;
    standIn.setStatus(intent.id, 'succeeded');
    const event = standIn.event('payment_intent.succeeded', intent.id) as unknown as { data: { object: { amount: number } } };
    event.data.object.amount = 1;
    const payload = JSON.stringify(event);
    expect((await webhook(payload, sign(payload))).status).toBe(200);
    expect(await orderHistory(server, shopper)).toEqual([]);
    expect((await call(server, 'GET', `/buy-product/${started.body.orderId}`, shopper)).body.paymentStatus).toBe('pending');
  });

  it('keeps a failed payment out of every list', async () => {
    const shopper = await signInAs(server);
    const address = await addAddress(server, shopper);
    const started = await call(server, 'POST', '/create-payment-intent', shopper, {
      items: [pizzaLine(menu)],
      addressId: address,
      note: '',
    });
    const intent = [...standIn.intents.values()].find((i) => i.metadata.orderId === started.body.orderId)!;
    standIn.setStatus(intent.id, 'requires_payment_method', { code: 'card_declined', message: 'Your card was declined.' });
    const payload = JSON.stringify(standIn.event('payment_intent.payment_failed', intent.id));
    expect((await webhook(payload, sign(payload))).status).toBe(200);
    expect(await orderHistory(server, shopper)).toEqual([]);
    expect((await call(server, 'GET', `/buy-product/${started.body.orderId}`, shopper)).body.paymentStatus).toBe('failed');
  });

  it.each([
    ['honours the key: one intent is opened there', true],
    ['has forgotten the key (24 hours on): each request opens an intent there, all the order’s, one handed out', false],
  ])(
    'answers 20 parallel requests with one Idempotency-Key with one order and one client secret, paid once, when Stripe %s',
    async (_, honour) => {
      const announced = placedAnnouncements(server);
      standIn.honourIdempotencyKeys = honour;
      try {
        const key = { 'Idempotency-Key': `stripe-parallel-${honour}` };
        const body = { items: [pizzaLine(menu), dealLine(menu)], addressId, note: '' };
        // Stripe opens no intent until two requests have asked, so at least two overlap there on any machine.
        if (!honour) standIn.hold('intent', 2);
        const started = await startTwentyAtOnce(() => call(server, 'POST', '/create-payment-intent', customer, body, key));
        const opened = [...standIn.intents.values()].filter((i) => i.metadata.orderId === started.orderId);
        // Stripe honouring the key opens one. Forgetting it, each request that reaches it opens one: every request
        // still in flight when the first is answered (a request after that gets the shop's stored answer and opens
        // none), so from two (held above) up to 20.
        if (honour) expect(opened.length).toBe(1);
        else expect(opened.length).toBeGreaterThan(1);
        expect(opened.length).toBeLessThanOrEqual(20);
        const recorded = await server.app.db.select().from(payments).where(eq(payments.orderId, started.orderId));
        expect(recorded.map((p) => p.intentId).sort()).toEqual(opened.map((i) => i.id).sort());
        const handedOut = opened.find((i) => i.client_secret === started.clientSecret)!;

        // Any of the order's intents paid places it, once; the one handed out first.
        for (const intent of [handedOut, ...opened.filter((i) => i !== handedOut).slice(0, 2)]) {
          standIn.setStatus(intent.id, 'succeeded');
          const payload = JSON.stringify(standIn.event('payment_intent.succeeded', intent.id));
          expect(await (await webhook(payload, sign(payload))).json()).toEqual({ received: true, duplicate: false });
        }
        expect((await orderHistory(server, customer)).filter((o) => o._id === started.orderId)).toHaveLength(1);
        expect(await server.app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, started.orderId))).toHaveLength(
          1,
        );
        expect(announced.ids).toEqual([started.orderId]);
      } finally {
        standIn.honourIdempotencyKeys = true;
        announced.stop();
      }
    },
  );

  it('places the order once when Stripe says paid for an intent of the order that was never linked to it', async () => {
    const shopper = await signInAs(server);
    const address = await addAddress(server, shopper);
    const started = (
      await call(server, 'POST', '/create-payment-intent', shopper, { items: [pizzaLine(menu)], addressId: address, note: '' })
    ).body;
    const order = (await server.app.db.select().from(orders).where(eq(orders.id, started.orderId)))[0]!;
    // An intent Stripe opened for the order whose answer the shop never stored (a process stopped mid-request):
    // only its metadata names the order.
    const other = await paymentProvider(server.app).createIntent({
      amount: order.total,
      orderId: order.id,
      email: shopper.user.email,
      idempotencyKey: `another-${order.id}`,
    });
    expect(other.id).not.toBe(order.paymentIntentId);

    const announced = placedAnnouncements(server);
    try {
      const deliver = async (intentId: string) => {
        standIn.setStatus(intentId, 'succeeded');
        const payload = JSON.stringify(standIn.event('payment_intent.succeeded', intentId));
        expect((await webhook(payload, sign(payload))).status).toBe(200);
      };
      await deliver(other.id);
      expect((await orderHistory(server, shopper)).map((o) => [o._id, o.paymentStatus])).toEqual([[order.id, 'paid']]);
      // The intent the browser had, paid too: kept on record for a refund, and the order is not placed again.
      await deliver(order.paymentIntentId!);
      expect(await orderHistory(server, shopper)).toHaveLength(1);
      expect(await server.app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id))).toHaveLength(1);
      expect(announced.ids).toEqual([order.id]);
      const recorded = await server.app.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(recorded.map((p) => [p.intentId, p.status]).sort()).toEqual(
        [
          [other.id, 'succeeded'],
          [order.paymentIntentId!, 'succeeded'],
        ].sort(),
      );
    } finally {
      announced.stop();
    }
  });

  it('keeps a payment Stripe reports for an intent no order knows, for reconciliation', async () => {
    const stray = await paymentProvider(server.app).createIntent({
      amount: 1234,
      orderId: 'not-an-order-of-this-shop',
      email: 'nobody@example.com',
      idempotencyKey: 'stray-intent-0001',
    });
    standIn.setStatus(stray.id, 'succeeded');
    const payload = JSON.stringify(standIn.event('payment_intent.succeeded', stray.id));
    expect((await webhook(payload, sign(payload))).status).toBe(200);
    const kept = await server.app.db.select().from(payments).where(eq(payments.intentId, stray.id));
    expect(kept).toMatchObject([{ orderId: null, provider: 'stripe', amount: 1234, status: 'succeeded' }]);
  });

  it('refuses a webhook without a signature', async () => {
    const response = await fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
  });
});
