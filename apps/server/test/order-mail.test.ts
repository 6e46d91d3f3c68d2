// The customer hears by e-mail too (issue 20 point 5, decision 0800): a receipt when the shop sees the order, a mail
// for each change they should know of, through a real SMTP server; a mail that cannot be sent is retried with a
// growing wait and never fails the order; several deliveries at once send a mail once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import { paymentLine } from '@shop/shared/domain/payment-line';
import type { PaymentStatus, PaymentType } from '@shop/shared/domain/payment-types';
import { SHOP_IDENTITY } from '@shop/shared/domain/shop-identity';
import { mailOutbox, mailQueue, orders, refunds } from '../src/db/schema';
import { newId } from '../src/db/id';
import { deliverDueMail, enqueueMail, flushQueuedMail, MAX_MAIL_ATTEMPTS } from '../src/mail/queue';
import { mailOrderChange, PROVIDER_REFUND_REASON } from '../src/modules/order-mail/service';
import { emitOrderStatusChanged, type OrderChangeKind } from '../src/modules/orders/events';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { readMail, type ReadMail } from './mail-text';
import { addAddress, call, cashOrder, dealLine, loadMenu, pizzaLine, PIZZA_AND_DEAL_TOTAL, type Menu } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';
import { startInbox, type TestInbox } from './smtp-inbox';

const MINUTE = 60_000;

interface Shopper {
  customer: SignedIn;
  addressId: string;
}

async function newShopper(server: TestServer): Promise<Shopper> {
  const customer = await signInAs(server);
  return { customer, addressId: await addAddress(server, customer) };
}

async function placeCashOrder(server: TestServer, menu: Menu, { customer, addressId }: Shopper): Promise<string> {
  const placed = await call(server, 'POST', '/buy-product', customer, cashOrder([pizzaLine(menu), dealLine(menu)], addressId));
  expect(placed.status).toBe(201);
  return placed.body.insertedId as string;
}

/** The mails one address received, decoded, oldest first. */
function mailsTo(inbox: TestInbox, address: string): ReadMail[] {
  return inbox.to(address).map((mail) => readMail(mail.raw));
}

async function mailsArrive(inbox: TestInbox, address: string, count: number): Promise<ReadMail[]> {
  await expect.poll(() => inbox.to(address).length, { timeout: 10_000 }).toBe(count);
  return mailsTo(inbox, address);
}

/** The order's change as the orders module tells it after its commit (before its accept and cancel routes land). */
async function changeOrder(
  server: TestServer,
  orderId: string,
  change: OrderChangeKind,
  set: Partial<typeof orders.$inferInsert>,
  amount?: number,
): Promise<void> {
  const [row] = await server.app.db
    .update(orders)
    .set({ updatedAt: server.app.now(), ...set })
    .where(eq(orders.id, orderId))
    .returning();
  if (!row) throw new Error('no such order');
  emitOrderStatusChanged(server.app.db, {
    orderId,
    userId: row.userId,
    status: row.status as OrderStatus,
    change,
    ...(amount !== undefined ? { amount } : {}),
  });
}

const signature = [SHOP_IDENTITY.name, ...SHOP_IDENTITY.address, `Phone: ${SHOP_IDENTITY.phone}`].join('\n');

describe.each(testDatabases())('order mails through SMTP on %s', (kind) => {
  let inbox: TestInbox;
  let server: TestServer;
  let menu: Menu;

  beforeAll(async () => {
    inbox = await startInbox();
    server = await startTestServer({ db: kind, seed: true, env: { SMTP_URL: inbox.url } });
    menu = await loadMenu(server);
  });
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });

  it('mails the receipt of a cash order at once: each line with its options, the totals, payment, address, note and the shop', async () => {
    const shopper = await newShopper(server);
    const orderId = await placeCashOrder(server, menu, shopper);
    const [receipt] = await mailsArrive(inbox, shopper.customer.user.email, 1);
    const order = (await call(server, 'GET', `/buy-product/${orderId}`, shopper.customer)).body;

    expect(receipt?.subject).toBe(`Your order ${orderId.slice(18)} at ${SHOP_IDENTITY.name}: receipt`);
    const text = receipt?.text ?? '';
    expect(text).toContain(`Order ${orderId.slice(18)}, placed on ${order.date} at ${order.time}`);
    expect(text).toContain('1 × Margherita: £17.19\n');
    expect(text).toMatch(/\n {3}.*Stuffed Crust · Toppings: Pepperoni\n/);
    expect(text).toContain('1 × Pizza Pair: £18.99\n');
    expect(text).toMatch(/\n {3}.*Deep Pan · Deal: Margherita, Hawaiian\n/);
    expect(text).toContain(`Subtotal: £${order.subtotal.toFixed(2)}\nTotal: £${PIZZA_AND_DEAL_TOTAL.toFixed(2)}\n`);
    expect(text).toContain('Payment: To be paid on delivery\n');
    expect(text).toContain('Delivery to:\nGrace Hopper\n1 Compiler Close\nBristol BS1 4DJ\n07700 900456\n');
    // The order's tracking page, at the shop's own address.
    expect(text).toMatch(/\nFollow your order: http:\/\/(localhost|127\.0\.0\.1):\d+\/track\/[A-Za-z0-9_-]{24}\n/);
    expect(text).toContain('Your note: Ring the bell\n');
    expect(text).toContain(`\n${signature}\n`);

    // Sent once, and recorded as sent.
    const [queued] = await server.app.db.select().from(mailQueue).where(eq(mailQueue.orderId, orderId));
    expect(queued).toMatchObject({ dedupeKey: `order:${orderId}:receipt`, attempts: 1, lastError: null });
    expect(queued?.sentAt).not.toBeNull();
  });

  it('mails the receipt of a card order once its money is held, with what the payment line says', async () => {
    const shopper = await newShopper(server);
    const started = await call(server, 'POST', '/create-payment-intent', shopper.customer, {
      items: [pizzaLine(menu)],
      addressId: shopper.addressId,
      note: '',
    });
    expect(started.status).toBe(200);
    const confirmed = await call(server, 'POST', '/test-payments/confirm', shopper.customer, {
      clientSecret: started.body.clientSecret,
      cardNumber: '4242424242424242',
      exp: '12/30',
      cvc: '123',
    });
    expect(confirmed.status).toBe(200);
    const [receipt] = await mailsArrive(inbox, shopper.customer.user.email, 1);
    const order = (await call(server, 'GET', `/buy-product/${started.body.orderId}`, shopper.customer)).body;
    expect(['authorised', 'paid']).toContain(order.paymentStatus);
    expect(receipt?.text).toContain(`Payment: ${paymentLine(order)}\n`);
    expect(receipt?.text).toContain('1 × Margherita: £17.19\n');
    expect(receipt?.text).not.toContain('Your note');
  });

  it('mails the accepted time once, however often the change is told', async () => {
    const shopper = await newShopper(server);
    const orderId = await placeCashOrder(server, menu, shopper);
    await mailsArrive(inbox, shopper.customer.user.email, 1);
    // The test clock: 18:00 in London; accepted for 30 minutes.
    const expectedAt = new Date(server.app.now().getTime() + 30 * MINUTE);
    await changeOrder(server, orderId, 'accepted', { status: 'Approved Order', expectedAt });
    await changeOrder(server, orderId, 'accepted', {});
    const mails = await mailsArrive(inbox, shopper.customer.user.email, 2);
    expect(mails[1]?.subject).toBe(`Your order ${orderId.slice(18)} is accepted: expected at 18:30`);
    expect(mails[1]?.text).toContain('Expected at 18:30.\n');
    expect(mails[1]?.text).toContain('Payment: To be paid on delivery\n');
    expect(mails[1]?.text).toContain(`\n${signature}\n`);

    // Re-timed: the new time, once per new time.
    await changeOrder(server, orderId, 'retimed', { expectedAt: new Date(expectedAt.getTime() + 20 * MINUTE) });
    await changeOrder(server, orderId, 'retimed', {});
    const retimed = await mailsArrive(inbox, shopper.customer.user.email, 3);
    expect(retimed[2]?.subject).toBe(`Your order ${orderId.slice(18)} is now expected at 18:50`);

    // On its way, with the cash to have ready.
    await changeOrder(server, orderId, 'on-the-way', { status: 'On the way' });
    const onTheWay = await mailsArrive(inbox, shopper.customer.user.email, 4);
    expect(onTheWay[3]?.subject).toBe(`Your order ${orderId.slice(18)} is on its way`);
    expect(onTheWay[3]?.text).toContain('Expected at 18:50.\n');
    expect(onTheWay[3]?.text).toContain('Please have £36.18 ready to pay in cash.\n');

    // Delivered: no mail (the customer has the food). The next mail to arrive is not one.
    await changeOrder(server, orderId, 'delivered', { status: 'Delivered Order' });
    const keys = await server.app.db.select({ key: mailQueue.dedupeKey }).from(mailQueue).where(eq(mailQueue.orderId, orderId));
    expect(keys.map((row) => row.key).sort()).toEqual(
      [
        `order:${orderId}:accepted`,
        `order:${orderId}:on-the-way`,
        `order:${orderId}:receipt`,
        `order:${orderId}:retimed:${new Date(expectedAt.getTime() + 20 * MINUTE).toISOString()}`,
      ].sort(),
    );
  });

  it.each<[string, PaymentType, PaymentStatus, number, number | null, string]>([
    ['a cash order', 'Cash', 'unpaid', 0, null, 'Nothing to pay: the order was to be paid on delivery.'],
    ['a held card payment', 'Card', 'authorised', 0, null, 'Not charged: the hold of £36.18 on your card is released.'],
    ['a released hold', 'Card', 'released', 0, null, 'Not charged: the hold of £36.18 on your card is released.'],
    ['card money taken', 'Card', 'paid', 0, null, 'We are refunding £36.18 to your card: it reaches your account in 5 to 10 working days.'],
    [
      'card money taken, the cancel’s refund recorded first',
      'Card',
      'refunded',
      3618,
      3618,
      'We are refunding £36.18 to your card: it reaches your account in 5 to 10 working days.',
    ],
  ])(
    'mails a cancel with its reason and what happens to the money: %s',
    async (_name, paymentType, paymentStatus, refundedTotal, cancelRefund, money) => {
      const shopper = await newShopper(server);
      const orderId = await placeCashOrder(server, menu, shopper);
      await mailsArrive(inbox, shopper.customer.user.email, 1);
      if (cancelRefund !== null) {
        await server.app.db.insert(refunds).values({
          orderId,
          amount: cancelRefund,
          reason: 'An item has run out',
          status: 'pending',
          idempotencyKey: `cancel-${orderId}`,
          createdAt: server.app.now(),
        });
      }
      await changeOrder(server, orderId, 'canceled', {
        status: 'Canceled Order',
        cancelReason: 'An item has run out',
        paymentType,
        paymentStatus,
        refundedTotal,
      });
      const mails = await mailsArrive(inbox, shopper.customer.user.email, 2);
      expect(mails[1]?.subject).toBe(`Your order ${orderId.slice(18)} is canceled`);
      expect(mails[1]?.text).toContain(`has canceled your order ${orderId.slice(18)}.\nReason: An item has run out.\n`);
      expect(mails[1]?.text).toContain(`\n${money}\n`);
    },
  );

  it('mails each refund once with its amount, reason and when the money returns; the cancel’s own refund is in the cancel mail', async () => {
    const shopper = await newShopper(server);
    const orderId = await placeCashOrder(server, menu, shopper);
    await mailsArrive(inbox, shopper.customer.user.email, 1);
    const now = server.app.now();
    const refundId = newId();
    await server.app.db.insert(refunds).values([
      {
        id: refundId,
        orderId,
        amount: 500,
        reason: 'The garlic bread was missing',
        status: 'succeeded',
        idempotencyKey: `refund-${refundId}`,
        createdAt: now,
      },
      // A refund that failed is not mailed.
      { orderId, amount: 700, reason: 'Tried first', status: 'failed', idempotencyKey: `refund-${newId()}`, createdAt: now },
    ]);
    const moneyTaken = { paymentType: 'Card', status: 'Delivered Order', refundedTotal: 500, paymentStatus: 'partially_refunded' } as const;
    await changeOrder(server, orderId, 'refunded', moneyTaken, 500);
    await changeOrder(server, orderId, 'refunded', {}, 500);
    const mails = await mailsArrive(inbox, shopper.customer.user.email, 2);
    expect(mails[1]?.subject).toBe(`Refund of £5.00 for your order ${orderId.slice(18)}`);
    expect(mails[1]?.text).toContain('Reason: The garlic bread was missing.\n\nIt reaches your account in 5 to 10 working days.\n');
    expect(mails[1]?.text).toContain('Refunded so far: £5.00 of your £36.18.\n');

    // A refund made at the provider's dashboard has no row: what the refunded total holds beyond the rows is mailed.
    await changeOrder(server, orderId, 'refunded', { refundedTotal: 600 }, 100);
    const provider = await mailsArrive(inbox, shopper.customer.user.email, 3);
    expect(provider[2]?.subject).toBe(`Refund of £1.00 for your order ${orderId.slice(18)}`);
    expect(provider[2]?.text).toContain(`Reason: ${PROVIDER_REFUND_REASON}.\n`);
    expect(provider[2]?.text).toContain('Refunded so far: £6.00 of your £36.18.\n');

    // Canceled after: the cancel mail tells of the refund of the rest; that refund, once through, is not mailed again.
    await changeOrder(server, orderId, 'canceled', { status: 'Canceled Order', cancelReason: 'Cold food' });
    const canceled = await mailsArrive(inbox, shopper.customer.user.email, 4);
    expect(canceled[3]?.subject).toBe(`Your order ${orderId.slice(18)} is canceled`);
    expect(canceled[3]?.text).toContain('We are refunding £30.18 to your card: it reaches your account in 5 to 10 working days.');
    const cancelRefund = newId();
    await server.app.db.insert(refunds).values({
      id: cancelRefund,
      orderId,
      amount: 3018,
      reason: 'Cold food',
      status: 'succeeded',
      idempotencyKey: `cancel-${orderId}`,
      createdAt: now,
    });
    await server.app.db.update(orders).set({ refundedTotal: 3618, paymentStatus: 'refunded' }).where(eq(orders.id, orderId));
    await mailOrderChange(server.app, { orderId, change: 'refunded' });
    const keys = await server.app.db.select({ key: mailQueue.dedupeKey }).from(mailQueue).where(eq(mailQueue.orderId, orderId));
    expect(keys.map((row) => row.key).sort()).toEqual(
      [
        `order:${orderId}:canceled`,
        `order:${orderId}:receipt`,
        `order:${orderId}:refund:${refundId}`,
        `order:${orderId}:refund:provider:100`,
      ].sort(),
    );
  });

  it('sends a mail queued twice once, and two deliveries at once send each due mail once', async () => {
    // No delivery of the earlier tests' mails is still running in this process: the three below are alone.
    await flushQueuedMail(server.app.db);
    const address = `twice-${newId()}@example.com`;
    const now = server.app.now();
    const mail = (n: number) => ({
      dedupeKey: `test:${address}:${n}`,
      orderId: null,
      to: address,
      subject: `Mail ${n}`,
      text: `Number ${n}`,
    });
    expect(await enqueueMail(server.app.db, mail(1), now)).toBe(true);
    expect(await enqueueMail(server.app.db, mail(1), now)).toBe(false);
    for (let n = 2; n <= 5; n += 1) await enqueueMail(server.app.db, mail(n), now);

    const runs = await Promise.all([deliverDueMail(server.app), deliverDueMail(server.app), deliverDueMail(server.app)]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(5);
    expect(
      mailsTo(inbox, address)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Mail 1', 'Mail 2', 'Mail 3', 'Mail 4', 'Mail 5']);
    expect((await deliverDueMail(server.app)).sent).toBe(0);
  });
});

describe.each(testDatabases())('order mails while SMTP is down on %s', (kind) => {
  let inbox: TestInbox;
  let server: TestServer;
  let menu: Menu;
  let port: number;
  const start = new Date('2026-11-18T18:00:00Z');

  beforeAll(async () => {
    // An inbox started and stopped: SMTP_URL names a port where nothing listens.
    const gone = await startInbox();
    port = Number(new URL(gone.url).port);
    await gone.close();
    server = await startTestServer({ db: kind, seed: true, env: { SMTP_URL: gone.url } });
    menu = await loadMenu(server);
  });
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });

  const queued = async (orderId: string) => (await server.app.db.select().from(mailQueue).where(eq(mailQueue.orderId, orderId)))[0];

  it('places the order all the same, retries with a growing wait, and delivers once when SMTP is back', async () => {
    server.config.shopTime = start;
    const shopper = await newShopper(server);
    const orderId = await placeCashOrder(server, menu, shopper);
    // The first attempt, at once, fails: the next waits a minute.
    await expect.poll(async () => (await queued(orderId))?.attempts, { timeout: 10_000 }).toBe(1);
    let row = await queued(orderId);
    expect(row?.sentAt).toBeNull();
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row?.nextAttemptAt.getTime()).toBe(start.getTime() + MINUTE);
    expect((await call(server, 'GET', `/buy-product/${orderId}`, shopper.customer)).status).toBe(200);

    // Not due before its time.
    server.config.shopTime = new Date(start.getTime() + 30_000);
    expect(await deliverDueMail(server.app)).toEqual({ sent: 0, failed: 0 });
    // Due, still down: the next wait is 5 minutes.
    server.config.shopTime = new Date(start.getTime() + MINUTE);
    expect(await deliverDueMail(server.app)).toEqual({ sent: 0, failed: 1 });
    row = await queued(orderId);
    expect(row?.attempts).toBe(2);
    expect(row?.nextAttemptAt.getTime()).toBe(start.getTime() + 6 * MINUTE);

    // SMTP is back where it was: the mail goes out at its time, once.
    inbox = await startInbox(port);
    server.config.shopTime = new Date(start.getTime() + 6 * MINUTE);
    expect(await deliverDueMail(server.app)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueMail(server.app)).toEqual({ sent: 0, failed: 0 });
    const mails = mailsTo(inbox, shopper.customer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your order ${orderId.slice(18)} at ${SHOP_IDENTITY.name}: receipt`);
    expect(await queued(orderId)).toMatchObject({ attempts: 3, lastError: null });
    await inbox.close();
  });

  it(`gives a mail up after ${MAX_MAIL_ATTEMPTS} attempts`, async () => {
    server.config.shopTime = start;
    const address = `unreachable-${newId()}@example.com`;
    const dedupeKey = `test:${address}`;
    await enqueueMail(server.app.db, { dedupeKey, orderId: null, to: address, subject: 'Never', text: 'Never sent' }, start);
    const waits: number[] = [];
    let at = start;
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt += 1) {
      server.config.shopTime = at;
      expect((await deliverDueMail(server.app)).failed).toBe(1);
      const [row] = await server.app.db.select().from(mailQueue).where(eq(mailQueue.dedupeKey, dedupeKey));
      expect(row?.attempts).toBe(attempt);
      waits.push((row!.nextAttemptAt.getTime() - at.getTime()) / MINUTE);
      at = row!.nextAttemptAt;
    }
    // 1, 5, 15, then hourly; the last attempt leaves the claim's lease, and nothing is tried again.
    expect(waits).toEqual([1, 5, 15, 60, 60, 60, 60, 5]);
    server.config.shopTime = new Date(at.getTime() + 24 * 60 * MINUTE);
    expect(await deliverDueMail(server.app)).toEqual({ sent: 0, failed: 0 });
    server.config.shopTime = start;
  });
});

describe('order mails without SMTP', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  });
  afterAll(async () => server?.close());

  it('puts the receipt in the development outbox', async () => {
    const menu = await loadMenu(server);
    const shopper = await newShopper(server);
    const orderId = await placeCashOrder(server, menu, shopper);
    const outbox = () =>
      server.app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, shopper.customer.user.email), eq(mailOutbox.transport, 'outbox')));
    await expect.poll(async () => (await outbox()).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await outbox();
    expect(mail?.subject).toBe(`Your order ${orderId.slice(18)} at ${SHOP_IDENTITY.name}: receipt`);
    expect(mail?.text).toContain('1 × Pizza Pair: £18.99');
    expect(mail?.text).toContain(signature);
  });
});
