import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { paymentMayMove, refundedStatus } from '@shop/shared/domain/order-promise';
import { CAPTURED_STATUSES, type PaymentStatus } from '@shop/shared/domain/payment-types';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { dbEvents } from '../../db-events';
import { orders, payments, refunds, stripeEvents } from '../../db/schema';
import { confirmCardOrder, emitOrderPlaced, emitOrderStatusChanged, writeOrderMoney } from '../orders/public';
import { loadOrderCatalogue, type OrderCatalogue } from '../pricing/public';
import type { ProviderEvent, ProviderRefund } from './provider-types';
import { TEST_INTENT_PREFIX } from './test-provider';

/** A card order's money is held (or, for an intent captured at once, taken) and the order is placed: the shop sees it from now on. */
export interface CardOrderPaid {
  orderId: string;
  userId: string | null;
}

/** A card order's money moved after it was placed (committed): released, refunded, or a refund failed. */
export interface PaymentChangedEvent {
  orderId: string;
  userId: string | null;
  change: 'released' | 'refunded' | 'refund-failed';
  /** Pence: the refund's amount. */
  amount?: number;
}

const cardOrderPaid = dbEvents<CardOrderPaid>('card order paid', (event) => ({ orderId: event.orderId }));
const paymentMoved = dbEvents<PaymentChangedEvent>('payment changed', (event) => ({ orderId: event.orderId }));

/**
 * Subscribe to card orders as they are placed, once their money is held (the orders module passes them on as
 * placed orders, and the admins' popup rings). Returns an unsubscribe function. Listeners run after the commit,
 * detached; their errors are logged.
 */
export const onCardOrderPaid = cardOrderPaid.on;

/** Subscribe to a placed card order's money moving (released, refunded, a refund failed); after the commit, detached. */
export const onPaymentMoved = paymentMoved.on;

/** The events the shop reconciles; any other type is recorded (once) and changes nothing. */
export const RECONCILED_EVENTS = [
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.canceled',
  'payment_intent.payment_failed',
  'charge.succeeded',
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.refund.updated',
] as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;
type Log = ServiceContext['log'];

/** A card order paid for and not placed: a rule it met when it was priced no longer held (its reason). */
export interface CardOrderRefused {
  orderId: string;
  userId: string | null;
  reason: string;
}

interface Effects {
  placed: CardOrderPaid | null;
  refused: CardOrderRefused | null;
  changed: PaymentChangedEvent[];
}

type EventContext = Pick<ServiceContext, 'config' | 'log'> & { now: Date; catalogue: OrderCatalogue };

// How far along an intent is at the provider, so a payments row never moves back (a late 'requires_capture' after
// 'succeeded'). Statuses the shop writes itself (amount_below_total) rank with the final ones.
const INTENT_RANK: Record<string, number> = {
  requires_payment_method: 0,
  requires_confirmation: 0,
  requires_action: 0,
  processing: 0,
  requires_capture: 1,
  succeeded: 2,
  canceled: 2,
  amount_below_total: 3,
};

const intentRank = (status: string) => INTENT_RANK[status] ?? 0;

function providerOf(intentId: string): 'test' | 'stripe' {
  return intentId.startsWith(TEST_INTENT_PREFIX) ? 'test' : 'stripe';
}

/**
 * Records the intent's status in payments (the order's when one is given, else kept with no order for
 * reconciliation), moving it forward only.
 */
async function recordIntentStatus(
  tx: Tx,
  event: ProviderEvent,
  status: string,
  order: Pick<OrderRow, 'id' | 'userId'> | null,
  now: Date,
): Promise<void> {
  const { intent } = event;
  if (!intent.id) return;
  await tx
    .insert(payments)
    .values({
      userId: order?.userId ?? null,
      orderId: order?.id ?? null,
      provider: providerOf(intent.id),
      intentId: intent.id,
      amount: intent.amount,
      status,
      method: event.method ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const earlier = Object.keys(INTENT_RANK).filter((s) => intentRank(s) < intentRank(status));
  await tx
    .update(payments)
    .set({ status, updatedAt: now })
    .where(and(eq(payments.intentId, intent.id), inArray(payments.status, earlier)));
}

/**
 * The intent's order: the one it was recorded for when it was opened (every intent opened for an order is the
 * order's, linked or not), the one linked to it, or, when the server stopped before recording it, the order its
 * metadata names (only the server creates intents, and Stripe signs the event). Locked for the transaction, so the
 * events of one order are reconciled one after another.
 */
async function findOrder(tx: Tx, event: ProviderEvent): Promise<OrderRow | undefined> {
  const { intent } = event;
  const recordedFor = intent.id
    ? or(
        inArray(orders.id, tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.intentId, intent.id))),
        eq(orders.paymentIntentId, intent.id),
      )
    : undefined;
  const named = intent.orderId ? eq(orders.id, intent.orderId) : undefined;
  const where = recordedFor && named ? or(recordedFor, named) : (recordedFor ?? named);
  if (!where) return undefined;
  return (
    await tx
      .select()
      .from(orders)
      .where(and(eq(orders.paymentType, 'Card'), where))
      .limit(1)
      .for('update')
  )[0];
}

/** Moves a placed order's money from the status it has to `to`, when the order of money states allows it. */
async function moveMoney(tx: Tx, order: OrderRow, to: PaymentStatus, now: Date): Promise<boolean> {
  if (!paymentMayMove(order.paymentStatus, to)) return false;
  const moved = await writeOrderMoney(tx, order.id, { paymentStatus: to }, { paymentStatus: [order.paymentStatus] }, now);
  if (moved) order.paymentStatus = to;
  return moved !== null;
}

/**
 * A card order's money is held (`authorised`) or, for an intent captured at once (made before capture_method
 * manual), taken (`paid`): the orders module places it if it could be placed now, or cancels it with the reason
 * (the hold is then released: applyPaymentEvent's caller settles it).
 */
async function placeOrder(
  tx: Tx,
  order: OrderRow,
  event: ProviderEvent,
  status: 'authorised' | 'paid',
  ctx: EventContext,
  effects: Effects,
) {
  const { intent } = event;
  const { now, log } = ctx;
  if (intent.amount < order.total) {
    // Only the server sets an intent's amount, so this is a forged or mistaken intent: the order is not placed for less.
    log.error(
      { orderId: order.id, intentAmount: intent.amount, orderTotal: order.total },
      'paid amount is below the order total: order not placed',
    );
    await tx.update(payments).set({ status: 'amount_below_total', updatedAt: now }).where(eq(payments.intentId, intent.id));
    return;
  }
  if (intent.amount > order.total) {
    log.error({ orderId: order.id, intentAmount: intent.amount, orderTotal: order.total }, 'paid amount is above the order total');
  }
  const confirmed = await confirmCardOrder(tx, ctx, order, {
    intentId: intent.id,
    paymentStatus: status,
  });
  if (!confirmed) return;
  if (confirmed.placed) effects.placed = { orderId: order.id, userId: order.userId };
  else {
    log.warn({ orderId: order.id, reason: confirmed.reason }, 'a card order paid for could not be placed: its hold is released');
    effects.refused = { orderId: order.id, userId: order.userId, reason: confirmed.reason };
  }
}

/** A refund of the order that the provider says went through: pending → succeeded (a failed one stays failed). */
async function refundSucceeded(tx: Tx, order: OrderRow, refundId: string, now: Date, effects: Effects): Promise<void> {
  const done = await tx
    .update(refunds)
    .set({ status: 'succeeded', updatedAt: now })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning({ amount: refunds.amount });
  if (done[0]) effects.changed.push({ orderId: order.id, userId: order.userId, change: 'refunded', amount: done[0].amount });
}

/**
 * A refund of the order that failed (the provider refused it, or said later that it failed): marked failed once, its
 * amount given back to refunded_total and the payment status recomputed from what is still refunded.
 */
export async function refundFailed(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'userId'>,
  refundId: string,
  reason: string,
  now: Date,
  effects: Pick<Effects, 'changed'>,
): Promise<boolean> {
  const failed = await tx
    .update(refunds)
    .set({ status: 'failed', failureReason: reason, updatedAt: now })
    .where(and(eq(refunds.id, refundId), inArray(refunds.status, ['pending', 'succeeded'])))
    .returning({ amount: refunds.amount });
  const amount = failed[0]?.amount;
  if (amount === undefined) return false;
  const after = await writeOrderMoney(tx, order.id, { refundedTotal: sql`greatest(0, ${orders.refundedTotal} - ${amount})` }, {}, now);
  if (after && CAPTURED_STATUSES.includes(after.paymentStatus)) {
    await writeOrderMoney(tx, order.id, { paymentStatus: refundedStatus(after.total, after.refundedTotal) }, {}, now);
  }
  effects.changed.push({ orderId: order.id, userId: order.userId, change: 'refund-failed', amount });
  return true;
}

/** One refund as the provider reports it, matched to the shop's row by the provider's id or the row id in its metadata. */
async function reconcileRefund(tx: Tx, order: OrderRow, refund: ProviderRefund, now: Date, log: Log, effects: Effects): Promise<void> {
  const byId = refund.id ? eq(refunds.providerRefundId, refund.id) : undefined;
  const byRow = refund.refundId ? eq(refunds.id, refund.refundId) : undefined;
  const match = byId && byRow ? or(byId, byRow) : (byId ?? byRow);
  const row = match
    ? (
        await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.orderId, order.id), match))
          .limit(1)
      )[0]
    : undefined;
  if (!row) {
    // A refund made at the provider (its dashboard): counted through charge.refunded's amount_refunded.
    log.warn({ orderId: order.id, providerRefundId: refund.id, amount: refund.amount }, 'a refund the shop did not ask for');
    return;
  }
  if (!row.providerRefundId && refund.id) {
    await tx
      .update(refunds)
      .set({ providerRefundId: refund.id, updatedAt: now })
      .where(and(eq(refunds.id, row.id), isNull(refunds.providerRefundId)));
  }
  if (refund.status === 'failed' || refund.status === 'canceled') {
    await refundFailed(tx, order, row.id, refund.failureReason ?? refund.status, now, effects);
  } else if (refund.status === 'succeeded') {
    await refundSucceeded(tx, order, row.id, now, effects);
  }
}

/**
 * `charge.refunded`: the charge's amount_refunded is absolute, so a late or repeated event cannot add twice.
 * refunded_total never falls through it (only a failed refund gives money back, and an event sent before that
 * failure still counts the failed refund, so the failed refunds the provider knew are taken off its figure); it
 * rises to it when a refund was made at the provider. Refunds it lists are matched one by one; when it lists
 * none and its figure covers every refund the shop asked for, those still pending have gone through.
 */
async function reconcileCharge(
  tx: Tx,
  order: OrderRow,
  charge: NonNullable<ProviderEvent['charge']>,
  now: Date,
  log: Log,
  effects: Effects,
): Promise<void> {
  for (const refund of charge.refunds ?? []) await reconcileRefund(tx, order, refund, now, log, effects);
  const rows = await tx.select().from(refunds).where(eq(refunds.orderId, order.id));
  const asked = rows.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
  const failedThere = rows.filter((r) => r.status === 'failed' && r.providerRefundId).reduce((sum, r) => sum + r.amount, 0);
  const refundedThere = charge.amountRefunded - failedThere;
  if (!charge.refunds && refundedThere >= asked) {
    for (const row of rows.filter((r) => r.status === 'pending')) await refundSucceeded(tx, order, row.id, now, effects);
  }
  const [current] = await tx
    .select({ refundedTotal: orders.refundedTotal, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, order.id));
  if (!current) return;
  const refundedTotal = Math.min(order.total, Math.max(current.refundedTotal, refundedThere));
  const status = refundedStatus(order.total, refundedTotal);
  // The charge was captured: an order still 'authorised' here missed its capture's answer and moves forward.
  const statusMoves = CAPTURED_STATUSES.includes(current.paymentStatus)
    ? status !== current.paymentStatus
    : paymentMayMove(current.paymentStatus, status);
  if (refundedTotal === current.refundedTotal && !statusMoves) return;
  await writeOrderMoney(tx, order.id, { refundedTotal, ...(statusMoves ? { paymentStatus: status } : {}) }, {}, now);
  if (refundedTotal > current.refundedTotal) {
    effects.changed.push({ orderId: order.id, userId: order.userId, change: 'refunded', amount: refundedTotal - current.refundedTotal });
  }
}

/** Reconciles one provider event with the shop's orders, in the caller's transaction. */
async function reconcile(tx: Tx, event: ProviderEvent, ctx: EventContext): Promise<Effects> {
  const { now, log } = ctx;
  const effects: Effects = { placed: null, refused: null, changed: [] };
  if (!(RECONCILED_EVENTS as readonly string[]).includes(event.type)) return effects;
  const { intent } = event;
  // How the customer paid (a charge's payment method details), recorded once for the intent's payment.
  if (event.method && intent.id) {
    await tx
      .update(payments)
      .set({ method: event.method })
      .where(and(eq(payments.intentId, intent.id), isNull(payments.method)));
  }
  const order = await findOrder(tx, event);
  if (!order) {
    if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.amount_capturable_updated') {
      // Money taken or held for no order of this shop: kept in payments (no order) for reconciliation, never dropped.
      log.error({ eventId: event.id, intentId: intent.id, amount: intent.amount }, 'payment for no known order: kept for reconciliation');
      const status = event.type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_capture';
      await recordIntentStatus(tx, event, status, null, now);
    } else {
      log.warn({ eventId: event.id, intentId: intent.id }, 'payment event for no known order');
    }
    return effects;
  }
  // Placed, or paid for and refused: its money is that of the intent that paid, whose later events move it.
  const placed = order.placedAt !== null || (order.status === 'Canceled Order' && order.paymentIntentId !== null);
  // Another intent's events are recorded only.
  const ours = order.paymentIntentId === intent.id;

  switch (event.type) {
    case 'payment_intent.payment_failed': {
      await writeOrderMoney(tx, order.id, { paymentStatus: 'failed' }, { paymentStatus: ['pending'], unplaced: true }, now);
      await recordIntentStatus(tx, event, intent.status || 'requires_payment_method', order, now);
      return effects;
    }
    case 'payment_intent.amount_capturable_updated': {
      await recordIntentStatus(tx, event, 'requires_capture', order, now);
      if (!placed) await placeOrder(tx, order, event, 'authorised', ctx, effects);
      else if (!ours) log.error({ orderId: order.id, intentId: intent.id }, 'a second hold on a placed order: release it at the provider');
      return effects;
    }
    case 'payment_intent.succeeded': {
      await recordIntentStatus(tx, event, 'succeeded', order, now);
      if (!placed) await placeOrder(tx, order, event, 'paid', ctx, effects);
      else if (ours) await moveMoney(tx, order, 'paid', now);
      else {
        // The order was placed by another of its intents: this is a second payment, to refund.
        log.error(
          { orderId: order.id, intentId: intent.id, paidIntentId: order.paymentIntentId, amount: intent.amount },
          'a second payment for an order already paid: refund it',
        );
      }
      return effects;
    }
    case 'payment_intent.canceled': {
      await recordIntentStatus(tx, event, 'canceled', order, now);
      if (placed && ours && (await moveMoney(tx, order, 'released', now))) {
        effects.changed.push({ orderId: order.id, userId: order.userId, change: 'released' });
      }
      return effects;
    }
    case 'charge.refunded': {
      if (placed && ours && event.charge) await reconcileCharge(tx, order, event.charge, now, log, effects);
      else log.error({ orderId: order.id, intentId: intent.id }, 'a refund of a payment that is not the order’s');
      return effects;
    }
    case 'charge.succeeded':
      // Only how it was paid (recorded above): the intent's own events move the money.
      return effects;
    default: {
      // refund.created / refund.updated / refund.failed / charge.refund.updated
      if (placed && event.refund) await reconcileRefund(tx, order, event.refund, now, log, effects);
      return effects;
    }
  }
}

/** After the commit: a card order placed (the board rings), refused, or its money moved (the customer is told). */
async function announce(db: Db, effects: Effects): Promise<void> {
  if (effects.placed) {
    cardOrderPaid.emit(db, effects.placed);
    emitOrderPlaced(db, effects.placed);
  }
  if (effects.refused) {
    const { orderId, userId } = effects.refused;
    emitOrderStatusChanged(db, { orderId, userId, status: 'Canceled Order', change: 'not-placed' });
  }
  for (const changed of effects.changed) {
    paymentMoved.emit(db, changed);
    const order = (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, changed.orderId)).limit(1))[0];
    if (!order) continue;
    emitOrderStatusChanged(db, {
      orderId: changed.orderId,
      userId: changed.userId,
      status: order.status,
      change: changed.change,
      ...(changed.amount !== undefined ? { amount: changed.amount } : {}),
    });
  }
}

/**
 * Applies a provider event exactly once (the stripe_events primary key makes a replay a no-op, in the same
 * transaction as its effect), and every effect is itself a move the order of money states allows from the state
 * read under the order's lock, so an event that arrives late, twice or out of order changes nothing it should not:
 * - `payment_intent.amount_capturable_updated`: the money is held; the order is placed (authorised).
 * - `payment_intent.succeeded`: captured (paid); an intent captured at once, never held first, places and pays it.
 * - `payment_intent.canceled`: the hold was released (released).
 * - `payment_intent.payment_failed`: a waiting order's card was declined (failed).
 * - `charge.succeeded`: how the customer paid (card, Apple Pay, Google Pay, Link), in payments.method.
 * - `charge.refunded`: refunded_total from the charge's absolute amount_refunded; refunds gone through.
 * - `refund.failed` (or a refund's update to failed): that refund failed and its amount is given back.
 * Answers whether it was a duplicate, and the order it placed.
 */
export async function applyPaymentEvent(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'log' | 'config'>,
  event: ProviderEvent,
): Promise<{ duplicate: boolean; placedOrderId: string | null; refused: CardOrderRefused | null }> {
  const { db } = ctx;
  const now = ctx.now();
  // The menu a paid card order is checked against, read before the transaction (on PGlite a read outside it waits for it).
  const catalogue = await loadOrderCatalogue(db);
  const result = await db.transaction(async (tx) => {
    const fresh = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (fresh.length === 0) return { duplicate: true, effects: null };
    return { duplicate: false, effects: await reconcile(tx, event, { config: ctx.config, log: ctx.log, catalogue, now }) };
  });
  if (result.effects) await announce(db, result.effects);
  return {
    duplicate: result.duplicate,
    placedOrderId: result.effects?.placed?.orderId ?? null,
    refused: result.effects?.refused ?? null,
  };
}

/**
 * Applies what the provider answered to one of the shop's own calls (a capture, a cancel, a refund), in the
 * event's shape and by the same rules, without waiting for its webhook (which then changes nothing).
 */
export async function applyProviderAnswer(ctx: Pick<ServiceContext, 'db' | 'now' | 'log' | 'config'>, event: ProviderEvent): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  // The menu a paid card order is checked against, read before the transaction (on PGlite a read outside it waits for it).
  const catalogue = await loadOrderCatalogue(db);
  const effects = await db.transaction((tx) => reconcile(tx, event, { config: ctx.config, log: ctx.log, catalogue, now }));
  await announce(db, effects);
}

/** Runs `work` in a transaction and announces the payment changes it collected, after the commit. */
export async function withPaymentEffects<T>(db: Db, work: (tx: Tx, effects: Pick<Effects, 'changed'>) => Promise<T>): Promise<T> {
  const effects: Effects = { placed: null, refused: null, changed: [] };
  const result = await db.transaction((tx) => work(tx, effects));
  await announce(db, effects);
  return result;
}

export type { Tx as PaymentTx };
