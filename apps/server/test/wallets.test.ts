import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCustomers, payments, testPaymentMethods } from '../src/db/schema';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { addAddress, call, orderHistory, pizzaLine, readyToOrder, startOrderingShop, type Menu, type OrderingShop } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_wallets';
const signer = new Stripe('sk_test_signer');

describe.each(testDatabases())('wallets and saved cards with the offline test provider on %s', (kind) => {
  let shop: OrderingShop;

  beforeAll(async () => {
    shop = await startOrderingShop(kind);
  });
  afterAll(async () => shop.server.close());

  /** Opens a card order of one pizza for `who` (200, else it throws): its client secret and order id. */
  const start = async (who: SignedIn, addressId: string, extra: Record<string, unknown> = {}) => {
    const started = await call(shop.server, 'POST', '/create-payment-intent', who, {
      items: [pizzaLine(shop.menu)],
      addressId,
      note: '',
      ...extra,
    });
    if (started.status !== 200) throw new Error(`card order answered ${started.status} ${JSON.stringify(started.body)}`);
    return started.body as { clientSecret: string; orderId: string };
  };
  const confirm = (who: SignedIn | null, body: Record<string, unknown>) => call(shop.server, 'POST', '/test-payments/confirm', who, body);
  const accept = (orderId: string) =>
    call(shop.server, 'PUT', `/update-sell-products/${orderId}`, shop.admin, { status: 'Approved Order' });
  const paymentOf = async (orderId: string) => (await shop.server.app.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];
  const savedCards = (who: SignedIn) => call(shop.server, 'GET', '/payment-methods', who);

  it('holds a test wallet payment, places the order, and captures it when the shop accepts', async () => {
    const { clientSecret, orderId } = await start(shop.customer, shop.addressId);
    const held = await confirm(shop.customer, { clientSecret, wallet: 'test_wallet' });
    expect(held.body).toEqual({ status: 'requires_capture', orderId });
    expect(await paymentOf(orderId)).toMatchObject({ status: 'requires_capture', method: 'test_wallet' });
    const placed = (await orderHistory(shop.server, shop.customer)).find((order) => order._id === orderId);
    expect(placed).toMatchObject({ paymentType: 'Card', paymentStatus: 'authorised', status: 'Pending Order' });

    expect((await accept(orderId)).status).toBe(200);
    expect(await paymentOf(orderId)).toMatchObject({ status: 'succeeded', method: 'test_wallet' });
    const order = (await call(shop.server, 'GET', `/buy-product/${orderId}`, shop.customer)).body;
    expect(order).toMatchObject({ status: 'Approved Order', paymentStatus: 'paid' });
  });

  it('refuses a confirm that names no way to pay, or two', async () => {
    const { clientSecret } = await start(shop.customer, shop.addressId);
    const none = await confirm(shop.customer, { clientSecret });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('Pay with one of cardNumber (with exp and cvc), wallet or paymentMethodId');
    const two = await confirm(shop.customer, {
      clientSecret,
      wallet: 'test_wallet',
      cardNumber: '4242424242424242',
      exp: '12/30',
      cvc: '123',
    });
    expect(two.status).toBe(400);
  });

  it('keeps a card the customer asked to save, and pays the next order with it: held, then captured on accept', async () => {
    const customer = await signInAs(shop.server);
    const addressId = await addAddress(shop.server, customer);
    expect((await savedCards(customer)).body).toEqual([]);

    const first = await start(customer, addressId, { saveCard: true });
    const paid = await confirm(customer, {
      clientSecret: first.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
      saveCard: true,
    });
    expect(paid.body).toEqual({ status: 'requires_capture', orderId: first.orderId });
    expect(await paymentOf(first.orderId)).toMatchObject({ method: 'card' });

    const listed = await savedCards(customer);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      { id: expect.stringMatching(/^pm_test_/), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, needsCvc: false },
    ]);
    // The number is kept nowhere: not in the answer, not in the provider's stand-in table.
    expect(JSON.stringify(listed.body)).not.toContain('4242424242424242');
    const [customerRow] = await shop.server.app.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, customer.user.id));
    const stored = await shop.server.app.db
      .select()
      .from(testPaymentMethods)
      .where(eq(testPaymentMethods.customerId, customerRow!.providerCustomerId));
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
    expect(stored).toHaveLength(1);

    const second = await start(customer, addressId);
    const cardId = listed.body[0].id as string;
    const reused = await confirm(customer, { clientSecret: second.clientSecret, paymentMethodId: cardId });
    expect(reused.body).toEqual({ status: 'requires_capture', orderId: second.orderId });
    expect(await paymentOf(second.orderId)).toMatchObject({ status: 'requires_capture', method: 'saved_card' });
    expect((await accept(second.orderId)).status).toBe(200);
    expect(await paymentOf(second.orderId)).toMatchObject({ status: 'succeeded', method: 'saved_card' });
    expect((await call(shop.server, 'GET', `/buy-product/${second.orderId}`, customer)).body.paymentStatus).toBe('paid');
  });

  it('asks a saved card that needs its CVC for it: refused without, paid with', async () => {
    const customer = await signInAs(shop.server);
    const addressId = await addAddress(shop.server, customer);
    const first = await start(customer, addressId, { saveCard: true });
    await confirm(customer, {
      clientSecret: first.clientSecret,
      cardNumber: '4000 0027 6000 3184',
      exp: '11/29',
      cvc: '321',
      saveCard: true,
    });
    const [card] = (await savedCards(customer)).body;
    expect(card).toMatchObject({ brand: 'visa', last4: '3184', expMonth: 11, expYear: 2029, needsCvc: true });

    const second = await start(customer, addressId);
    const without = await confirm(customer, { clientSecret: second.clientSecret, paymentMethodId: card.id });
    expect(without.status).toBe(402);
    expect(without.body).toMatchObject({
      code: 'CVC_REQUIRED',
      message: 'Enter the card’s security code (CVC) to pay with this saved card.',
    });
    expect((await call(shop.server, 'GET', `/buy-product/${second.orderId}`, customer)).body.placedAt).toBeNull();

    const withCvc = await confirm(customer, { clientSecret: second.clientSecret, paymentMethodId: card.id, cvc: '321' });
    expect(withCvc.body).toEqual({ status: 'requires_capture', orderId: second.orderId });
  });

  it('lets nobody else pay with or remove a customer’s saved card, and a removed card no longer pays', async () => {
    const owner = await signInAs(shop.server);
    const ownerAddress = await addAddress(shop.server, owner);
    const first = await start(owner, ownerAddress, { saveCard: true });
    await confirm(owner, { clientSecret: first.clientSecret, cardNumber: '5555555555554444', exp: '01/31', cvc: '123', saveCard: true });
    const [card] = (await savedCards(owner)).body;
    expect(card).toMatchObject({ brand: 'mastercard', last4: '4444' });

    // Another customer: their own order cannot be paid with it, nor can they see or remove it.
    const other = await signInAs(shop.server);
    const otherAddress = await addAddress(shop.server, other);
    const theirs = await start(other, otherAddress, { saveCard: true });
    const borrowed = await confirm(other, { clientSecret: theirs.clientSecret, paymentMethodId: card.id });
    expect(borrowed.status).toBe(404);
    expect(borrowed.body.code).toBe('PAYMENT_METHOD_NOT_FOUND');
    expect((await savedCards(other)).body).toEqual([]);
    const removedByOther = await call(shop.server, 'DELETE', `/payment-methods/${card.id}`, other);
    expect(removedByOther.status).toBe(404);
    expect(removedByOther.body.code).toBe('PAYMENT_METHOD_NOT_FOUND');
    expect((await savedCards(owner)).body).toHaveLength(1);

    // Signed out: no saved cards at all.
    expect((await call(shop.server, 'GET', '/payment-methods', null)).status).toBe(401);

    const removed = await call(shop.server, 'DELETE', `/payment-methods/${card.id}`, owner);
    expect(removed.body).toEqual({ removed: true });
    expect((await savedCards(owner)).body).toEqual([]);
    expect((await call(shop.server, 'DELETE', `/payment-methods/${card.id}`, owner)).status).toBe(404);
    const next = await start(owner, ownerAddress);
    const gone = await confirm(owner, { clientSecret: next.clientSecret, paymentMethodId: card.id });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('PAYMENT_METHOD_NOT_FOUND');
  });

  it('refuses to save a card for a guest', async () => {
    const guest = await call(shop.server, 'POST', '/create-payment-intent', null, {
      items: [pizzaLine(shop.menu)],
      note: '',
      fulfilment: 'collection',
      guest: { name: 'Ada Guest', email: 'ada.guest@example.com', phone: '07700900123' },
      saveCard: true,
    });
    expect(guest.status).toBe(400);
    expect(guest.body.message).toBe('saveCard: sign in to save a card for next time');
  });
});

describe.each(testDatabases())('wallets and saved cards with Stripe (a local stand-in of its API) on %s', (kind) => {
  let standIn: StripeStandIn;
  let server: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let addressId: string;

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

  const deliver = async (event: Record<string, unknown>) => {
    const payload = JSON.stringify(event);
    const answer = await fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    expect(answer.status).toBe(200);
  };
  const start = async (who: SignedIn, address: string, extra: Record<string, unknown> = {}) => {
    const started = await call(server, 'POST', '/create-payment-intent', who, {
      items: [pizzaLine(menu)],
      addressId: address,
      note: '',
      ...extra,
    });
    expect(started.status).toBe(200);
    const intent = [...standIn.intents.values()].find((i) => i.metadata.orderId === started.body.orderId);
    if (!intent) throw new Error('no intent at Stripe');
    return { orderId: started.body.orderId as string, intent };
  };
  const methodOf = async (orderId: string) => (await server.app.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]?.method;

  it('records a wallet payment from the charge Stripe reports: Apple Pay held, the order placed', async () => {
    const { orderId, intent } = await start(customer, addressId);
    standIn.setStatus(intent.id, 'requires_capture');
    standIn.paidWith(intent.id, { type: 'card', card: { brand: 'visa', last4: '4242', wallet: { type: 'apple_pay' } } });
    await deliver(standIn.chargeEvent('charge.succeeded', intent.id));
    await deliver(standIn.event('payment_intent.amount_capturable_updated', intent.id));
    expect(await methodOf(orderId)).toBe('apple_pay');
    expect((await call(server, 'GET', `/buy-product/${orderId}`, customer)).body.paymentStatus).toBe('authorised');

    const link = await start(customer, addressId);
    standIn.setStatus(link.intent.id, 'requires_capture');
    await deliver(standIn.event('payment_intent.amount_capturable_updated', link.intent.id));
    standIn.paidWith(link.intent.id, { type: 'link', link: {} });
    await deliver(standIn.chargeEvent('charge.succeeded', link.intent.id));
    expect(await methodOf(link.orderId)).toBe('link');
  });

  it('opens a saving customer’s intent with their Stripe customer and setup_future_usage, and reuses the customer after', async () => {
    const saver = await signInAs(server);
    const address = await addAddress(server, saver);
    const first = await start(saver, address, { saveCard: true });
    const created = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers');
    expect(created).toHaveLength(1);
    expect(created[0]?.idempotencyKey).toBe(`customer-${saver.user.id}`);
    expect(created[0]?.form.get('email')).toBe(saver.user.email);
    const [row] = await server.app.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, saver.user.id));
    expect(row).toMatchObject({ provider: 'stripe', providerCustomerId: expect.stringMatching(/^cus_/) });
    expect(first.intent).toMatchObject({ customer: row!.providerCustomerId, setup_future_usage: 'on_session', capture_method: 'manual' });

    // The next order: the same customer (a saved card may pay it), nothing more saved unless asked.
    const second = await start(saver, address);
    expect(second.intent).toMatchObject({ customer: row!.providerCustomerId, setup_future_usage: null });
    expect(standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers')).toHaveLength(1);
    // Someone who never saved a card: no customer at Stripe.
    const plain = await start(customer, addressId);
    expect(plain.intent).toMatchObject({ customer: null, setup_future_usage: null });
  });

  it('lists a customer’s saved cards from Stripe, asks their CVC, and detaches only the customer’s own', async () => {
    const saver = await signInAs(server);
    const address = await addAddress(server, saver);
    await start(saver, address, { saveCard: true });
    const [row] = await server.app.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, saver.user.id));
    const card = standIn.attachCard(row!.providerCustomerId, { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });

    const listed = await call(server, 'GET', '/payment-methods', saver);
    expect(listed.body).toEqual([{ id: card.id, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, needsCvc: true }]);

    const stranger = await signInAs(server);
    await start(stranger, await addAddress(server, stranger), { saveCard: true });
    const refused = await call(server, 'DELETE', `/payment-methods/${card.id}`, stranger);
    expect(refused.status).toBe(404);
    expect(standIn.paymentMethods.get(card.id)?.customer).toBe(row!.providerCustomerId);
    expect((await call(server, 'DELETE', '/payment-methods/pm_unknown', saver)).status).toBe(404);

    expect((await call(server, 'DELETE', `/payment-methods/${card.id}`, saver)).body).toEqual({ removed: true });
    expect(standIn.requests.some((r) => r.method === 'POST' && r.path === `/v1/payment_methods/${card.id}/detach`)).toBe(true);
    expect((await call(server, 'GET', '/payment-methods', saver)).body).toEqual([]);
  });
});
