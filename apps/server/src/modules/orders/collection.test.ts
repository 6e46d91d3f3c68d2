// Issue 22 points 1 and 3 on the order side (decision 1003): collection orders on both order routes, the allergy
// note kept apart from the note, and their refusals, on the real database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALLERGY_NOTE_TOO_LONG,
  COLLECTION_HAS_NO_ADDRESS,
  COLLECTION_NEEDS_CONTACT,
  CONTACT_ONLY_FOR_COLLECTION,
  FULFILMENT_MESSAGE,
  MAX_ALLERGY_NOTE_LENGTH,
  PAY_ON_COLLECTION_ONLY,
} from '@shop/shared/contract/orders';
import { PHONE_MESSAGE } from '@shop/shared/contract/addresses';
import { combineAllergens } from '@shop/shared/domain/allergens';
import { orders, shopSettings } from '../../db/schema';
import { DEFAULT_SHOP_TIME, startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { call, cashOrder, orderHistory, pizzaLine, readyToOrder, type Menu } from '../../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../../test/sign-in';

const CONTACT = { name: '  Ada Lovelace ', phone: '07700 900123' };
const EMPTY_LINES = { address: '', address2: '', city: '', postcode: '' };
const MINUTE = 60_000;

describe.each(testDatabases())('collection and the allergy note on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let addressId: string;
  let admin: SignedIn;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true, env: { RATE_LIMIT_MULTIPLIER: '10' } });
    ({ menu, customer, addressId } = await readyToOrder(server));
    admin = await signInAs(server, { role: 'owner' });
  });
  afterAll(async () => server?.close());

  const collectionBody = (extra: Record<string, unknown> = {}) => ({
    items: [pizzaLine(menu)],
    paymentType: 'Pay on collection',
    fulfilment: 'collection',
    contact: CONTACT,
    note: '',
    ...extra,
  });
  const readOrder = async (id: string) => (await call(server, 'GET', `/buy-product/${id}`, customer)).body;
  const storedRow = async (id: string) => (await server.database.db.select().from(orders).where(eq(orders.id, id)).limit(1))[0];

  it('places a cash collection order without an address or a fee: the name, e-mail and phone kept, paid on collection', async () => {
    const placed = await call(server, 'POST', '/buy-product', customer, collectionBody({ allergyNote: '  Severe peanut allergy  ' }));
    expect(placed.status).toBe(201);
    const id = placed.body.insertedId as string;
    const order = await readOrder(id);
    expect(order).toMatchObject({
      fulfilment: 'collection',
      allergyNote: 'Severe peanut allergy',
      note: '',
      paymentType: 'Cash',
      paymentStatus: 'unpaid',
      status: 'Pending Order',
      addressId: null,
      totalPrice: 17.19,
      address: { firstname: 'Ada Lovelace', lastname: '', Email: customer.user.email, phone: '+447700900123', ...EMPTY_LINES },
    });
    expect(await storedRow(id)).toMatchObject({ fulfilment: 'collection', deliveryFee: 0, total: 1719, addressId: null });
    // Each line keeps its allergens as the menu said when it was ordered, for the receipt: the product's, the
    // topping's and the stuffed crust's (milk).
    const products = (await call(server, 'GET', '/allproduts', null)).body as Array<{ title: string; allergens: string[] }>;
    const toppings = (await call(server, 'GET', '/ingredients', null)).body as Array<{ ToopingName: string; allergens: string[] }>;
    const expected = combineAllergens(
      products.find((p) => p.title === 'Margherita')?.allergens,
      toppings.find((t) => t.ToopingName === 'Pepperoni')?.allergens,
      ['milk'],
    );
    expect((await storedRow(id))?.items[0]).toMatchObject({ allergens: expected });
    // The customer's history and the admin's list answer it the same way.
    expect((await orderHistory(server, customer)).find((o) => o._id === id)).toMatchObject({ fulfilment: 'collection' });
    const listed = (await call(server, 'GET', '/buy-product', admin)).body as Array<{ _id: string; allergyNote: string }>;
    expect(listed.find((o) => o._id === id)?.allergyNote).toBe('Severe peanut allergy');
  });

  it('takes plain Cash for a collection, and a delivery stays a delivery with its address and the note apart from the allergy note', async () => {
    const cash = await call(server, 'POST', '/buy-product', customer, collectionBody({ paymentType: 'Cash' }));
    expect(cash.status).toBe(201);
    expect(await readOrder(cash.body.insertedId)).toMatchObject({ fulfilment: 'collection', paymentType: 'Cash', allergyNote: '' });

    const delivery = await call(
      server,
      'POST',
      '/buy-product',
      customer,
      cashOrder([pizzaLine(menu)], addressId, { allergyNote: 'No sesame' }),
    );
    expect(delivery.status).toBe(201);
    expect(await readOrder(delivery.body.insertedId)).toMatchObject({
      fulfilment: 'delivery',
      note: 'Ring the bell',
      allergyNote: 'No sesame',
      addressId,
      address: { address: '1 Compiler Close', postcode: 'BS1 4DJ' },
    });
    // The spec's client sends neither: a delivery, paid 'Cash On Delivery'.
    const spec = await call(
      server,
      'POST',
      '/buy-product',
      customer,
      cashOrder([pizzaLine(menu)], addressId, { paymentType: 'Cash On Delivery' }),
    );
    expect(spec.status).toBe(201);
    expect(await readOrder(spec.body.insertedId)).toMatchObject({ fulfilment: 'delivery', paymentType: 'Cash', allergyNote: '' });
  });

  it('starts a card collection order with no address, charged the food alone, and the admin sees it once paid', async () => {
    const started = await call(server, 'POST', '/create-payment-intent', customer, {
      items: [pizzaLine(menu, 2)],
      fulfilment: 'collection',
      contact: CONTACT,
      allergyNote: 'Coeliac',
      note: 'Back door',
      price: 34.38,
    });
    expect(started.status).toBe(200);
    expect(started.body.amount).toBe(34.38);
    const paid = await call(server, 'POST', '/test-payments/confirm', customer, {
      clientSecret: started.body.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    const seen = await call(server, 'GET', `/buy-product/${started.body.orderId}`, admin);
    expect(seen.body).toMatchObject({
      fulfilment: 'collection',
      paymentType: 'Card',
      allergyNote: 'Coeliac',
      note: 'Back door',
      addressId: null,
      address: { firstname: 'Ada Lovelace', phone: '+447700900123', ...EMPTY_LINES },
    });
  });

  it('answers a retry of a collection order with the first order, and refuses the same key for a delivery', async () => {
    const headers = { 'Idempotency-Key': 'collect-retry-0001' };
    const first = await call(server, 'POST', '/buy-product', customer, collectionBody(), headers);
    const again = await call(server, 'POST', '/buy-product', customer, collectionBody(), headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.insertedId).toBe(first.body.insertedId);
    const other = await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId), headers);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('promises a collection from the collection minutes when accepted without a time, a delivery from the usual time', async () => {
    const status = (await call(server, 'GET', '/opening-status', null)).body;
    expect(status).toMatchObject({ quoteMinutes: 45, collectionQuoteMinutes: 20 });
    expect((await call(server, 'PUT', '/shop-settings', admin, { usualMinutes: 45 })).status).toBe(200);
    await server.database.db.update(shopSettings).set({ collectionMinutes: 25 });
    expect((await call(server, 'GET', '/opening-status', null)).body).toMatchObject({ quoteMinutes: 45, collectionQuoteMinutes: 25 });

    const collect = (await call(server, 'POST', '/buy-product', customer, collectionBody())).body.insertedId as string;
    const deliver = (await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId))).body
      .insertedId as string;
    for (const id of [collect, deliver]) {
      expect((await call(server, 'PUT', `/update-sell-products/${id}`, admin, { status: 'Approved Order' })).status).toBe(200);
    }
    const now = new Date(DEFAULT_SHOP_TIME).getTime();
    expect((await readOrder(collect)).expectedAt).toBe(new Date(now + 25 * MINUTE).toISOString());
    expect((await readOrder(deliver)).expectedAt).toBe(new Date(now + 45 * MINUTE).toISOString());
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown fulfilment', { fulfilment: 'drone' }, `fulfilment: ${FULFILMENT_MESSAGE}`],
    ['a collection without contact', { contact: undefined }, `contact: ${COLLECTION_NEEDS_CONTACT}`],
    ['a collection with an address', { addressId: '0'.repeat(24) }, `addressId: ${COLLECTION_HAS_NO_ADDRESS}`],
    ['a bad phone', { contact: { name: 'Ada', phone: '123' } }, `contact.phone: ${PHONE_MESSAGE}`],
    ['a blank name', { contact: { name: '  ', phone: '07700900123' } }, 'contact.name: Your name is required'],
    ['an allergy note too long', { allergyNote: 'x'.repeat(MAX_ALLERGY_NOTE_LENGTH + 1) }, `allergyNote: ${ALLERGY_NOTE_TOO_LONG}`],
    [
      'a delivery with contact',
      { fulfilment: 'delivery', paymentType: 'Cash', addressId: null },
      `contact: ${CONTACT_ONLY_FOR_COLLECTION}`,
    ],
    ['Pay on collection for a delivery', { fulfilment: undefined, contact: undefined }, `paymentType: ${PAY_ON_COLLECTION_ONLY}`],
  ])('refuses %s on both routes (400, nothing placed)', async (_what, change, message) => {
    const before = (await orderHistory(server, customer)).length;
    const body = collectionBody(change);
    const cash = await call(server, 'POST', '/buy-product', customer, body);
    expect(cash.status).toBe(400);
    expect(cash.body.code).toBe('VALIDATION_FAILED');
    expect(cash.body.message).toContain(message);
    const { paymentType: _type, ...cardBody } = body;
    const card = await call(server, 'POST', '/create-payment-intent', customer, cardBody);
    if (message.startsWith('paymentType')) {
      // The card route has no payment type: without fulfilment it is a delivery with no address.
      expect(card.body.code).toBe('ADDRESS_REQUIRED');
    } else {
      expect(card.status).toBe(400);
      expect(card.body.message).toContain(message);
    }
    expect((await orderHistory(server, customer)).length).toBe(before);
  });

  it('keeps an allergy note of exactly the longest length, trimmed', async () => {
    const note = 'y'.repeat(MAX_ALLERGY_NOTE_LENGTH);
    const placed = await call(server, 'POST', '/buy-product', customer, collectionBody({ allergyNote: `  ${note}  ` }));
    expect(placed.status).toBe(201);
    expect((await readOrder(placed.body.insertedId)).allergyNote).toBe(note);
  });
});
