import { and, eq, inArray } from 'drizzle-orm';
import type { UpdateOrderStatusAnswer, UpdateOrderStatusRequest } from '@shop/shared/contract/orders';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { acceptedExpectedAt } from '@shop/shared/domain/kitchen';
import { expectedAt, MAX_READY_MINUTES, PLAIN_CANCEL_REASON } from '@shop/shared/domain/order-promise';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { statusChangeRefusal, type OrderStatus } from '@shop/shared/domain/order-status';
import type { ServiceContext } from '../../context';
import { inTransaction, type InTransaction } from '../../db/client';
import { newId } from '../../db/id';
import { orders, orderStatusHistory } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { recordAudit, type AuditActor } from '../audit/public';
import { currentQuote } from '../kitchen/public';
import { stampOrderCanceled, stampOrderDelivered } from '../loyalty/public';
import { emitOrderStatusChanged, type OrderChangeKind } from './events';
import { isPlaced, ORDER_NOT_FOUND } from './reads';

/**
 * What a status change does to a card order's money, which the payments module does (app.ts hands its
 * implementation to the app as `orderMoney`): the orders module decides when, the payments module how.
 */
export interface OrderMoney {
  /** Takes the money held for an order being accepted; a refusal in the admin's words. Cash: ok. */
  capture(orderId: string): Promise<{ ok: true } | { ok: false; message: string }>;
  /** After a cancel commits: a hold released, a capture refunded. Never throws; the sweep finishes what failed. */
  settleCanceled(orderId: string): Promise<void>;
  /** The timers' sweep: money a provider outage or a stopped process left unsettled. */
  settleOutstanding(): Promise<void>;
}

/** What the order services need of the shop: the database and clock, the log and configuration, and the money. */
export type OrderContext = Pick<ServiceContext, 'db' | 'now' | 'log' | 'config'> & { orderMoney: OrderMoney };

/** Who changes an order: a member of staff (the history's changedBy), or the shop itself (SHOP_ACTOR: no account). */
export type OrderActor = AuditActor;

// A change that lost a race is tried again on the status it lost to; each try either applies, finds nothing to
// do, or is refused, and a lost race means another change did apply, so a few tries always settle.
const MAX_TRIES = 5;

/** The statuses an order may be re-timed in: accepted, and on its way. */
const RETIMABLE: readonly OrderStatus[] = ['Approved Order', 'On the way'];

/**
 * The minutes an order accepted without a time is promised in: the shop's current quote (decision 0901: the usual
 * time, the queue beyond its allowance, busy mode, moved to the next 15-minute slot with room), at most
 * MAX_READY_MINUTES, the longest an admin may promise. Every default goes through here: Approve's, auto-accept's.
 */
export async function defaultReadyMinutes(ctx: Pick<ServiceContext, 'db' | 'now'>, fulfilment: Fulfilment = 'delivery'): Promise<number> {
  // A collection order's quote starts from collectionMinutes (decision 1003).
  return Math.min((await currentQuote(ctx, fulfilment)).minutes, MAX_READY_MINUTES);
}

/**
 * When an order accepted at `now` is expected (domain/kitchen.ts acceptedExpectedAt): an order placed ahead keeps its
 * slot whatever minutes the request names; any other now plus readyInMinutes, or the quote.
 */
async function acceptedPromise(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  now: Date,
  scheduledFor: Date | null,
  readyInMinutes: number | undefined,
  fulfilment: Fulfilment,
): Promise<Date> {
  if (scheduledFor && scheduledFor.getTime() > now.getTime()) return acceptedExpectedAt(now, scheduledFor, 0);
  return acceptedExpectedAt(now, null, readyInMinutes ?? (await defaultReadyMinutes(ctx, fulfilment)));
}

function changeKindOf(status: OrderStatus): OrderChangeKind {
  switch (status) {
    case 'Approved Order':
      return 'accepted';
    case 'On the way':
      return 'on-the-way';
    case 'Delivered Order':
      return 'delivered';
    default:
      return 'canceled';
  }
}

/**
 * `PUT /api/update-sell-products/{id}` (admins): a status change (`{status, readyInMinutes?, reason?}`) or, with
 * `{readyInMinutes}` alone, a new time for an accepted order.
 */
export async function updateOrder(
  ctx: OrderContext,
  actor: OrderActor,
  orderId: string,
  request: UpdateOrderStatusRequest,
): Promise<UpdateOrderStatusAnswer> {
  if (request.status === undefined) {
    // The body's schema lets no request through without one of the two.
    return retimeOrder(ctx, orderId, request.readyInMinutes ?? (await defaultReadyMinutes(ctx)));
  }
  return updateOrderStatus(ctx, actor, orderId, {
    status: request.status,
    ...(request.readyInMinutes !== undefined ? { readyInMinutes: request.readyInMinutes } : {}),
    ...(request.reason !== undefined ? { reason: request.reason } : {}),
  });
}

export interface StatusChange {
  status: OrderStatus;
  /** With 'Approved Order': minutes from now until it arrives (defaultReadyMinutes when absent). */
  readyInMinutes?: number;
  /** With 'Canceled Order': why (PLAIN_CANCEL_REASON when absent). */
  reason?: string;
  /** Change the order only if it still has this status (the timers act on what they found, nothing else). */
  onlyFrom?: OrderStatus;
  /**
   * The caller's own rows of the same change, written in its transaction after the order's (dispatch's run stop
   * picked up or delivered): both commit or neither. A throw refuses the change.
   */
  alongside?: (tx: InTransaction, now: Date) => Promise<void>;
}

/**
 * Moves a placed order to `change.status` under decision 0003's rules (`statusChangeRefusal`). The same status
 * again changes nothing (`modifiedCount: 0`); a refused change is 409 with the rule's words.
 *
 * Accepting (leaving 'Pending Order' for anything but a cancel) first takes the held card money
 * (orderMoney.capture, idempotent at the provider): a capture the provider refuses answers 422 CAPTURE_FAILED with
 * its reason and the order stays pending. Then the change is applied only if the order still has the status the
 * rule was checked against (compare-and-set, `where status = <read>`), with `expected_at` (accepting) or
 * `cancel_reason` (canceling) and the history row (the shop clock's time and who changed it) in the same
 * transaction: two admins at once cannot both apply a change from the same status, nor record one that did not
 * happen. After the commit the customer is told (OrderStatusChangedEvent) and a canceled order's money is settled
 * (orderMoney.settleCanceled: a hold released, a capture refunded).
 */
export async function updateOrderStatus(
  ctx: OrderContext,
  actor: OrderActor,
  orderId: string,
  change: StatusChange,
): Promise<UpdateOrderStatusAnswer> {
  const { db } = ctx;
  const { status } = change;
  let captured = false;
  for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
    const order = (
      await db
        .select({
          status: orders.status,
          userId: orders.userId,
          placedAt: orders.placedAt,
          scheduledFor: orders.scheduledFor,
          fulfilment: orders.fulfilment,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1)
    )[0];
    // A card order not paid yet is the customer's business only: the shop cannot see it, let alone move it.
    if (!order || !isPlaced(order)) throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    if (order.status === status) return { modifiedCount: 0 };
    if (change.onlyFrom !== undefined && order.status !== change.onlyFrom) return { modifiedCount: 0 };
    const refusal = statusChangeRefusal(order.status, status, order.fulfilment);
    if (refusal) {
      // Money taken by this request for an order someone canceled meanwhile goes back (the cancel's own settling
      // may have run before the capture).
      if (captured && order.status === 'Canceled Order') await settleQuietly(ctx, orderId);
      throw new HttpError('INVALID_STATUS_CHANGE', refusal);
    }

    if (order.status === 'Pending Order' && status !== 'Canceled Order') {
      const capture = await ctx.orderMoney.capture(orderId);
      if (!capture.ok) throw new HttpError('CAPTURE_FAILED', capture.message);
      captured = true;
    }

    const now = ctx.now();
    const promise =
      status === 'Approved Order'
        ? await acceptedPromise(ctx, now, order.scheduledFor, change.readyInMinutes, order.fulfilment)
        : undefined;
    const applied = await db.transaction(async (tx) => {
      const changed = await tx
        .update(orders)
        .set({
          status,
          updatedAt: now,
          ...(promise ? { expectedAt: promise } : {}),
          ...(status === 'Canceled Order' ? { cancelReason: change.reason ?? PLAIN_CANCEL_REASON } : {}),
        })
        .where(and(eq(orders.id, orderId), eq(orders.status, order.status)))
        .returning({ id: orders.id });
      if (changed.length === 0) return false;
      await tx.insert(orderStatusHistory).values({ id: newId(), orderId, status, changedBy: actor.id, changedAt: now });
      await stampsOfChange(tx, orderId, status, now);
      await change.alongside?.(tx, now);
      const audited = auditedChange(order.status, status, change, promise);
      if (audited) await recordAudit(tx, now, { actor, subjectType: 'order', subjectId: orderId, ...audited(displayOrderId(orderId)) });
      return true;
    });
    if (applied) {
      emitOrderStatusChanged(db, { orderId, userId: order.userId, status, change: changeKindOf(status) });
      if (status === 'Canceled Order') await settleQuietly(ctx, orderId);
      return { modifiedCount: 1 };
    }
  }
  throw new HttpError('ORDER_CHANGED_CONCURRENTLY', 'The order is being changed by someone else: please try again');
}

type AuditedChange = (short: string) => { action: string; summary: string; before: object; after: object };

/**
 * The status changes the audit log keeps: accepting, cancelling and rejecting (a cancel of an order never accepted).
 * The kitchen's steps after accepting (on the way, delivered) are the day's routine, not decisions worth a record.
 */
function auditedChange(from: OrderStatus, to: OrderStatus, change: StatusChange, promise: Date | undefined): AuditedChange | null {
  const before = { status: from };
  if (to === 'Approved Order' && from === 'Pending Order') {
    return (short) => ({
      action: 'order.accept',
      summary: `Accepted order ${short}`,
      before,
      after: { status: to, ...(promise ? { expectedAt: promise.toISOString() } : {}) },
    });
  }
  if (to !== 'Canceled Order') return null;
  const reason = change.reason ?? PLAIN_CANCEL_REASON;
  const reject = from === 'Pending Order';
  return (short) => ({
    action: reject ? 'order.reject' : 'order.cancel',
    summary: `${reject ? 'Rejected' : 'Canceled'} order ${short}: ${reason}`,
    before,
    after: { status: to, reason },
  });
}

/** The stamp card's part of a status change: a stamp for an order delivered, put right for one canceled. */
export async function stampsOfChange(tx: InTransaction, orderId: string, status: OrderStatus, now: Date): Promise<void> {
  if (status === 'Delivered Order') await stampOrderDelivered(tx, orderId, now);
  else if (status === 'Canceled Order') await stampOrderCanceled(tx, orderId, now);
}

/** settleCanceled never throws by contract; a broken promise is logged, and the timers' sweep finishes it. */
export async function settleQuietly(ctx: OrderContext, orderId: string): Promise<void> {
  try {
    await ctx.orderMoney.settleCanceled(orderId);
  } catch (error) {
    ctx.log.error({ err: error, orderId }, 'settling a canceled order’s money failed: the timers will try again');
  }
}

/** Why an order in this status cannot be re-timed, in words an admin can act on. */
function retimeRefusal(status: OrderStatus): string {
  switch (status) {
    case 'Pending Order':
      return 'The order has not been accepted yet: accept it with a time instead';
    case 'Delivered Order':
      return 'The order is delivered: there is no time left to change';
    default:
      return 'The order is canceled: there is no time to change';
  }
}

/**
 * `{readyInMinutes}` alone: an accepted (or on its way) order is now expected `readyInMinutes` from now ("running
 * late"). Compare-and-set on the status read, like a status change; no history row (the status did not change).
 * Any other status is 409 ORDER_NOT_RETIMABLE.
 */
export async function retimeOrder(ctx: OrderContext, orderId: string, readyInMinutes: number): Promise<UpdateOrderStatusAnswer> {
  const { db } = ctx;
  for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
    const order = (
      await db
        .select({ status: orders.status, userId: orders.userId, placedAt: orders.placedAt })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1)
    )[0];
    if (!order || !isPlaced(order)) throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    if (!RETIMABLE.includes(order.status)) throw new HttpError('ORDER_NOT_RETIMABLE', retimeRefusal(order.status));
    const now = ctx.now();
    const changed = await db
      .update(orders)
      .set({ expectedAt: expectedAt(now, readyInMinutes), updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, order.status), inArray(orders.status, [...RETIMABLE])))
      .returning({ id: orders.id });
    if (changed.length > 0) {
      emitOrderStatusChanged(db, { orderId, userId: order.userId, status: order.status, change: 'retimed' });
      return { modifiedCount: 1 };
    }
  }
  throw new HttpError('ORDER_CHANGED_CONCURRENTLY', 'The order is being changed by someone else: please try again');
}

/**
 * `POST /api/orders/:id/ready`: the kitchen says an accepted order is ready to go (dispatch's list and watchdog count
 * from it). The first time stands: saying it again changes nothing. Only an accepted order, not yet on its way,
 * can be ready (409 INVALID_STATUS_CHANGE otherwise). Audited with the change, in its transaction.
 */
export async function markReady(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  actor: OrderActor,
  orderId: string,
): Promise<{ readyAt: Date; changed: boolean; userId: string | null }> {
  return inTransaction(ctx.db, async (tx) => {
    const order = (
      await tx
        .select({ status: orders.status, placedAt: orders.placedAt, readyAt: orders.readyAt, userId: orders.userId })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update')
    )[0];
    if (!order || !isPlaced(order)) throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    if (order.readyAt) return { readyAt: order.readyAt, changed: false, userId: order.userId };
    if (order.status !== 'Approved Order') {
      throw new HttpError('INVALID_STATUS_CHANGE', `Only an accepted order can be ready to go: this one is ${order.status}`);
    }
    const now = ctx.now();
    await tx.update(orders).set({ readyAt: now, updatedAt: now }).where(eq(orders.id, orderId));
    await recordAudit(tx, now, {
      actor,
      action: 'order.ready',
      subjectType: 'order',
      subjectId: orderId,
      summary: `Order ${displayOrderId(orderId)} ready to go`,
      before: { readyAt: null },
      after: { readyAt: now.toISOString() },
    });
    return { readyAt: now, changed: true, userId: order.userId };
  });
}
