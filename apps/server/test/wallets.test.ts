import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCustomers, payments, testPaymentMethods } from '../src/db/schema';
import { call, orderHistory, pizzaLine, startOrderingShop, type OrderingShop } from './order-fixtures';
import { testDatabases } from './harness';
import { addAddress } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

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
  const paymentOf = async (orderId: string) =>
    (await shop.server.app.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];
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
    const two = await confirm(shop.customer, { clientSecret, wallet: 'test_wallet', cardNumber: '4242424242424242', exp: '12/30', cvc: '123' });
    expect(two.status).toBe(400);
  });

  it('keeps a card the customer asked to save, and pays the next order with it: held, then captured on accept', async () => {
    const customer = await signInAs(shop.server);
    const addressId = await addAddress(shop.server, customer);
    expect((await savedCards(customer)).body).toEqual([]);

    const first = await start(customer, addressId, { saveCard: true });
    const paid = await confirm(customer, { clientSecret: first.clientSecret, cardNumber: '4242 4242 4242 4242', exp: '12/30', cvc: '123', saveCard: true });
    expect(paid.body).toEqual({ status: 'requires_capture', orderId: first.orderId });
    expect(await paymentOf(first.orderId)).toMatchObject({ method: 'card' });

    const listed = await savedCards(customer);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ id: expect.stringMatching(/^pm_test_/), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, needsCvc: false }]);
    // The number is kept nowhere: not in the answer, not in the provider's stand-in table.
    expect(JSON.stringify(listed.body)).not.toContain('4242424242424242');
    const [customerRow] = await shop.server.app.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, customer.user.id));
    const stored = await shop.server.app.db.select().from(testPaymentMethods).where(eq(testPaymentMethods.customerId, customerRow!.providerCustomerId));
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
    await confirm(customer, { clientSecret: first.clientSecret, cardNumber: '4000 0027 6000 3184', exp: '11/29', cvc: '321', saveCard: true });
    const [card] = (await savedCards(customer)).body;
    expect(card).toMatchObject({ brand: 'visa', last4: '3184', expMonth: 11, expYear: 2029, needsCvc: true });

    const second = await start(customer, addressId);
    const without = await confirm(customer, { clientSecret: second.clientSecret, paymentMethodId: card.id });
    expect(without.status).toBe(402);
    expect(without.body).toMatchObject({ code: 'CVC_REQUIRED', message: 'Enter the card’s security code (CVC) to pay with this saved card.' });
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
