import { EventEmitter } from 'node:events';
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { INITIAL_ORDER_STATUS } from '@shop/shared/domain/order-status';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { orders, orderStatusHistory, payments, stripeEvents } from '../../db/schema';
import type { ProviderEvent } from './provider';
import { TEST_INTENT_PREFIX } from './test-provider';

/** A card order's payment succeeded and the order is placed: the shop sees it from now on. */
export interface CardOrderPaid {
  orderId: string;
  userId: string;
}

// Keyed by database, so every app (and every test server) in a process hears only its own payments.
const paidEmitters = new WeakMap<Db, EventEmitter>();

function paidEmitterOf(db: Db): EventEmitter {
  let emitter = paidEmitters.get(db);
  if (!emitter) {
    emitter = new EventEmitter();
    paidEmitters.set(db, emitter);
  }
  return emitter;
}

/**
 * Subscribe to card orders as their payment commits (the orders module passes them on as placed orders).
 * Returns an unsubscribe function. Listeners run after the transaction has committed.
 */
export function onCardOrderPaid(db: Db, listener: (event: CardOrderPaid) => void): () => void {
  paidEmitterOf(db).on('paid', listener);
  return () => paidEmitterOf(db).off('paid', listener);
}

/**
 * Applies a provider event exactly once (the stripe_events primary key makes a replay a no-op, in the same
 * transaction as its effect). `payment_intent.succeeded` marks the card order paid and places it;
 * `payment_intent.payment_failed` marks a waiting order failed. Answers whether it was a duplicate.
 */
export async function applyPaymentEvent(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'log'>,
  event: ProviderEvent,
): Promise<{ duplicate: boolean; placedOrderId: string | null }> {
  const { db, log } = ctx;
  const now = ctx.now();
  const result = await db.transaction(async (tx) => {
    const fresh = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (fresh.length === 0) return { duplicate: true, placed: null as CardOrderPaid | null };

    const { intent } = event;
    if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed')
      return { duplicate: false, placed: null };
    // The intent's order: the one it was recorded for when it was opened (every intent opened for an order is
    // the order's, linked or not), the one linked to it, or, when the server stopped before recording it, the
    // order its metadata names (only the server creates intents, and Stripe signs the event).
    const recordedFor = intent.id
      ? or(
          inArray(orders.id, tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.intentId, intent.id))),
          eq(orders.paymentIntentId, intent.id),
        )
      : undefined;
    const named = intent.orderId ? eq(orders.id, intent.orderId) : undefined;
    const where = recordedFor && named ? or(recordedFor, named) : (recordedFor ?? named);
    const order = where
      ? (
          await tx
            .select()
            .from(orders)
            .where(and(eq(orders.paymentType, 'Card'), where))
            .limit(1)
        )[0]
      : undefined;
    if (!order) {
      if (event.type === 'payment_intent.succeeded') {
        // Money taken for no order of this shop: kept in payments (no order) for reconciliation, never dropped.
        log.error({ eventId: event.id, intentId: intent.id, amount: intent.amount }, 'payment for no known order: kept for reconciliation');
        if (intent.id) {
          await tx
            .insert(payments)
            .values({
              provider: intent.id.startsWith(TEST_INTENT_PREFIX) ? 'test' : 'stripe',
              intentId: intent.id,
              amount: intent.amount,
              status: 'succeeded',
              createdAt: now,
              updatedAt: now,
            })
            .onConflictDoUpdate({ target: payments.intentId, set: { status: 'succeeded', updatedAt: now } });
        }
      } else {
        log.warn({ eventId: event.id, intentId: intent.id }, 'payment event for no known order');
      }
      return { duplicate: false, placed: null };
    }

    if (event.type === 'payment_intent.payment_failed') {
      await tx
        .update(orders)
        .set({ paymentStatus: 'failed', updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'pending')));
      // A failure Stripe sent before the success may arrive after it: a recorded success stays.
      await tx
        .update(payments)
        .set({ status: intent.status || 'requires_payment_method', updatedAt: now })
        .where(and(eq(payments.intentId, intent.id), ne(payments.status, 'succeeded')));
      return { duplicate: false, placed: null };
    }

    if (intent.amount < order.total) {
      // Only the server sets an intent's amount, so this is a forged or mistaken intent: the order is not placed for less.
      log.error(
        { orderId: order.id, intentAmount: intent.amount, orderTotal: order.total },
        'paid amount is below the order total: order not placed',
      );
      await tx.update(payments).set({ status: 'amount_below_total', updatedAt: now }).where(eq(payments.intentId, intent.id));
      return { duplicate: false, placed: null };
    }
    if (intent.amount > order.total) {
      log.error({ orderId: order.id, intentAmount: intent.amount, orderTotal: order.total }, 'paid amount is above the order total');
    }
    const paid = await tx
      .update(orders)
      .set({ paymentStatus: 'paid', paymentIntentId: intent.id, placedAt: now, updatedAt: now })
      .where(and(eq(orders.id, order.id), inArray(orders.paymentStatus, ['pending', 'failed'])))
      .returning({ id: orders.id, userId: orders.userId });
    // Recorded as the order's whichever way it was found (an intent known only by its metadata gets its row now).
    await tx
      .insert(payments)
      .values({
        userId: order.userId,
        orderId: order.id,
        provider: intent.id.startsWith(TEST_INTENT_PREFIX) ? 'test' : 'stripe',
        intentId: intent.id,
        amount: intent.amount,
        status: 'succeeded',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({ target: payments.intentId, set: { status: 'succeeded', updatedAt: now } });
    const row = paid[0];
    if (!row) {
      const [current] = await tx
        .select({ paymentStatus: orders.paymentStatus, paymentIntentId: orders.paymentIntentId })
        .from(orders)
        .where(eq(orders.id, order.id));
      if (current?.paymentStatus === 'paid' && current.paymentIntentId !== intent.id) {
        // The order was placed by another of its intents: this is a second payment, to refund.
        log.error(
          { orderId: order.id, intentId: intent.id, paidIntentId: current.paymentIntentId, amount: intent.amount },
          'a second payment for an order already paid: refund it',
        );
      }
      return { duplicate: false, placed: null };
    }
    await tx.insert(orderStatusHistory).values({ orderId: row.id, status: INITIAL_ORDER_STATUS, changedBy: row.userId, changedAt: now });
    return { duplicate: false, placed: { orderId: row.id, userId: row.userId } };
  });
  if (result.placed) paidEmitterOf(db).emit('paid', result.placed);
  return { duplicate: result.duplicate, placedOrderId: result.placed?.orderId ?? null };
}
