// Orders from guests (decision 1500): a visitor without an account orders by card or cash with a name, e-mail and
// phone number, follows the order on its unguessable tracking page (live on the socket), and meets every rule a
// signed-in order meets, its limits counted by e-mail, phone number and address; an account verified later with
// that e-mail sees the orders in its history.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_ONLY_FOR_GUESTS, GUEST_HAS_NO_SAVED_ADDRESSES, GUEST_NEEDS_ADDRESS } from '@shop/shared/contract/orders';
import { CUSTOMER_LIMITS, ORDER_LIMIT_REACHED } from '@shop/shared/domain/customer-limits';
import { orders, users } from '../src/db/schema';
import { GUEST_WHILE_SIGNED_IN, SIGN_IN_OR_GUEST } from '../src/modules/orders/placement';
import { GUEST_ORDERS_PER_ADDRESS } from '../src/modules/orders/routes';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { call, loadMenu, pizzaLine, readyToOrder, type Menu } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';
import { connectSocket } from './socket-client';

const TRACKING_URL = /^\/track\/[A-Za-z0-9_-]{24}$/;
const TEST_CARD = { cardNumber: '4242424242424242', exp: '12/30', cvc: '123' };

let guests = 0;
/** A guest of their own: a fresh e-mail and phone number each time, so limits of one test do not reach another. */
function newGuest(name = 'Grace Hopper') {
  guests += 1;
  return {
    name,
    email: `Guest${guests}-${Date.now().toString(36)}@Example.com`,
    phone: `07700 9${String(10_000 + guests * 37).slice(-5)}`,
  };
}
const addressOf = (line: string) => ({ address: line, city: 'Bristol', postcode: 'bs1 4dj' });

describe.each(testDatabases())('guest orders on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let owner: SignedIn;

  beforeAll(async () => {
    // Behind a proxy on loopback, so each test's guest orders come from an address of its own (X-Forwarded-For).
    server = await startTestServer({ db: kind, seed: true, env: { TRUST_PROXY: 'loopback' } });
    menu = await loadMenu(server);
    owner = await signInAs(server, { role: 'owner' });
    // With its post code the shop delivers to its seeded zones (BS1 among them), where every guest here lives but
    // the one who is too far.
    expect((await call(server, 'PUT', '/shop-settings', owner, { shopPostcode: 'BS1 4DJ' })).status).toBe(200);
  });
  afterAll(async () => server?.close());

  let clientIp = '';
  let addresses = 0;
  beforeEach(() => {
    addresses += 1;
    clientIp = `198.51.100.${addresses}`;
  });
  /** A visitor's request (no session) from this test's own address. */
  const guestPost = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(server, 'POST', path, null, body, { 'x-forwarded-for': clientIp, ...headers });

  const row = async (id: string) => (await server.database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const track = (url: string) => call(server, 'GET', url.replace(/^\/track\//, '/track/'), null);
  const cashBody = (guest: ReturnType<typeof newGuest>, line = '1 Compiler Close', extra: Record<string, unknown> = {}) => ({
    items: [pizzaLine(menu)],
    paymentType: 'Cash',
    guest,
    address: addressOf(line),
    note: 'Ring twice',
    ...extra,
  });

  it('places a guest’s cash delivery order: on the board marked as a guest’s, its tracking page live and nothing else', async () => {
    const guest = newGuest();
    const placed = await guestPost('/buy-product', cashBody(guest));
    expect(placed.status).toBe(201);
    expect(placed.body.trackingUrl).toMatch(TRACKING_URL);
    const id = placed.body.insertedId as string;

    const stored = await row(id);
    expect(stored).toMatchObject({
      userId: null,
      channel: 'guest',
      email: guest.email.toLowerCase(),
      phone: expect.stringMatching(/^\+447700\d{6}$/),
      paymentType: 'Cash',
      total: 1719 + stored!.deliveryFee,
    });
    expect(stored?.address).toMatchObject({ firstname: 'Grace Hopper', address: '1 Compiler Close', postcode: 'BS1 4DJ' });

    const board = await call(server, 'GET', '/buy-product', owner);
    expect(board.body.find((order: { _id: string }) => order._id === id)).toMatchObject({ channel: 'guest', takenBy: null });

    const page = await track(placed.body.trackingUrl);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ _id: id, status: 'Pending Order', channel: 'guest', awaitingPayment: false, quantity: 1 });
    expect(page.body.items[0]).toMatchObject({ title: 'Margherita', quantity: 1 });
    // Nothing of who ordered or where it goes.
    expect(JSON.stringify(page.body)).not.toContain(guest.email.toLowerCase());
    expect(JSON.stringify(page.body)).not.toContain('Compiler Close');
    expect(page.headers.get('cache-control')).toContain('no-store');

    // The page hears the order change on the socket joined with its token, and shows the time.
    const token = (placed.body.trackingUrl as string).split('/').pop() as string;
    const socket = await connectSocket(server.url, { auth: { track: token } });
    try {
      expect(
        (await call(server, 'PUT', `/update-sell-products/${id}`, owner, { status: 'Approved Order', readyInMinutes: 40 })).status,
      ).toBe(200);
      await socket.waitFor('order_updated', id);
    } finally {
      socket.close();
    }
    expect((await track(placed.body.trackingUrl)).body).toMatchObject({
      status: 'Approved Order',
      expectedTime: expect.stringMatching(/^\d\d:\d\d$/),
    });
  });

  it('a tracking socket hears its own order only, and a token that names none opens nothing', async () => {
    const mine = await guestPost('/buy-product', cashBody(newGuest(), '2 Mine Road'));
    const other = await guestPost('/buy-product', cashBody(newGuest(), '3 Other Road'));
    const token = (mine.body.trackingUrl as string).split('/').pop() as string;
    const socket = await connectSocket(server.url, { auth: { track: token } });
    const stranger = await connectSocket(server.url, { auth: { track: 'x'.repeat(24) } });
    try {
      await call(server, 'PUT', `/update-sell-products/${other.body.insertedId}`, owner, { status: 'Approved Order' });
      await call(server, 'PUT', `/update-sell-products/${mine.body.insertedId}`, owner, { status: 'Approved Order' });
      await socket.waitFor('order_updated', mine.body.insertedId);
      await Promise.all([socket.sync(), stranger.sync()]);
      expect(socket.received.filter((item) => item.event === 'order_updated').map((item) => item.payload)).toEqual([
        { order_id: mine.body.insertedId },
      ]);
      expect(stranger.received.filter((item) => item.event === 'order_updated')).toEqual([]);
    } finally {
      socket.close();
      stranger.close();
    }
    expect((await call(server, 'GET', `/track/${'x'.repeat(24)}`, null)).body).toMatchObject({
      code: 'ORDER_NOT_FOUND',
      message: 'No order has this tracking link',
    });
  });

  it('takes a guest’s card order for collection: waiting for its card on the tracking page, placed once paid', async () => {
    const guest = newGuest('Ada');
    const started = await guestPost('/create-payment-intent', {
      items: [pizzaLine(menu)],
      fulfilment: 'collection',
      guest,
      note: '',
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ provider: 'test', amount: 17.19, trackingUrl: expect.stringMatching(TRACKING_URL) });
    expect((await track(started.body.trackingUrl)).body).toMatchObject({ awaitingPayment: true, placedAt: null });
    // Not on the board until paid.
    const before = await call(server, 'GET', '/buy-product', owner);
    expect(before.body.some((order: { _id: string }) => order._id === started.body.orderId)).toBe(false);

    // Paid without a session: the client secret is the proof, as with Stripe.
    const paid = await call(server, 'POST', '/test-payments/confirm', null, { clientSecret: started.body.clientSecret, ...TEST_CARD });
    expect(paid.body).toEqual({ status: 'requires_capture', orderId: started.body.orderId });
    const page = (await track(started.body.trackingUrl)).body;
    expect(page).toMatchObject({ awaitingPayment: false, paymentType: 'Card', paymentStatus: 'authorised', fulfilment: 'collection' });
    expect(page.placedAt).not.toBeNull();
    expect(await row(started.body.orderId)).toMatchObject({
      userId: null,
      channel: 'guest',
      address: expect.objectContaining({ firstname: 'Ada' }),
    });
    // An account's payment still needs its own customer.
    const { customer, addressId } = await readyToOrder(server);
    const theirs = await call(server, 'POST', '/create-payment-intent', customer, { items: [pizzaLine(menu)], addressId, note: '' });
    expect(
      (await call(server, 'POST', '/test-payments/confirm', null, { clientSecret: theirs.body.clientSecret, ...TEST_CARD })).status,
    ).toBe(404);
  });

  it.each([
    ['no session and no guest', { items: [], paymentType: 'Cash' }, 401, SIGN_IN_OR_GUEST],
    ['a guest delivery without its address', { guest: 'guest', paymentType: 'Cash' }, 400, `address: ${GUEST_NEEDS_ADDRESS}`],
    [
      'a guest naming a saved address',
      { guest: 'guest', addressId: 'a'.repeat(24), paymentType: 'Cash' },
      400,
      `addressId: ${GUEST_HAS_NO_SAVED_ADDRESSES}`,
    ],
    [
      'a guest with a bad e-mail',
      { guest: { name: 'A', email: 'nope', phone: '07700900123' }, address: 'address' },
      400,
      'guest.email: Please enter a valid email address',
    ],
    [
      'a guest with a bad phone',
      { guest: { name: 'A', email: 'a@b.co', phone: '12' }, address: 'address' },
      400,
      'guest.phone: Please enter a phone number such as 07700 900123',
    ],
    ['a typed address without a guest', { address: 'address', paymentType: 'Cash' }, 400, `address: ${ADDRESS_ONLY_FOR_GUESTS}`],
  ])('refuses %s, clearly', async (_what, body, status, message) => {
    const sent: Record<string, unknown> = { items: [pizzaLine(menu)], paymentType: 'Cash', note: '', ...body };
    if (sent.guest === 'guest') sent.guest = newGuest();
    if (sent.address === 'address') sent.address = addressOf('4 Any Street');
    const answer = await guestPost('/buy-product', sent);
    expect(answer.status).toBe(status);
    expect(answer.body.message).toContain(message);
  });

  it('refuses a signed-in customer who names a guest or a typed address', async () => {
    const { customer, addressId } = await readyToOrder(server);
    const withGuest = await call(server, 'POST', '/buy-product', customer, cashBody(newGuest()));
    expect(withGuest.body.message).toContain(GUEST_WHILE_SIGNED_IN);
    const withAddress = await call(server, 'POST', '/buy-product', customer, {
      items: [pizzaLine(menu)],
      paymentType: 'Cash',
      addressId,
      address: addressOf('5 Road'),
    });
    expect(withAddress.body.message).toContain(`address: ${ADDRESS_ONLY_FOR_GUESTS}`);
  });

  it('holds a guest to the shop’s rules: outside the delivery area and under the minimum are refused as for an account', async () => {
    const far = await call(
      server,
      'POST',
      '/buy-product',
      null,
      cashBody(newGuest(), '1 High Street', { address: { address: '1 High Street', city: 'Inverness', postcode: 'IV1 1AA' } }),
    );
    expect(far.body.code).toBe('OUTSIDE_DELIVERY_AREA');
    const small = await guestPost('/buy-product', {
      ...cashBody(newGuest()),
      items: [{ productId: menu.product('Coca-Cola Can 330ml'), quantity: 1 }],
    });
    expect(small.status).toBe(422);
  });

  it('counts a guest’s orders by any of their e-mail, phone number and address, however the number was typed', async () => {
    const regular = newGuest();
    // The hour's allowance of one customer, all with the same e-mail, number and address.
    for (let n = 0; n < CUSTOMER_LIMITS.ordersPerHour; n += 1) {
      expect((await guestPost('/buy-product', cashBody(regular, '10 Limit Lane'))).status).toBe(201);
    }
    // Any one of the three, however typed, is the same customer: the e-mail in capitals, the number with +44, the
    // address in capitals, each beside details never seen.
    const sameEmail = await call(
      server,
      'POST',
      '/buy-product',
      null,
      cashBody({ ...newGuest(), email: regular.email.toUpperCase() }, '12 New Lane'),
    );
    expect(sameEmail.body.message).toBe(ORDER_LIMIT_REACHED);
    const digits = regular.phone.replace(/\D/g, '');
    const samePhone = await call(
      server,
      'POST',
      '/buy-product',
      null,
      cashBody({ ...newGuest(), phone: `+44 ${digits.slice(1)}` }, '13 New Lane'),
    );
    expect(samePhone.body.message).toBe(ORDER_LIMIT_REACHED);
    const sameAddress = await guestPost('/buy-product', cashBody(newGuest(), '10 LIMIT LANE'));
    expect(sameAddress.body.message).toBe(ORDER_LIMIT_REACHED);
    // Someone else entirely is not held back.
    expect((await guestPost('/buy-product', cashBody(newGuest(), '14 New Lane'))).status).toBe(201);
  });

  it('answers a retried guest order with the first, and refuses another guest’s use of the same key', async () => {
    const guest = newGuest();
    const key = { 'idempotency-key': `guest-key-${guests}-${Date.now()}` };
    const first = await guestPost('/buy-product', cashBody(guest, '20 Retry Row'), key);
    const again = await guestPost('/buy-product', cashBody(guest, '20 Retry Row'), key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const stolen = await guestPost('/buy-product', cashBody(newGuest(), '20 Retry Row'), key);
    expect(stolen.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('counts orders without a session per network address too, and never a signed-in customer’s', async () => {
    for (let n = 0; n < GUEST_ORDERS_PER_ADDRESS.max; n += 1) {
      expect((await guestPost('/buy-product', cashBody(newGuest(), `${n} Office Park`))).status).toBe(201);
    }
    const next = await guestPost('/buy-product', cashBody(newGuest(), '99 Office Park'));
    expect(next.status).toBe(429);
    expect(next.body.code).toBe('TOO_MANY_REQUESTS');
    expect(next.headers.get('retry-after')).toMatch(/^\d+$/);
    const card = await guestPost('/create-payment-intent', {
      items: [pizzaLine(menu)],
      fulfilment: 'collection',
      guest: newGuest(),
      note: '',
    });
    expect(card.status).toBe(429);
    const { customer, addressId } = await readyToOrder(server);
    const signedIn = await call(
      server,
      'POST',
      '/buy-product',
      customer,
      { items: [pizzaLine(menu)], paymentType: 'Cash', addressId, note: '' },
      { 'x-forwarded-for': clientIp },
    );
    expect(signedIn.status).toBe(201);
  });

  it('shows a guest’s orders in the history of an account with that e-mail only once the account has verified it', async () => {
    const guest = newGuest();
    const placed = await guestPost('/buy-product', cashBody(guest, '30 History Hill'));
    const account = await signInAs(server, { email: guest.email });
    const history = async () =>
      (await call(server, 'GET', `/my-product-history/${encodeURIComponent(account.user.email)}`, account)).body as Array<{ _id: string }>;
    expect((await history()).map((order) => order._id)).not.toContain(placed.body.insertedId);
    expect((await call(server, 'GET', `/buy-product/${placed.body.insertedId}`, account)).status).toBe(404);

    await server.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, account.user.id));
    // The session reads the flag at each request.
    expect((await history()).map((order) => order._id)).toContain(placed.body.insertedId);
    expect((await call(server, 'GET', `/buy-product/${placed.body.insertedId}`, account)).body).toMatchObject({ channel: 'guest' });
  });
});
