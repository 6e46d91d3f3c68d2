// New order (decision 1500): the staff take a caller's or a walk-in's order through the one placement. The caller
// is found by any spelling of their number, an earlier order repeated; payment is cash, paid at the counter, or a
// card payment link; the order lands on the board marked PHONE or COUNTER with who took it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_NEEDS_EMAIL, TENDER_ONLY_AT_COUNTER } from '@shop/shared/contract/staff-orders';
import { orders } from '../src/db/schema';
import { TERMINAL_REFUND } from '../src/modules/payments/money';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { ADDRESS, call, dealLine, loadMenu, pizzaLine, readyToOrder, type Menu } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';

const TEST_CARD = { cardNumber: '4242424242424242', exp: '12/30', cvc: '123' };
// ADDRESS's number (07700900456), as callers and staff type it.
const SPELLINGS = ['07700 900456', '+44 7700 900456', '447700900456'];

describe.each(testDatabases())('New order on %s', (kind) => {
  let server: TestServer;
  let menu: Menu;
  let owner: SignedIn;
  let counter: SignedIn;
  let kitchen: SignedIn;
  let regular: SignedIn;
  let regularAddress: string;
  let earlierOrder: string;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    menu = await loadMenu(server);
    owner = await signInAs(server, { role: 'owner' });
    counter = await signInAs(server, { role: 'counter', username: 'Carla Counter' });
    kitchen = await signInAs(server, { role: 'kitchen' });
    // A regular: an account with a saved address (ADDRESS, typed 07700900456) and an earlier order.
    ({ customer: regular, addressId: regularAddress } = await readyToOrder(server));
    const placed = await call(server, 'POST', '/buy-product', regular, {
      items: [pizzaLine(menu), dealLine(menu)],
      paymentType: 'Cash',
      addressId: regularAddress,
      note: '',
    });
    expect(placed.status).toBe(201);
    earlierOrder = placed.body.insertedId as string;
  });
  afterAll(async () => server?.close());

  const lookUp = async (phone: string, who: SignedIn = counter) =>
    call(server, 'GET', `/staff/customers?phone=${encodeURIComponent(phone)}`, who);
  const take = (body: Record<string, unknown>, who: SignedIn = counter, headers: Record<string, string> = {}) =>
    call(server, 'POST', '/staff/orders', who, body, headers);
  const board = async () => (await call(server, 'GET', '/buy-product', owner)).body as Array<Record<string, unknown>>;
  const row = async (id: string) => (await server.database.db.select().from(orders).where(eq(orders.id, id)))[0];

  it('finds the caller by three spellings of one number, with their addresses and last orders, and repeats one', async () => {
    const found = await Promise.all(SPELLINGS.map((spelling) => lookUp(spelling)));
    for (const answer of found) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(found[0]?.body);
    }
    const [customer] = found[0]?.body.customers ?? [];
    expect(found[0]?.body.customers).toHaveLength(1);
    expect(customer).toMatchObject({
      userId: regular.user.id,
      name: 'Grace Hopper',
      phone: '+447700900456',
      email: regular.user.email,
      addresses: [expect.objectContaining({ _id: regularAddress, postcode: ADDRESS.postcode })],
    });
    const [last] = customer.lastOrders;
    expect(last).toMatchObject({ _id: earlierOrder, summary: 'Margherita, Pizza Pair', totalPrice: 36.18 });

    // Repeat it: the same lines, for the same saved address, by phone, cash on delivery.
    const taken = await take({
      channel: 'phone',
      customer: { name: customer.name, phone: SPELLINGS[1], email: customer.email },
      accountId: customer.userId,
      addressId: regularAddress,
      fulfilment: 'delivery',
      items: last.lines,
      payment: 'cash',
      note: 'Side door',
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body).toMatchObject({
      trackingUrl: expect.stringMatching(/^\/track\//),
      paymentUrl: null,
      linkSentTo: null,
      linkError: null,
    });
    const id = taken.body.insertedId as string;
    expect(await row(id)).toMatchObject({
      channel: 'phone',
      userId: regular.user.id,
      takenBy: counter.user.id,
      phone: '+447700900456',
      total: 3618,
      paymentType: 'Cash',
      paymentStatus: 'unpaid',
    });
    // On the board marked as a phone order with who took it, and in the customer's own history.
    expect((await board()).find((order) => order._id === id)).toMatchObject({
      channel: 'phone',
      takenBy: 'Carla Counter',
      status: 'Pending Order',
    });
    const history = await call(server, 'GET', `/my-product-history/${encodeURIComponent(regular.user.email)}`, regular);
    expect(history.body.map((order: { _id: string }) => order._id)).toContain(id);
    // Accepted like any other, its first status set by the member of staff who took it.
    expect((await call(server, 'PUT', `/update-sell-products/${id}`, counter, { status: 'Approved Order' })).status).toBe(200);
  });

  it('takes a walk-in’s counter order paid on the card terminal: placed paid, refunded on the terminal only', async () => {
    const taken = await take({
      channel: 'counter',
      customer: { name: 'Walk In', phone: '07700 900999' },
      fulfilment: 'collection',
      items: [pizzaLine(menu, 2)],
      payment: 'paid-at-counter',
      tender: 'card',
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    const id = taken.body.insertedId as string;
    expect(await row(id)).toMatchObject({
      channel: 'counter',
      userId: null,
      paymentType: 'Card',
      paymentStatus: 'paid',
      paymentIntentId: null,
      total: 3438,
    });
    const onBoard = (await board()).find((order) => order._id === id);
    expect(onBoard).toMatchObject({ channel: 'counter', paymentStatus: 'paid', fulfilment: 'collection' });
    expect(onBoard?.address).toMatchObject({ firstname: 'Walk In', phone: '+447700900999' });
    // Accepting takes nothing more; a refund goes back on the terminal.
    expect((await call(server, 'PUT', `/update-sell-products/${id}`, owner, { status: 'Approved Order' })).status).toBe(200);
    const refund = await call(server, 'POST', `/orders/${id}/refunds`, owner, { amount: 1, reason: 'Cold' });
    expect(refund.body).toMatchObject({ code: 'REFUND_NOT_CARD', message: TERMINAL_REFUND });

    // Cash at the till: paid in cash.
    const cash = await take({
      channel: 'counter',
      customer: { name: 'Walk In', phone: '07700 900999' },
      fulfilment: 'collection',
      items: [pizzaLine(menu)],
      payment: 'paid-at-counter',
    });
    expect(await row(cash.body.insertedId)).toMatchObject({ paymentType: 'Cash', paymentStatus: 'paid' });
    // The walk-in is found next time by their number, as a caller without an account.
    const found = (await lookUp('07700900999')).body.customers;
    expect(found).toEqual([expect.objectContaining({ userId: null, name: 'Walk In', email: null, addresses: [] })]);
    expect(found[0].lastOrders.map((order: { _id: string }) => order._id)).toEqual([cash.body.insertedId, id]);
  });

  it('prices the same cart the same in New order as on the storefront', async () => {
    const items = [pizzaLine(menu), dealLine(menu)];
    const quote = await call(server, 'POST', '/cart/quote', null, { items });
    const taken = await take({
      channel: 'counter',
      customer: { name: 'Same Price', phone: '07700 900321' },
      fulfilment: 'collection',
      items,
      payment: 'cash',
    });
    const stored = await row(taken.body.insertedId);
    expect(stored?.total).toBe(Math.round(quote.body.total * 100));
    expect(stored?.total).toBe(3618);
  });

  it('sends a card payment link by e-mail: the order waits for its card off the board, then is placed when paid on its page', async () => {
    const taken = await take({
      channel: 'phone',
      customer: { name: 'Link Payer', phone: '07700 900555', email: 'payer@example.com' },
      address: { address: '7 Link Street', city: 'Bristol', postcode: 'BS1 5TY' },
      fulfilment: 'delivery',
      items: [pizzaLine(menu)],
      payment: 'payment-link',
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body).toMatchObject({ linkSentTo: 'E-mailed to payer@example.com', linkError: null });
    expect(taken.body.paymentUrl).toBe(taken.body.trackingUrl);
    const id = taken.body.insertedId as string;
    expect((await board()).some((order) => order._id === id)).toBe(false);

    type Mail = { to: string; subject: string; text: string };
    await expect
      .poll(async () => ((await call(server, 'GET', '/dev/outbox', owner)).body as Mail[]).find((mail) => mail.to === 'payer@example.com'))
      .toMatchObject({
        subject: expect.stringContaining('Pay for your order'),
        text: expect.stringContaining(`${server.config.publicOrigin}${taken.body.trackingUrl}`),
      });

    const page = await call(server, 'GET', taken.body.trackingUrl, null);
    expect(page.body).toMatchObject({ awaitingPayment: true, channel: 'phone', totalPrice: 17.19 + Number(page.body.deliveryFee) });
    const payment = await call(server, 'GET', `${taken.body.trackingUrl}/payment`, null);
    expect(payment.body).toMatchObject({ orderId: id, provider: 'test', amount: page.body.totalPrice });
    const paid = await call(server, 'POST', '/test-payments/confirm', null, { clientSecret: payment.body.clientSecret, ...TEST_CARD });
    expect(paid.body).toEqual({ status: 'requires_capture', orderId: id });
    expect((await board()).find((order) => order._id === id)).toMatchObject({ channel: 'phone', paymentStatus: 'authorised' });
    expect((await call(server, 'GET', `${taken.body.trackingUrl}/payment`, null)).body.code).toBe('ORDER_ALREADY_PAID');
  });

  it('texts the payment link to a caller who gave no e-mail', async () => {
    const taken = await take({
      channel: 'phone',
      customer: { name: 'Text Payer', phone: '07700 900777' },
      fulfilment: 'collection',
      items: [pizzaLine(menu)],
      payment: 'payment-link',
    });
    expect(taken.body).toMatchObject({ linkSentTo: 'Texted to 07700 900777', linkError: null });
    const outbox = (await call(server, 'GET', '/dev/outbox', owner)).body as Array<{ to: string; subject: string; text: string }>;
    expect(outbox.find((entry) => entry.to === '+447700900777')).toMatchObject({
      subject: 'Text message',
      text: expect.stringContaining(`${server.config.publicOrigin}${taken.body.trackingUrl}`),
    });
  });

  it('holds a phone order to the shop’s rules, refuses what makes no sense, and answers a retry with the first order', async () => {
    const base = {
      channel: 'phone',
      customer: { name: 'Rule Keeper', phone: '07700 900888' },
      fulfilment: 'collection',
      items: [pizzaLine(menu)],
      payment: 'cash',
    };
    expect((await take({ ...base, fulfilment: 'delivery' })).body.message).toContain('address');
    expect((await take({ ...base, tender: 'card' })).body.message).toContain(TENDER_ONLY_AT_COUNTER);
    expect((await take({ ...base, payment: 'payment-link', sendLinkBy: 'email' })).body.message).toContain(LINK_NEEDS_EMAIL);
    expect((await take({ ...base, customer: { name: 'X', phone: '12' } })).body.message).toContain('customer.phone');
    expect((await take({ ...base, items: [{ productId: menu.product('Coca-Cola Can 330ml'), quantity: 1 }] })).body.code).toBe(
      'MINIMUM_ORDER',
    );
    // Someone else's saved address is not this account's.
    const other = await readyToOrder(server);
    const mixed = await take({ ...base, fulfilment: 'delivery', accountId: regular.user.id, addressId: other.addressId });
    expect(mixed.body.code).toBe('ADDRESS_NOT_FOUND');

    const key = { 'idempotency-key': `new-order-${Date.now()}` };
    const first = await take(base, counter, key);
    const again = await take(base, counter, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('lets only the staff who take orders look callers up or take an order', async () => {
    expect((await lookUp('not a number')).body.message).toContain('phone');
    expect((await lookUp(SPELLINGS[0] as string, regular)).status).toBe(403);
    expect((await lookUp(SPELLINGS[0] as string, kitchen)).status).toBe(403);
    expect((await take({}, regular)).status).toBe(403);
    expect((await call(server, 'GET', `/staff/customers?phone=07700900456`, null)).status).toBe(401);
  });
});
