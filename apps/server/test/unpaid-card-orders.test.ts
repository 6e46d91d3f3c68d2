// A card order waiting for (or refused) payment is its customer's alone (docs/api.md, "Card payments"): no admin
// reads it, by id or in any list, until the provider holds its money (decision 0800). Issue 19, point 6.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { addAddress, call, pizzaLine, readyToOrder, type Menu } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

describe.each(testDatabases())('a card order that was never paid, on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let customer: SignedIn;
  let admin: SignedIn;
  let addressId: string;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    ({ menu, customer, addressId } = await readyToOrder(server));
    admin = await signInAs(server, { role: 'owner' });
  });
  afterAll(async () => server?.close());

  async function startCardOrder(): Promise<{ orderId: string; clientSecret: string }> {
    const answer = await call(server, 'POST', '/create-payment-intent', customer, { items: [pizzaLine(menu, 2)], addressId, note: '' });
    expect(answer.status).toBe(200);
    return answer.body as { orderId: string; clientSecret: string };
  }

  async function payWith(clientSecret: string, cardNumber: string) {
    return call(server, 'POST', '/test-payments/confirm', customer, { clientSecret, cardNumber, exp: '12/30', cvc: '123' });
  }

  const adminReads = (orderId: string) => call(server, 'GET', `/buy-product/${orderId}`, admin);

  it('is 404 to an admin while it waits for payment, and after the card is declined; its customer reads it', async () => {
    const waiting = await startCardOrder();
    const declined = await startCardOrder().then(async (order) => {
      expect((await payWith(order.clientSecret, '4000 0000 0000 0002')).status).toBe(402);
      return order;
    });
    for (const { orderId } of [waiting, declined]) {
      const answer = await adminReads(orderId);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ statusCode: 404, message: 'Order not found' });
      // Nor in the admin's other ways in: the order list, the customer's history, a status change.
      const list = await call(server, 'GET', '/buy-product', admin);
      expect((list.body as Array<{ _id: string }>).map((order) => order._id)).not.toContain(orderId);
      const history = await call(server, 'GET', `/my-product-history/${customer.user.email}`, admin);
      expect((history.body as Array<{ _id: string }>).map((order) => order._id)).not.toContain(orderId);
      expect((await call(server, 'PUT', `/update-sell-products/${orderId}`, admin, { status: 'Approved Order' })).status).toBe(404);
      // Its customer still sees where their payment stands.
      const own = await call(server, 'GET', `/buy-product/${orderId}`, customer);
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ _id: orderId, paymentType: 'Card' });
    }
  });

  it('reaches the admin once its money is held (authorised, not taken)', async () => {
    const order = await startCardOrder();
    expect((await adminReads(order.orderId)).status).toBe(404);
    expect((await payWith(order.clientSecret, '4242 4242 4242 4242')).status).toBe(200);
    const answer = await adminReads(order.orderId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ _id: order.orderId, paymentStatus: 'authorised', refundedTotal: 0 });
    const list = await call(server, 'GET', '/buy-product', admin);
    expect((list.body as Array<{ _id: string; paymentStatus: string }>).find((o) => o._id === order.orderId)?.paymentStatus).toBe(
      'authorised',
    );
  });

  it('is also its own customer’s when they are an admin', async () => {
    const own = await addAddress(server, admin);
    const started = await call(server, 'POST', '/create-payment-intent', admin, { items: [pizzaLine(menu, 2)], addressId: own, note: '' });
    expect(started.status).toBe(200);
    expect((await adminReads(started.body.orderId as string)).status).toBe(200);
  });
});
