/**
 * An order's money columns (payment_status, refunded_total, payment_intent_id) and a card order's placing when it is
 * paid, written here for the payments module, which decides them (decision 0800) and asks through public.ts. Every
 * write is a compare-and-set on what the caller read, so a late or repeated provider event changes nothing.
 */
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { INITIAL_ORDER_STATUS } from '@shop/shared/domain/order-status';
import type { PaymentStatus } from '@shop/shared/domain/payment-types';
import type { ServiceContext } from '../../context';
import type { Db, InTransaction } from '../../db/client';
import { newId } from '../../db/id';
import { orders, orderStatusHistory } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { stampOrderCanceled, stampOrderRefunded } from '../loyalty/public';
import type { OrderCatalogue } from '../pricing/public';
import { checkTime, lockSlot, priceOrder } from './order-rules';
import { readStoredItems } from './wire';

type OrderRow = typeof orders.$inferSelect;

/** What may change of an order's money. */
export interface OrderMoneyChange {
  paymentStatus?: PaymentStatus;
  /** Pence, or an expression of the column (a failed refund given back). */
  refundedTotal?: number | SQL;
  paymentIntentId?: string;
}

/** The state the change is made from; nothing is written when the order is no longer in it. */
export interface OrderMoneyExpected {
  paymentStatus?: readonly PaymentStatus[];
  /** Only while no intent is linked yet. */
  noIntent?: boolean;
  /** Only while the order is not placed (a card order waiting for its payment). */
  unplaced?: boolean;
}

/** Writes an order's money, compare-and-set; answers the order after the change, or null when nothing changed. */
export async function writeOrderMoney(
  db: Db | InTransaction,
  orderId: string,
  change: OrderMoneyChange,
  expected: OrderMoneyExpected,
  now: Date,
): Promise<Pick<OrderRow, 'id' | 'total' | 'refundedTotal' | 'paymentStatus'> | null> {
  const conditions = [eq(orders.id, orderId)];
  if (expected.paymentStatus) conditions.push(inArray(orders.paymentStatus, [...expected.paymentStatus]));
  if (expected.noIntent) conditions.push(isNull(orders.paymentIntentId));
  if (expected.unplaced) conditions.push(isNull(orders.placedAt));
  const rows = await db
    .update(orders)
    .set({ ...change, updatedAt: now })
    .where(and(...conditions))
    .returning({ id: orders.id, total: orders.total, refundedTotal: orders.refundedTotal, paymentStatus: orders.paymentStatus });
  const row = rows[0] ?? null;
  // Refunded in full (whichever way the refund came: the shop's, the provider's dashboard), the order's stamp goes back.
  if (row && change.refundedTotal !== undefined && row.total > 0 && row.refundedTotal >= row.total) {
    await stampOrderRefunded(db, orderId, now);
  }
  return row;
}

/** What confirming a paid card order reads besides its transaction: the menu (loadOrderCatalogue, before it), the clock, the configuration. */
export type ConfirmContext = Pick<ServiceContext, 'config'> & { now: Date; catalogue: OrderCatalogue };

/** A card order paid for: placed, or refused with the reason a customer reads. */
export type CardOrderConfirmation = { placed: true } | { placed: false; reason: string };

/**
 * A card order's payment succeeded (held, or taken at once): the order is placed only if it could be placed now,
 * by the same rules as when it was priced (the time or its slot, the pause, sold out, the minimum, the delivery
 * zone), on the caller's transaction, which holds the order's lock. Placed: placed_at, the intent that paid, its
 * first status. Refused: the order is canceled with the reason and never placed, so the board never sees it; the
 * payments module releases the hold.
 */
export async function confirmCardOrder(
  tx: InTransaction,
  ctx: ConfirmContext,
  order: OrderRow,
  payment: { intentId: string; paymentStatus: 'authorised' | 'paid' },
): Promise<CardOrderConfirmation | null> {
  if (order.placedAt || order.status !== INITIAL_ORDER_STATUS || !['pending', 'failed'].includes(order.paymentStatus)) return null;
  const now = ctx.now;
  const refusal = await refusalNow(tx, ctx, order);
  if (refusal) {
    await tx
      .update(orders)
      .set({
        status: 'Canceled Order',
        cancelReason: refusal,
        paymentStatus: payment.paymentStatus,
        paymentIntentId: payment.intentId,
        updatedAt: now,
      })
      .where(and(eq(orders.id, order.id), isNull(orders.placedAt)));
    // The stamps it would have spent go back.
    await stampOrderCanceled(tx, order.id, now);
    return { placed: false, reason: refusal };
  }
  const placed = await tx
    .update(orders)
    .set({ paymentStatus: payment.paymentStatus, paymentIntentId: payment.intentId, placedAt: now, updatedAt: now })
    .where(and(eq(orders.id, order.id), isNull(orders.placedAt), inArray(orders.paymentStatus, ['pending', 'failed'])))
    .returning({ id: orders.id });
  if (placed.length === 0) return null;
  await tx
    .insert(orderStatusHistory)
    .values({ id: newId(), orderId: order.id, status: INITIAL_ORDER_STATUS, changedBy: order.userId, changedAt: now });
  return { placed: true };
}

/** Why the order could not be placed now, in the words its refusal would have had at checkout; null when it can. */
async function refusalNow(tx: InTransaction, ctx: ConfirmContext, order: OrderRow): Promise<string | null> {
  const rules = { tx, catalogue: ctx.catalogue, now: ctx.now, config: ctx.config };
  try {
    if (order.scheduledFor) await lockSlot(tx, order.scheduledFor);
    await checkTime(rules, order.scheduledFor, order.fulfilment);
    const lines = readStoredItems(order).map((item) => item.line);
    // The price held is the order's: a menu price changed since does not refuse it, a rule does.
    await priceOrder(rules, lines, { fulfilment: order.fulfilment, postcode: order.address.postcode });
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    throw error;
  }
}
