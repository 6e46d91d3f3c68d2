// The audit log (decision 1402): each kind of change made through the shop's real routes is answered by
// GET /api/audit-log with who did it, what, a line a person reads and what changed; the filters, the pages, and who
// may read it. The shop clock is fixed: Wednesday 18 November 2026, 18:00 in London (DEFAULT_SHOP_TIME).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryWire, AuditLogAnswer } from '@shop/shared/contract/audit';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { DEFAULT_OPENING_HOURS } from '@shop/shared/domain/opening-hours';
import { DEFAULT_SHOP_TIME, testDatabases } from './harness';
import { call, placeCashOrder, placeHeldCardOrder, startOrderingShop, type OrderingShop } from './order-fixtures';
import { signInAs, type SignedIn } from './sign-in';
import { startTcpPrinter, type TcpPrinter } from './tcp-printer';
import { runOrderTimers } from '../src/modules/orders/public';
import { recordAudit, SHOP_ACTOR } from '../src/modules/audit/public';

describe.each(testDatabases())('the audit log on %s', (kind) => {
  let shop: OrderingShop;
  let manager: SignedIn;
  let printer: TcpPrinter | undefined;

  beforeAll(async () => {
    shop = await startOrderingShop(kind, { RATE_LIMIT_MULTIPLIER: '20' });
    manager = await signInAs(shop.server, { role: 'manager', username: 'Maya Manager' });
  });
  afterAll(async () => {
    await printer?.close();
    await shop?.server.close();
  });

  const log = async (query = '', who: SignedIn = manager): Promise<AuditLogAnswer> => {
    const answer = await call(shop.server, 'GET', `/audit-log${query}`, who);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as AuditLogAnswer;
  };
  /** The newest entry of an action. */
  const latest = async (action: string): Promise<AuditEntryWire | undefined> => (await log(`?action=${action}`)).entries[0];
  const managerActor = () => ({ id: manager.user.id, name: 'Maya Manager', role: 'manager' });

  it('records a refund of a card order with who, how much of which order, and the money before and after', async () => {
    const id = await placeHeldCardOrder(shop);
    expect((await call(shop.server, 'PUT', `/update-sell-products/${id}`, manager, { status: 'Approved Order' })).status).toBe(200);
    const refund = await call(shop.server, 'POST', `/orders/${id}/refunds`, manager, { amount: 4.5, reason: 'Cold chips' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(await latest('order.refund')).toMatchObject({
      at: '2026-11-18T18:00:00.000Z',
      actor: managerActor(),
      action: 'order.refund',
      subjectType: 'order',
      subjectId: id,
      summary: `Refunded £4.50 of order ${displayOrderId(id)}: Cold chips`,
      before: { refundedTotal: '£0.00', paymentStatus: 'paid' },
      after: { refundedTotal: '£4.50', paymentStatus: 'partially_refunded', refund: '£4.50', reason: 'Cold chips' },
    });
    // Accepting the order was recorded too, with the time it was promised for.
    expect(await latest('order.accept')).toMatchObject({
      subjectId: id,
      summary: `Accepted order ${displayOrderId(id)}`,
      before: { status: 'Pending Order' },
      after: { status: 'Approved Order' },
    });
  });

  it('records a cancel of an accepted order and a rejection of a waiting one, with the reason', async () => {
    const accepted = await placeCashOrder(shop);
    await call(shop.server, 'PUT', `/update-sell-products/${accepted}`, shop.admin, { status: 'Approved Order' });
    const cancel = await call(shop.server, 'PUT', `/update-sell-products/${accepted}`, manager, {
      status: 'Canceled Order',
      reason: 'Out of dough',
    });
    expect(cancel.body).toEqual({ modifiedCount: 1 });
    expect(await latest('order.cancel')).toMatchObject({
      actor: managerActor(),
      subjectId: accepted,
      summary: `Canceled order ${displayOrderId(accepted)}: Out of dough`,
      before: { status: 'Approved Order' },
      after: { status: 'Canceled Order', reason: 'Out of dough' },
    });
    const waiting = await placeCashOrder(shop);
    await call(shop.server, 'PUT', `/update-sell-products/${waiting}`, manager, { status: 'Canceled Order', reason: 'Too far' });
    expect(await latest('order.reject')).toMatchObject({
      subjectId: waiting,
      summary: `Rejected order ${displayOrderId(waiting)}: Too far`,
      before: { status: 'Pending Order' },
    });
    // The kitchen's routine steps are not recorded.
    await call(shop.server, 'PUT', `/update-sell-products/${waiting}`, manager, { status: 'Canceled Order' });
    expect((await log('?action=order.')).actions).not.toContain('order.on-the-way');
  });

  it('records a price change with only the changed price, before and after', async () => {
    const fields = {
      title: 'Audit Special',
      category: 'Pizza',
      description: 'Tomato and basil',
      regularDiscount: '7.99',
      mediumDiscount: '10.49',
      largeDiscount: '',
      extraLargeDiscount: '',
    };
    const added = await call(shop.server, 'POST', '/allproduts', manager, fields);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const id = added.body.insertedId as string;
    expect(await latest('product.create')).toMatchObject({ subjectId: id, summary: 'Added Audit Special to Pizza' });
    const changed = await call(shop.server, 'PUT', `/allproduts/${id}`, manager, { ...fields, mediumDiscount: '11.25' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await latest('product.update')).toMatchObject({
      actor: managerActor(),
      subjectType: 'product',
      subjectId: id,
      summary: 'Changed Audit Special: price M £10.49 → £11.25',
      before: { priceM: '£10.49' },
      after: { priceM: '£11.25' },
    });
  });

  it('records the opening hours changed, with the hours before and after', async () => {
    const wednesdayClosed = { ...DEFAULT_OPENING_HOURS, weekly: DEFAULT_OPENING_HOURS.weekly.filter((s) => s.day !== 3) };
    expect((await call(shop.server, 'PUT', '/opening-hours', manager, wednesdayClosed)).status).toBe(200);
    const entry = await latest('hours.update');
    expect(entry).toMatchObject({
      actor: managerActor(),
      summary: 'Changed the opening hours: the weekly hours',
      before: { weekly: DEFAULT_OPENING_HOURS.weekly },
      after: { weekly: wednesdayClosed.weekly },
    });
    expect(Object.keys(entry?.after ?? {})).toEqual(['weekly']);
    expect((await call(shop.server, 'PUT', '/opening-hours', manager, DEFAULT_OPENING_HOURS)).status).toBe(200);
  });

  it('records a pause and busy mode, and their end', async () => {
    expect((await call(shop.server, 'PUT', '/shop-status', manager, { pause: { forMinutes: 30 } })).status).toBe(200);
    expect(await latest('shop.pause')).toMatchObject({
      actor: managerActor(),
      subjectType: 'shop',
      summary: 'Paused orders until 18:30',
      before: { pausedUntil: null },
      after: { pausedUntil: '18:30' },
    });
    expect((await call(shop.server, 'PUT', '/shop-status', manager, { pause: null })).status).toBe(200);
    expect(await latest('shop.pause')).toMatchObject({
      summary: 'Ended the pause: orders are taken again',
      before: { pausedUntil: '18:30' },
      after: { pausedUntil: null },
    });
    await call(shop.server, 'PUT', '/shop-status', manager, { busy: { extraMinutes: 20, forMinutes: 60 } });
    expect(await latest('shop.busy')).toMatchObject({
      summary: 'Busy mode: 20 extra minutes until 19:00',
      before: { busy: false },
      after: { busy: true, extraMinutes: 20, until: '19:00' },
    });
    await call(shop.server, 'PUT', '/shop-status', manager, { busy: null });
  });

  it('records a reprint and the printer added for it', async () => {
    printer = await startTcpPrinter();
    const added = await call(shop.server, 'POST', '/printers', manager, {
      name: 'Pass',
      connection: { kind: 'tcp', host: '127.0.0.1', port: printer.port },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await latest('printer.create')).toMatchObject({
      summary: 'Added the printer Pass',
      after: { name: 'Pass', connection: `network 127.0.0.1:${printer.port}` },
    });
    const id = await placeCashOrder(shop);
    const reprint = await call(shop.server, 'POST', `/orders/${id}/print`, manager, { kind: 'kitchen' });
    expect(reprint.status, JSON.stringify(reprint.body)).toBe(202);
    expect(await latest('ticket.reprint')).toMatchObject({
      actor: managerActor(),
      subjectType: 'order',
      subjectId: id,
      summary: `Reprinted order ${displayOrderId(id)}: kitchen on Pass`,
      before: null,
      after: { tickets: ['kitchen on Pass'] },
    });
  });

  it('records a settings change with only the fields that changed', async () => {
    const before = (await call(shop.server, 'GET', '/shop-settings', manager)).body as { lateAfterMinutes: number; autoAccept: boolean };
    const answer = await call(shop.server, 'PUT', '/shop-settings', manager, {
      lateAfterMinutes: before.lateAfterMinutes + 5,
      autoAccept: before.autoAccept,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await latest('settings.update')).toMatchObject({
      actor: managerActor(),
      summary: `Changed the shop’s settings: late after minutes ${before.lateAfterMinutes} → ${before.lateAfterMinutes + 5}`,
      before: { lateAfterMinutes: before.lateAfterMinutes },
      after: { lateAfterMinutes: before.lateAfterMinutes + 5 },
    });
  });

  it('filters by actor, by action and its prefix, and offers every actor and action present', async () => {
    const answer = await log(`?actor=${manager.user.id}`);
    expect(answer.entries.length).toBeGreaterThan(0);
    expect(answer.entries.every((entry) => entry.actor.id === manager.user.id)).toBe(true);
    expect(answer.actors).toEqual(
      expect.arrayContaining([managerActor(), { id: shop.admin.user.id, name: shop.admin.user.username, role: 'owner' }]),
    );
    expect(answer.actions).toEqual(expect.arrayContaining(['order.refund', 'order.cancel', 'product.update', 'hours.update']));
    const orders = await log('?action=order.');
    expect(new Set(orders.entries.map((entry) => entry.action))).toEqual(
      new Set(['order.accept', 'order.refund', 'order.cancel', 'order.reject']),
    );
    expect((await log('?action=order.refund')).entries.map((entry) => entry.action)).toEqual(['order.refund']);
    expect((await log(`?actor=${shop.customer.user.id}`)).entries).toEqual([]);
  });

  it('answers the last 7 London days by default, newest first; from and to are inclusive London dates', async () => {
    const db = shop.server.app.db;
    const entry = (summary: string) => ({ actor: SHOP_ACTOR, action: 'test.note', subjectType: 'test', summary });
    // 00:30 on Thursday 12 November in London is the first minute of the default week; the 11th is before it.
    await recordAudit(db, new Date('2026-11-11T23:59:00Z'), entry('Wednesday 11th, late'));
    await recordAudit(db, new Date('2026-11-12T00:30:00Z'), entry('Thursday 12th, early'));
    await recordAudit(db, new Date('2026-11-15T12:00:00Z'), entry('Sunday 15th'));
    const week = await log('?action=test.note');
    expect(week).toMatchObject({ from: '2026-11-12', to: '2026-11-18' });
    expect(week.entries.map((e) => e.summary)).toEqual(['Sunday 15th', 'Thursday 12th, early']);
    expect((await log('?action=test.note&from=2026-11-11&to=2026-11-12')).entries.map((e) => e.summary)).toEqual([
      'Thursday 12th, early',
      'Wednesday 11th, late',
    ]);
    expect((await log('?action=test.note&from=2026-11-15&to=2026-11-15')).entries.map((e) => e.summary)).toEqual(['Sunday 15th']);
    // The shop's own entries: actor `shop`, listed last among the actors.
    const own = await log('?actor=shop&from=2026-11-01');
    expect(own.entries.map((e) => e.actor)).toContainEqual({ id: null, name: 'The shop', role: 'system' });
    expect(own.entries.every((e) => e.actor.id === null)).toBe(true);
    expect(own.actors.at(-1)).toEqual({ id: null, name: 'The shop', role: 'system' });
  });

  it('pages with before=nextBefore, never repeating or skipping an entry of the same instant', async () => {
    const db = shop.server.app.db;
    const at = new Date('2026-11-16T10:00:00Z');
    for (let n = 1; n <= 5; n += 1) {
      await recordAudit(db, at, { actor: SHOP_ACTOR, action: 'test.page', subjectType: 'test', summary: `Entry ${n}` });
    }
    const first = await log('?action=test.page&limit=2');
    expect(first.entries.map((e) => e.summary)).toEqual(['Entry 5', 'Entry 4']);
    const second = await log(`?action=test.page&limit=2&before=${first.nextBefore}`);
    expect(second.entries.map((e) => e.summary)).toEqual(['Entry 3', 'Entry 2']);
    const third = await log(`?action=test.page&limit=2&before=${second.nextBefore}`);
    expect(third).toMatchObject({ nextBefore: null });
    expect(third.entries.map((e) => e.summary)).toEqual(['Entry 1']);
  });

  it('refuses a bad filter with 400 naming the field', async () => {
    const refusal = async (query: string) => {
      const answer = await call(shop.server, 'GET', `/audit-log${query}`, manager);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
      return answer.body.message as string;
    };
    expect(await refusal('?from=18/11/2026')).toMatch(/^from: from must be a date as YYYY-MM-DD/);
    expect(await refusal('?to=2026-02-30')).toMatch(/^to: to is not a date of the calendar/);
    expect(await refusal('?from=2026-11-18&to=2026-11-01')).toMatch(/^to: to must be on or after from/);
    expect(await refusal('?actor=ada')).toMatch(/^actor: actor must be a user id/);
    expect(await refusal('?action=DROP%20TABLE')).toMatch(/^action: action must be an action/);
    expect(await refusal('?limit=0')).toMatch(/^limit: limit must be a whole number from 1 to 100/);
  });

  it('lets the owner and a manager read it; a kitchen or counter login and a customer are refused', async () => {
    expect((await call(shop.server, 'GET', '/audit-log', shop.admin)).status).toBe(200);
    for (const role of ['kitchen', 'counter', 'driver'] as const) {
      const answer = await call(shop.server, 'GET', '/audit-log', await signInAs(shop.server, { role }));
      expect(answer.status, role).toBe(403);
      expect(answer.body.code, role).toBe('ROLE_FORBIDDEN');
    }
    expect((await call(shop.server, 'GET', '/audit-log', shop.customer)).status).toBe(403);
    expect((await call(shop.server, 'GET', '/audit-log', null)).status).toBe(401);
  });

  it('has no route that changes or deletes an entry', async () => {
    const id = (await log()).entries[0]?.id ?? 'x';
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      expect((await call(shop.server, method, `/audit-log/${id}`, shop.admin, method === 'DELETE' ? undefined : {})).status, method).toBe(
        404,
      );
      expect((await call(shop.server, method, '/audit-log', shop.admin, method === 'DELETE' ? undefined : {})).status, method).toBe(404);
    }
  });

  it('records the shop rejecting an order nobody answered, as the shop', async () => {
    const id = await placeCashOrder(shop);
    const { autoRejectAfterMinutes } = (await call(shop.server, 'GET', '/shop-settings', manager)).body as {
      autoRejectAfterMinutes: number;
    };
    shop.server.config.shopTime = new Date(Date.parse(DEFAULT_SHOP_TIME) + (autoRejectAfterMinutes + 1) * 60_000);
    try {
      await runOrderTimers(shop.server.app);
      const entry = (await log('?actor=shop&action=order.reject')).entries.find((e) => e.subjectId === id);
      expect(entry).toMatchObject({
        actor: { id: null, name: 'The shop', role: 'system' },
        summary: expect.stringMatching(new RegExp(`^Rejected order ${displayOrderId(id)}: `)),
        before: { status: 'Pending Order' },
        after: { status: 'Canceled Order' },
      });
    } finally {
      shop.server.config.shopTime = new Date(DEFAULT_SHOP_TIME);
    }
  });
});
