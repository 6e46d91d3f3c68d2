// SPEC.md section 7, row by row, as a client written against the spec sends it: the spec's method, path and body
// field names, with the host set to `<origin>/api`, a cookie jar as a browser keeps one, and the shop's own Origin on
// writes (the page the client runs in). Each row asserts what the server answers; docs/api.md ("The spec's API, row
// by row") lists the same rows with 'as the spec' or the decision that explains a departure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_ORDER_NEEDS_ITEMS } from '@shop/shared/contract/orders';
import { DEAL_INCOMPLETE } from '@shop/shared/domain/messages';
import { CARD_THROUGH_INTENT } from '../src/modules/orders/placement';
import { form, png } from './forms';
import { startTestServer, testDatabases, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestServer } from './harness';

// Answers are checked field by field by the assertions, so their bodies stay loosely typed here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; headers: Headers; body: any };

/** A browser tab on the shop's page: keeps the session cookie the server sets, sends the shop's Origin on writes. */
class SpecClient {
  private cookie: string | null = null;

  constructor(private readonly server: TestServer) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const isForm = body instanceof FormData;
    const response = await fetch(`${this.server.url}/api${path}`, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(method !== 'GET' ? { origin: this.server.url } : {}),
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: isForm ? body : JSON.stringify(body) } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      if (pair?.startsWith('sid=')) this.cookie = pair === 'sid=' ? null : pair;
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }
}

const PASSWORD = 'Spec-client-password-1';
const NEW_PASSWORD = 'Spec-client-password-2';

describe.each(testDatabases())('SPEC.md section 7, row by row, on %s', (kind) => {
  let server: TestServer;
  let customer: SpecClient;
  let admin: SpecClient;
  let visitor: SpecClient;
  const email = `spec.client.${Date.now().toString(36)}@example.com`;
  const ids: Record<string, string> = {};
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let products: any[] = [];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let toppings: any[] = [];
  const product = (title: string): string => {
    const found = products.find((p) => p.title === title);
    if (!found) throw new Error(`no ${title} on the menu`);
    return found._id as string;
  };

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    customer = new SpecClient(server);
    admin = new SpecClient(server);
    visitor = new SpecClient(server);
    expect((await admin.call('POST', '/login/', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD })).status).toBe(200);
  });
  afterAll(async () => server?.close());

  /** The reset code the development outbox holds for `to` (mail is sent after the answer, so it may take a moment). */
  async function resetCode(to: string): Promise<string> {
    let code: string | undefined;
    await expect
      .poll(
        async () => {
          const mails = (await admin.call('GET', '/dev/outbox')).body as Array<{ to: string; text: string }>;
          code = /Your code: ([A-Z0-9]{4})/.exec(mails.find((mail) => mail.to === to)?.text ?? '')?.[1];
          return code;
        },
        { timeout: 10_000 },
      )
      .toBeDefined();
    return code as string;
  }

  // --- Accounts -------------------------------------------------------------------------------------------------

  it('POST /register/ {username, email, password} → result, message, user{email, username, role}', async () => {
    const answer = await customer.call('POST', '/register/', { username: 'Spec Client', email, password: PASSWORD });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      result: true,
      message: expect.any(String),
      user: { email, username: 'Spec Client', role: 'customer', emailVerified: false },
    });
    const again = await visitor.call('POST', '/register/', { username: 'Spec Client', email, password: PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ result: false, message: expect.any(String) });
  });

  it('POST /login/ {email, password} → the same answer; result false with a message on failure', async () => {
    const answer = await customer.call('POST', '/login/', { email, password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      result: true,
      message: expect.any(String),
      user: { email, username: 'Spec Client', role: 'customer', emailVerified: false },
    });
    const wrong = await visitor.call('POST', '/login/', { email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ result: false, message: 'Incorrect email or password.' });
  });

  it('POST /forgot-password/ {email} → result, message', async () => {
    const answer = await visitor.call('POST', '/forgot-password/', { email });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ result: true, message: 'An Email With OTP Sent To Your Email.' });
  });

  it('POST /change-password/ {otp, password, email} → result, message', async () => {
    const wrong = await visitor.call('POST', '/change-password/', { otp: 'ZZZZ', password: NEW_PASSWORD, email });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ result: false, message: expect.any(String) });
    const answer = await visitor.call('POST', '/change-password/', { otp: await resetCode(email), password: NEW_PASSWORD, email });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ result: true, message: 'Password Updated.' });
    // Every session of the account ended with the change: the customer signs in again with the new password.
    expect((await customer.call('GET', `/alluser/${email}`)).status).toBe(401);
    expect((await customer.call('POST', '/login/', { email, password: NEW_PASSWORD })).body.result).toBe(true);
  });

  it('GET /alluser/{email} → username, email, and never the password (departure: decision 0602)', async () => {
    const answer = await customer.call('GET', `/alluser/${email}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ username: 'Spec Client', email });
    expect((await visitor.call('GET', `/alluser/${email}`)).status).toBe(401);
  });

  // --- Menu reads ------------------------------------------------------------------------------------------------

  it('GET /allcategori → the categories, with imageUrl instead of a base64 file (departure: decision 0603)', async () => {
    const answer = await visitor.call('GET', '/allcategori');
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThanOrEqual(12);
    expect(answer.body[0]).toEqual({
      _id: expect.any(String),
      categoriName: expect.any(String),
      order: expect.any(Number),
      imageUrl: expect.any(String),
    });
    expect(answer.body[0]).not.toHaveProperty('file');
    ids.pizzaCategory = (answer.body as Array<{ _id: string; categoriName: string }>).find((c) => c.categoriName === 'Pizza')!._id;
  });

  it('GET /allproduts → every product, with imageUrl instead of a base64 file (departure: decision 0603)', async () => {
    const answer = await visitor.call('GET', '/allproduts');
    expect(answer.status).toBe(200);
    products = answer.body;
    const margherita = products.find((p) => p.title === 'Margherita');
    expect(margherita).toMatchObject({
      _id: expect.any(String),
      title: 'Margherita',
      description: expect.any(String),
      category: 'Pizza',
      regularDiscount: expect.any(Number),
      mediumDiscount: expect.any(Number),
      largeDiscount: expect.any(Number),
      extraLargeDiscount: expect.any(Number),
      deep_pan: 0,
      thin_crust: 0,
      stuffed_crust: expect.any(Number),
      normal: null,
      boneless: null,
      imageUrl: expect.any(String),
    });
    expect(margherita).not.toHaveProperty('file');
    expect(products.find((p) => p.category === 'Wings')).toMatchObject({ normal: 0, boneless: expect.any(Number), deep_pan: null });
    expect(products.find((p) => p.category === 'Drinks')).toMatchObject({ mediumDiscount: '', largeDiscount: '', extraLargeDiscount: '' });
  });

  it('GET /allproduts/{id} → one product, with its base64 file', async () => {
    const answer = await visitor.call('GET', `/allproduts/${product('Margherita')}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ _id: product('Margherita'), title: 'Margherita', category: 'Pizza', file: expect.any(String) });
  });

  it('GET /products/{categoriName} → the products of that category', async () => {
    const answer = await visitor.call('GET', '/products/Wings');
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(0);
    expect((answer.body as Array<{ category: string }>).every((p) => p.category === 'Wings')).toBe(true);
    expect((await visitor.call('GET', `/products/${encodeURIComponent('Sides To Share')}`)).body.length).toBeGreaterThan(0);
  });

  it('GET /ingredients → the toppings: _id, ToopingName, toopingPrice, category (imageUrl for the image, decision 0603)', async () => {
    const answer = await visitor.call('GET', '/ingredients');
    expect(answer.status).toBe(200);
    toppings = answer.body;
    expect(toppings.find((t) => t.ToopingName === 'Pepperoni')).toMatchObject({
      _id: expect.any(String),
      ToopingName: 'Pepperoni',
      toopingPrice: 1.2,
      category: 'Pizza',
    });
  });

  // --- Admin writes -------------------------------------------------------------------------------------------

  it('POST /addbanner multipart myfiles → insertedId', async () => {
    const answer = await admin.call('POST', '/addbanner', form({}, { bytes: await png(300, 120) }));
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });
  });

  it('POST /allnotification multipart description, title, myfiles → insertedId', async () => {
    const answer = await admin.call(
      'POST',
      '/allnotification',
      form({ description: 'Two for one on Tuesdays', title: 'Offer' }, { bytes: await png() }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });
  });

  it('POST /allcategori multipart categoriName, myfiles, order → insertedId', async () => {
    const answer = await admin.call('POST', '/allcategori', form({ categoriName: 'Spec Specials', order: '9' }, { bytes: await png() }));
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    ids.category = answer.body.insertedId;
  });

  it('GET /allcategori/{id} → _id, categoriName, file', async () => {
    const answer = await visitor.call('GET', `/allcategori/${ids.category}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ _id: ids.category, categoriName: 'Spec Specials', file: expect.any(String) });
  });

  it('PUT /allcategori/{id} {categoriName, file (base64 without prefix)} → a truthy body', async () => {
    const answer = await admin.call('PUT', `/allcategori/${ids.category}`, {
      categoriName: 'Spec Specials Two',
      file: (await png(40, 40)).toString('base64'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ modifiedCount: 1 });
    expect((await visitor.call('GET', `/allcategori/${ids.category}`)).body.categoriName).toBe('Spec Specials Two');
  });

  it('DELETE /allcategori/{id} → deletedCount; refused while the category has products (departure: decision 0602)', async () => {
    const full = await admin.call('DELETE', `/allcategori/${ids.pizzaCategory}`);
    expect(full.status).toBe(409);
    const answer = await admin.call('DELETE', `/allcategori/${ids.category}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ deletedCount: 1 });
  });

  it('POST /allproduts multipart: title, category, description, the four size prices, Pizza extras, myfiles → insertedId', async () => {
    const answer = await admin.call(
      'POST',
      '/allproduts',
      form(
        {
          title: 'Spec Pizza',
          category: 'Pizza',
          description: 'Made by the spec client',
          regularDiscount: '8.5',
          mediumDiscount: '11.5',
          largeDiscount: '14',
          extraLargeDiscount: '',
          deep_pan: '0',
          thin_crust: '0',
          stuffed_crust: '2',
        },
        { bytes: await png() },
      ),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    ids.product = answer.body.insertedId;
  });

  it('POST /allproduts multipart for Wings: the type extras → insertedId', async () => {
    const answer = await admin.call(
      'POST',
      '/allproduts',
      form(
        {
          title: 'Spec Wings',
          category: 'Wings',
          description: '',
          regularDiscount: '5',
          mediumDiscount: '8',
          largeDiscount: '',
          extraLargeDiscount: '',
          normal: '0',
          boneless: '0.5',
        },
        { bytes: await png() },
      ),
    );
    expect(answer.status).toBe(201);
    ids.wings = answer.body.insertedId;
  });

  it('POST /allproduts multipart with empty crust and type values sent as null → 201 without those prices (decision 0605)', async () => {
    // SPEC.md section 5: "Empty crust and type values are sent as null"; in a multipart body null arrives as the text "null".
    const data = form({
      title: 'Spec Lemonade',
      category: 'Drinks',
      description: 'Cloudy',
      regularDiscount: '1.5',
      mediumDiscount: '',
      largeDiscount: '',
      extraLargeDiscount: '',
    });
    for (const field of ['deep_pan', 'thin_crust', 'stuffed_crust', 'normal', 'boneless']) data.append(field, String(null));
    const answer = await admin.call('POST', '/allproduts', data);
    expect(answer.status).toBe(201);
    const created = (await visitor.call('GET', `/allproduts/${answer.body.insertedId}`)).body;
    expect(created).toMatchObject({ title: 'Spec Lemonade', regularDiscount: 1.5 });
    for (const field of ['deep_pan', 'thin_crust', 'stuffed_crust', 'normal', 'boneless']) expect(created[field] ?? null, field).toBeNull();
  });

  it('PUT /allproduts/{id} multipart: the same fields, optional file in base64 → modifiedCount', async () => {
    const answer = await admin.call(
      'PUT',
      `/allproduts/${ids.product}`,
      form({
        title: 'Spec Pizza',
        category: 'Pizza',
        description: 'Edited by the spec client',
        regularDiscount: '9',
        mediumDiscount: '11.5',
        largeDiscount: '14',
        extraLargeDiscount: '',
        deep_pan: '0',
        thin_crust: '0',
        stuffed_crust: '2.5',
        file: (await png(50, 50)).toString('base64'),
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ modifiedCount: 1 });
    expect((await visitor.call('GET', `/allproduts/${ids.product}`)).body).toMatchObject({ regularDiscount: 9, stuffed_crust: 2.5 });
  });

  it('DELETE /allproduts/{id} → deletedCount', async () => {
    const answer = await admin.call('DELETE', `/allproduts/${ids.wings}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ deletedCount: 1 });
  });

  it('POST /ingredients {ToopingName, category, toopingPrice} → insertedId', async () => {
    const answer = await admin.call('POST', '/ingredients', { ToopingName: 'Spec Anchovies', category: 'Pizza', toopingPrice: 0.75 });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    ids.topping = answer.body.insertedId;
  });

  it('DELETE /ingredients/{id} → deletedCount above 0', async () => {
    const answer = await admin.call('DELETE', `/ingredients/${ids.topping}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ deletedCount: 1 });
  });

  it('writes from another site are refused whatever the session (not a departure: the spec’s client runs on the shop’s page)', async () => {
    const forged = await admin.call(
      'POST',
      '/ingredients',
      { ToopingName: 'Forged', category: 'Pizza', toopingPrice: 1 },
      { origin: 'https://evil.example' },
    );
    expect(forged.status).toBe(403);
  });

  // --- Addresses --------------------------------------------------------------------------------------------------

  const addressForm = {
    firstname: 'Ada',
    lastname: 'Lovelace',
    Email: 'ada@example.com',
    phone: '07700900123',
    address: '12 Analytical Row',
    address2: '',
    city: 'London',
    postcode: 'sw1a 1aa',
  };

  it('POST /address-collection with the address form fields → insertedId', async () => {
    const answer = await customer.call('POST', '/address-collection', addressForm);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    ids.address = answer.body.insertedId;
  });

  it('GET /address-collection/{id} → one address', async () => {
    const answer = await customer.call('GET', `/address-collection/${ids.address}`);
    expect(answer.status).toBe(200);
    // The phone number as the shop stores every number (E.164: domain/phone.ts), however it was typed.
    expect(answer.body).toEqual({ _id: ids.address, ...addressForm, phone: '+447700900123', postcode: 'SW1A 1AA' });
  });

  it('PUT /address-collection/{id} {Email, address, city, firstname, phone, postcode} → modifiedCount', async () => {
    const answer = await customer.call('PUT', `/address-collection/${ids.address}`, {
      Email: 'ada@example.com',
      address: '13 Analytical Row',
      city: 'London',
      firstname: 'Ada',
      phone: '07700900123',
      postcode: 'SW1A 1AA',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ modifiedCount: 1 });
  });

  it('GET /get-address-by-email/{email} → the user’s addresses', async () => {
    const answer = await customer.call('GET', `/get-address-by-email/${email}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([expect.objectContaining({ _id: ids.address, address: '13 Analytical Row' })]);
  });

  // --- Orders -----------------------------------------------------------------------------------------------------

  /** Order items exactly as SPEC.md section 3 writes them, with the client's own prices. */
  function specItems() {
    return [
      {
        id: product('Margherita'),
        title: 'Margherita',
        quantity: 2,
        totalQuantityPrice: '34.38',
        topping: 'Pepperoni, Mushrooms',
        crust: 'stuffed_crust',
        size: 'l',
        type: 'normal',
        description: 'Tomato and mozzarella',
        category: 'Pizza',
        toppingsPrice: 2,
      },
      {
        id: product('Classic Chicken Wings'),
        title: 'Classic Chicken Wings',
        quantity: 1,
        totalQuantityPrice: 0.01,
        topping: 'BBQ',
        crust: 'deep_pan',
        size: 'm',
        type: 'boneless',
        description: '',
        category: 'Wings',
        toppingsPrice: 0,
      },
    ];
  }

  const specOrder = (items: unknown[], more: Record<string, unknown> = {}) => ({
    items,
    email,
    date: '11/18/2026',
    time: '6:00:00 PM',
    paymentType: 'Cash',
    status: 'Pending Order',
    addressId: ids.address,
    note: 'Leave at the door',
    ...more,
  });

  it('POST /buy-product {items, email, date, time, paymentType, status, addressId, note} with the spec’s order items → insertedId, priced from the menu', async () => {
    const answer = await customer.call('POST', '/buy-product', specOrder(specItems()));
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ insertedId: expect.stringMatching(/^[0-9a-f]{24}$/), trackingUrl: expect.stringMatching(/^\/track\//) });
    ids.order = answer.body.insertedId;

    // What the same items cost as cart lines: the client's totalQuantityPrice (0.01 for the wings) played no part.
    const quote = await visitor.call('POST', '/cart/quote', {
      items: [
        {
          productId: product('Margherita'),
          quantity: 2,
          size: 'l',
          crust: 'stuffed_crust',
          toppingIds: ['Pepperoni', 'Mushrooms'].map((n) => toppings.find((t) => t.ToopingName === n)._id),
        },
        {
          productId: product('Classic Chicken Wings'),
          quantity: 1,
          size: 'm',
          type: 'boneless',
          toppingIds: [toppings.find((t) => t.ToopingName === 'BBQ')._id],
        },
      ],
    });
    const order = (await customer.call('GET', `/buy-product/${ids.order}`)).body;
    expect(order.totalPrice).toBe(quote.body.total);
    expect(order.items[0]).toMatchObject({
      id: product('Margherita'),
      quantity: 2,
      size: 'l',
      crust: 'stuffed_crust',
      topping: 'Pepperoni, Mushrooms',
    });
    expect(order.items[1]).toMatchObject({
      id: product('Classic Chicken Wings'),
      type: 'boneless',
      topping: 'BBQ',
      totalQuantityPrice: quote.body.items[1].totalQuantityPrice,
    });
    expect(order.items[1].totalQuantityPrice).not.toBe(0.01);
  });

  it('POST /buy-product refuses a spec item it cannot read, saying what is wrong', async () => {
    const [pizza] = specItems();
    const refused = async (item: Record<string, unknown>) =>
      (await customer.call('POST', '/buy-product', specOrder([{ ...pizza, ...item }]))).body;
    const unknownTopping = await customer.call('POST', '/buy-product', specOrder([{ ...pizza, topping: 'Pepperoni, Pineapplez' }]));
    expect(unknownTopping.status).toBe(422);
    expect(unknownTopping.body.message).toBe('There is no topping called "Pineapplez" for "Margherita"');
    expect(await refused({ topping: 'BBQ' })).toMatchObject({ statusCode: 422, message: '"BBQ" cannot be added to "Margherita"' });
    expect(await refused({ id: 'f'.repeat(24) })).toMatchObject({
      statusCode: 422,
      message: `This item is no longer available: no product on the menu has the id ${'f'.repeat(24)}`,
    });
    expect(await refused({ size: 'large' })).toMatchObject({
      statusCode: 400,
      message: 'items.0.size: Size must be one of s, m, l, xl (or empty)',
    });
    expect(await refused({ crust: 'thin crust' })).toMatchObject({
      statusCode: 400,
      message: 'items.0.crust: Crust must be one of deep_pan, thin_crust, stuffed_crust (or empty)',
    });
    expect(await refused({ size: 's' })).toMatchObject({
      statusCode: 422,
      message: 'Stuffed Crust is not available in the Regular 7" size',
    });
    for (const quantity of [0, -1, 1.5, 1_000_000, '2']) {
      expect(await refused({ quantity })).toMatchObject({
        statusCode: 400,
        message: 'items.0.quantity: Quantity must be a whole number from 1 to 99',
      });
    }
    expect(await refused({ price: 0.01 })).toMatchObject({ statusCode: 400, message: 'items.0: Unrecognized key: "price"' });
    const deal = {
      id: product('Pizza Pair'),
      title: 'Pizza Pair',
      quantity: 1,
      totalQuantityPrice: 18.99,
      topping: '',
      crust: 'deep_pan',
      size: 'm',
      type: '',
      description: '',
      category: 'Deals',
      toppingsPrice: 0,
    };
    expect(await refused(deal)).toMatchObject({ statusCode: 422, message: DEAL_INCOMPLETE });
    const withChoices = await customer.call(
      'POST',
      '/buy-product',
      specOrder([
        {
          ...deal,
          deal: {
            items: [
              { slot: 0, productId: product('Margherita') },
              { slot: 0, productId: product('Hawaiian') },
            ],
          },
        },
      ]),
    );
    expect(withChoices.status).toBe(201);
  });

  it('POST /buy-product with paymentType Card is refused: card orders start at the payment intent (departure: decision 0601)', async () => {
    const answer = await customer.call('POST', '/buy-product', specOrder(specItems(), { paymentType: 'Card' }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(CARD_THROUGH_INTENT);
  });

  it('GET /buy-product → the orders, newest first, 50 a page (departure: decision 0604)', async () => {
    const answer = await admin.call('GET', '/buy-product');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-total-count')).toBe(String(answer.body.length));
    expect(answer.body.map((o: { _id: string }) => o._id)).toContain(ids.order);
    expect((await customer.call('GET', '/buy-product')).status).toBe(403);
  });

  it('GET /buy-product/{id} → one order (addressId, items, paymentType, date, status, note)', async () => {
    const answer = await customer.call('GET', `/buy-product/${ids.order}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      _id: ids.order,
      addressId: ids.address,
      paymentType: 'Cash',
      date: '18/11/2026',
      status: 'Pending Order',
      note: 'Leave at the door',
    });
    for (const item of answer.body.items) {
      expect(Object.keys(item)).toEqual(
        expect.arrayContaining([
          'id',
          'title',
          'quantity',
          'totalQuantityPrice',
          'topping',
          'crust',
          'size',
          'type',
          'description',
          'category',
          'toppingsPrice',
        ]),
      );
    }
  });

  it('PUT /update-sell-products/{id} {status} → modifiedCount; a move the rules forbid is refused (departure: decision 0602)', async () => {
    const answer = await admin.call('PUT', `/update-sell-products/${ids.order}`, { status: 'Approved Order' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ modifiedCount: 1 });
    const back = await admin.call('PUT', `/update-sell-products/${ids.order}`, { status: 'Pending Order' });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('An order cannot go back to Pending Order');
  });

  it('GET /my-product/{email} → the user’s notifications', async () => {
    const answer = await customer.call('GET', `/my-product/${email}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'order', orderId: ids.order, status: 'Approved Order' })]),
    );
  });

  it('GET /my-product-history/{email} → the user’s orders', async () => {
    const answer = await customer.call('GET', `/my-product-history/${email}`);
    expect(answer.status).toBe(200);
    expect(answer.body.map((o: { _id: string }) => o._id)).toContain(ids.order);
  });

  it('POST /create-payment-intent {price} → refused: the server prices card orders itself (departure: decision 0601)', async () => {
    const answer = await customer.call('POST', '/create-payment-intent', { price: 36.18 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`items: ${CARD_ORDER_NEEDS_ITEMS}`);
  });

  it('POST /create-payment-intent with the spec’s order items, the address and the price → clientSecret', async () => {
    // The cash order above has the same items: its total is what the card order must cost.
    const total = (await customer.call('GET', `/buy-product/${ids.order}`)).body.totalPrice as number;
    const wrong = await customer.call('POST', '/create-payment-intent', { items: specItems(), addressId: ids.address, price: 1 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^The price sent does not match the order total of £/);
    const answer = await customer.call('POST', '/create-payment-intent', { items: specItems(), addressId: ids.address, price: total });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ clientSecret: expect.any(String), amount: total });
  });

  // --- Favourites and the end of the address ------------------------------------------------------------------

  it('POST /favouritelist {id, email} → insertedId, or a messege field on a duplicate', async () => {
    const answer = await customer.call('POST', '/favouritelist', { id: product('Margherita'), email });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    ids.favourite = answer.body.insertedId;
    const duplicate = await customer.call('POST', '/favouritelist', { id: product('Margherita'), email });
    expect(duplicate.status).toBe(200);
    expect(duplicate.body).toEqual({ messege: expect.any(String) });
  });

  it('GET /favouritelist/{email} → the favourites', async () => {
    const answer = await customer.call('GET', `/favouritelist/${email}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([expect.objectContaining({ _id: ids.favourite, id: product('Margherita'), email })]);
  });

  it('DELETE /favouritelist/{id} → deletedCount', async () => {
    const answer = await customer.call('DELETE', `/favouritelist/${ids.favourite}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ deletedCount: 1 });
  });

  it('DELETE /address-collection/{id} → deletedCount', async () => {
    const answer = await customer.call('DELETE', `/address-collection/${ids.address}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ deletedCount: 1 });
  });
});
