// Decision 1002, the customer's own data (UK GDPR): GET /api/profile/data and POST /api/profile/delete, on the real
// database: what the file holds, what deleting erases and keeps, sign-in refused, the e-mail free again, the shop's
// figures unchanged, and every session and socket of the account ended.
import { canonicalPhone } from '@shop/shared/domain/phone';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETED, OPEN_ORDERS_BLOCK_DELETE } from '@shop/shared/contract/account-data';
import { notifications, orders, users } from '../../db/schema';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { ADDRESS, call, cashOrder, pizzaLine, readyToOrder, type Menu } from '../../../test/order-fixtures';
import { signInAs, type SignedIn } from '../../../test/sign-in';
import { connectSocket, type TestSocket } from '../../../test/socket-client';

describe.each(testDatabases())('the customer’s own data: download and delete on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let addressId: string;
  let admin: SignedIn;
  const sockets: TestSocket[] = [];

  beforeEach(async () => {
    // Wednesday 18 November 2026, 18:00 in London: open.
    server = await startTestServer({ db: kind, seed: true, env: { RATE_LIMIT_MULTIPLIER: '10' } });
    ({ menu, customer, addressId } = await readyToOrder(server));
    admin = await signInAs(server, { role: 'owner' });
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await server.close();
  });

  async function placeOrder(): Promise<string> {
    const placed = await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu)], addressId, { note: 'Ring twice' }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return placed.body.insertedId as string;
  }
  const setStatus = async (id: string, status: string) =>
    expect((await call(server, 'PUT', `/update-sell-products/${id}`, admin, { status })).status).toBe(200);
  const deliver = async (id: string) => {
    for (const status of ['Approved Order', 'On the way', 'Delivered Order']) await setStatus(id, status);
  };
  const deleteAccount = (password: string, who: SignedIn = customer) => call(server, 'POST', '/profile/delete', who, { password });

  it('downloads the account, its addresses, favourites, orders and notifications as one JSON file', async () => {
    await call(server, 'POST', '/favouritelist', customer, { id: menu.product('Hawaiian'), email: customer.user.email });
    const orderId = await placeOrder();
    await server.app.db.insert(notifications).values({
      title: 'Your order is on its way',
      description: 'See you soon',
      userId: customer.user.id,
      orderId,
      createdAt: server.app.now(),
    });
    await server.app.db.insert(notifications).values({ title: 'Half price Tuesdays', userId: null, createdAt: server.app.now() });

    const answer = await call(server, 'GET', '/profile/data', customer);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="my-data-2026-11-18.json"');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const data = answer.body;
    expect(data.account).toEqual({
      email: customer.user.email,
      username: customer.user.username,
      role: 'customer',
      createdAt: expect.any(String),
    });
    expect(data.addresses).toEqual([expect.objectContaining({ id: addressId, firstname: ADDRESS.firstname, postcode: ADDRESS.postcode })]);
    expect(data.favourites).toEqual([expect.objectContaining({ productId: menu.product('Hawaiian'), title: 'Hawaiian' })]);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      id: orderId,
      status: 'Pending Order',
      note: 'Ring twice',
      address: expect.objectContaining({ firstname: ADDRESS.firstname, phone: canonicalPhone(ADDRESS.phone) }),
      items: [expect.objectContaining({ title: 'Margherita', quantity: 1 })],
    });
    // The account's own notifications; the shop's notices to everyone are not its data.
    expect(data.notifications).toEqual([
      { title: 'Your order is on its way', description: 'See you soon', orderId, createdAt: expect.any(String) },
    ]);
    // Another customer's file holds none of it.
    const other = await signInAs(server);
    const theirs = (await call(server, 'GET', '/profile/data', other)).body;
    expect({ addresses: theirs.addresses, favourites: theirs.favourites, orders: theirs.orders }).toEqual({
      addresses: [],
      favourites: [],
      orders: [],
    });
    expect((await call(server, 'GET', '/profile/data', null)).status).toBe(401);
  });

  it('refuses a wrong password, an admin, and an order still to be delivered, and deletes nothing', async () => {
    expect((await deleteAccount('wrong-password')).body).toMatchObject({ code: 'WRONG_CURRENT_PASSWORD' });
    expect((await deleteAccount(admin.password, admin)).body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'An admin account cannot be deleted from the profile.',
    });
    const orderId = await placeOrder();
    const refused = await deleteAccount(customer.password);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_HAS_OPEN_ORDERS', message: OPEN_ORDERS_BLOCK_DELETE });
    await setStatus(orderId, 'Canceled Order');
    expect((await call(server, 'GET', '/session', customer)).body.user).toMatchObject({ email: customer.user.email });
    expect((await call(server, 'GET', '/profile/data', customer)).body.addresses).toHaveLength(1);
  });

  it('erases the account, keeps its orders anonymised and the figures unchanged, ends every session and socket, and frees the e-mail', async () => {
    const orderId = await placeOrder();
    await deliver(orderId);
    await call(server, 'POST', '/favouritelist', customer, { id: menu.product('Hawaiian'), email: customer.user.email });
    const summaryBefore = (await call(server, 'GET', '/admin/summary', admin)).body;
    const secondBrowser = await signInAs(server, { email: customer.user.email });
    const socket = await connectSocket(server.url, { cookie: secondBrowser.cookie });
    sockets.push(socket);
    const socketDropped = new Promise<void>((resolve) => socket.socket.once('disconnect', () => resolve()));

    const deleted = await deleteAccount(customer.password);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ result: true, message: ACCOUNT_DELETED });
    expect(deleted.headers.get('set-cookie')).toMatch(/^sid=;/);
    await socketDropped;

    // Both sessions are over, and the password signs in no more.
    expect((await call(server, 'GET', '/session', customer)).body).toEqual({ user: null });
    expect((await call(server, 'GET', '/session', secondBrowser)).body).toEqual({ user: null });
    const login = await call(server, 'POST', '/login', null, { email: customer.user.email, password: customer.password });
    expect(login.status).toBe(401);

    // The row stays for the orders, with nothing of the person.
    const row = (await server.app.db.select().from(users).where(eq(users.id, customer.user.id)))[0];
    expect(row).toMatchObject({ email: `deleted-${customer.user.id}@deleted.invalid`, username: '', deletedAt: expect.any(Date) });
    // The order: every figure as it was, no name, e-mail, phone, address or note.
    const order = (await call(server, 'GET', `/buy-product/${orderId}`, admin)).body;
    expect(order).toMatchObject({ status: 'Delivered Order', totalPrice: 17.19, note: '' });
    expect(order.address).toEqual({
      firstname: '',
      lastname: '',
      Email: `deleted-${customer.user.id}@deleted.invalid`,
      phone: '',
      address: '',
      address2: '',
      city: '',
      postcode: '',
    });
    const stored = (await server.app.db.select().from(orders).where(eq(orders.id, orderId)))[0];
    expect(JSON.stringify(stored)).not.toContain(ADDRESS.phone);
    expect(JSON.stringify(stored)).not.toContain(customer.user.email);
    expect((await call(server, 'GET', '/admin/summary', admin)).body).toEqual(summaryBefore);

    // The e-mail may make a new account, which starts empty.
    const again = await call(server, 'POST', '/register', null, {
      username: 'Back Again',
      email: customer.user.email,
      password: 'another-Strong-pass-2',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const cookie = (again.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const fresh = { ...customer, cookie };
    const data = (await call(server, 'GET', '/profile/data', fresh)).body;
    expect(data).toMatchObject({
      account: { email: customer.user.email, username: 'Back Again' },
      addresses: [],
      favourites: [],
      orders: [],
    });
  });
});
