/**
 * A card order's money after it is placed (decision 0800): capture on accept, release or refund on cancel, partial
 * refunds, and the sweep that finishes what a provider outage or a stopped process left undone. The payments module
 * owns `orders.payment_status` and `orders.refunded_total`; the orders module calls these around its status changes.
 *
 * Every call to the provider carries an idempotency key of the thing it does (`capture-<orderId>`,
 * `release-<orderId>`, `cancel-<orderId>`, `refund-<refundId>`), so a retry, a second admin or a second process
 * moves the money once; what the provider answers goes through the same reconciliation as its webhook events.
 */
import { and, asc, eq, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { RefundAnswer } from '@shop/shared/contract/orders';
import { formatPounds, penceToPounds } from '@shop/shared/domain/money';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { PLAIN_CANCEL_REASON, refundableAmount, refundedStatus } from '@shop/shared/domain/order-promise';
import { CAPTURED_STATUSES } from '@shop/shared/domain/payment-types';
import { mayRefund, ROLE_LABELS, type Role } from '@shop/shared/domain/roles';
import type { ServiceContext, ServiceLog } from '../../context';
import type { Db } from '../../db/client';
import { newId } from '../../db/id';
import { orders, refunds } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { recordAudit, type AuditActor } from '../audit/public';
import { toRefundWire, writeOrderMoney, type OrderMoney } from '../orders/public';
import {
  applyPaymentEvent,
  applyProviderAnswer,
  onPaymentMoved,
  refundFailed,
  withPaymentEffects,
  type CardOrderRefused,
  type PaymentChangedEvent,
} from './payment-events';
import { paymentProvider } from './provider';
import { ProviderRefusal, type PaymentProvider, type ProviderEvent, type ProviderIntent, type ProviderRefund } from './provider-types';

export type { PaymentChangedEvent };

type MoneyContext = Pick<ServiceContext, 'db' | 'now' | 'log' | 'config'>;
type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

export type CaptureOutcome = { ok: true } | { ok: false; message: string };

/** How long a refund may wait for the provider's answer before the sweep asks again (with its own key). */
export const UNANSWERED_REFUND_MS = 60_000;

async function readOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  return (await db.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0];
}

/** A provider's sentence without its full stop, to be put inside the shop's own. */
function clause(message: string): string {
  return message.trim().replace(/[.\s]+$/, '');
}

function intentEvent(type: string, intent: ProviderIntent, orderId: string) {
  return {
    id: `answer-${type}-${intent.id}`,
    type,
    intent: { id: intent.id, amount: intent.amount, status: intent.status, orderId: intent.orderId ?? orderId, failureMessage: null },
  };
}

/** The intent as the provider has it now; null when it cannot say. */
async function intentNow(ctx: MoneyContext, provider: PaymentProvider, id: string): Promise<ProviderIntent | null> {
  try {
    return await provider.retrieveIntent(id);
  } catch (error) {
    ctx.log.error({ err: error, intentId: id }, 'payment intent could not be retrieved');
    return null;
  }
}

/** Applies the intent's state at the provider (captured, canceled) as its event would. */
async function applyIntentState(ctx: MoneyContext, intent: ProviderIntent, orderId: string): Promise<void> {
  if (intent.status === 'succeeded') await applyProviderAnswer(ctx, intentEvent('payment_intent.succeeded', intent, orderId));
  else if (intent.status === 'canceled') await applyProviderAnswer(ctx, intentEvent('payment_intent.canceled', intent, orderId));
}

/**
 * Takes the money held for a card order (provider idempotency key `capture-<orderId>`, so two admins at once
 * capture once). A cash order, or one already captured: ok. A capture the provider refuses (the card expired since,
 * the hold lapsed) sets the order's paymentStatus to 'failed' and answers the reason in the admin's words; one the
 * provider did not answer changes nothing and may be tried again.
 */
export async function captureOrderPayment(ctx: MoneyContext, orderId: string): Promise<CaptureOutcome> {
  const order = await readOrder(ctx.db, orderId);
  if (!order) return { ok: false, message: 'Order not found' };
  if (order.paymentType === 'Cash' || CAPTURED_STATUSES.includes(order.paymentStatus)) return { ok: true };
  if (!order.placedAt || !order.paymentIntentId) {
    return { ok: false, message: 'The card payment is not complete: the order cannot be accepted.' };
  }
  if (order.paymentStatus === 'released') {
    return { ok: false, message: 'The hold on the card was released: the order cannot be accepted.' };
  }
  // 'authorised', or 'failed' (a capture refused before, tried again: the provider says whether it can be now).
  const provider = paymentProvider(ctx);
  const intentId = order.paymentIntentId;
  try {
    const intent = await provider.captureIntent(intentId, `capture-${order.id}`);
    await applyIntentState(ctx, intent, order.id);
    if (intent.status === 'succeeded') return { ok: true };
    ctx.log.error({ orderId, intentId, status: intent.status }, 'a capture answered an intent not captured');
    return { ok: false, message: 'The card payment was not taken yet: the order was not accepted. Try again in a moment.' };
  } catch (error) {
    if (!(error instanceof ProviderRefusal)) {
      ctx.log.error({ err: error, orderId, intentId }, 'capture: the payment provider did not answer');
      return {
        ok: false,
        message: 'The card payment could not be taken: the card provider did not answer. The order was not accepted: try again.',
      };
    }
    // Refused. Captured already some other way (the provider's dashboard, a lost answer)? The intent says.
    const current = await intentNow(ctx, provider, intentId);
    if (current?.status === 'succeeded') {
      await applyIntentState(ctx, current, order.id);
      return { ok: true };
    }
    ctx.log.warn({ orderId, intentId, reason: error.message, code: error.code }, 'capture refused: the card payment failed');
    await writeOrderMoney(ctx.db, order.id, { paymentStatus: 'failed' }, { paymentStatus: ['authorised'] }, ctx.now());
    return { ok: false, message: `The card payment could not be taken: ${clause(error.message)}. The order was not accepted.` };
  }
}

/**
 * Asks the provider for a refund the shop recorded (status pending, amount in refunded_total), with the row's own
 * idempotency key. Its answer is reconciled like its events. A refusal marks the refund failed and gives its amount
 * back; no answer leaves it pending for the sweep to ask again with the same key.
 */
async function sendRefund(
  ctx: MoneyContext,
  order: Pick<OrderRow, 'id' | 'userId' | 'paymentIntentId'>,
  row: RefundRow,
): Promise<{ outcome: 'sent' } | { outcome: 'refused'; message: string } | { outcome: 'unanswered' }> {
  const provider = paymentProvider(ctx);
  const intentId = order.paymentIntentId ?? '';
  let refund: ProviderRefund;
  try {
    refund = await provider.createRefund({
      paymentIntentId: intentId,
      amount: row.amount,
      idempotencyKey: row.idempotencyKey,
      metadata: { orderId: order.id, refundId: row.id, reason: row.reason },
    });
  } catch (error) {
    if (error instanceof ProviderRefusal) {
      ctx.log.warn({ orderId: order.id, refundId: row.id, reason: error.message }, 'refund refused by the payment provider');
      await withPaymentEffects(ctx.db, (tx, effects) => refundFailed(tx, order, row.id, error.message, ctx.now(), effects));
      return { outcome: 'refused', message: error.message };
    }
    ctx.log.error({ err: error, orderId: order.id, refundId: row.id }, 'refund: the payment provider did not answer; asked again later');
    return { outcome: 'unanswered' };
  }
  await applyProviderAnswer(ctx, {
    id: `answer-refund-${refund.id || row.id}`,
    type: 'refund.updated',
    intent: { id: intentId, amount: 0, status: '', orderId: order.id, failureMessage: null },
    refund: { ...refund, refundId: refund.refundId ?? row.id },
  });
  return { outcome: 'sent' };
}

/**
 * Records a refund of what is left of a captured order (or `amount` of it) and raises refunded_total in one
 * transaction, under the order's lock: two refunds at once never pass the total. Answers the row, or the amount
 * left when `amount` is more than that.
 */
/** A member of staff's refund: their role's limit (mayRefund), judged on the locked order's refunded total. */
export interface RefundLimit {
  role: Role;
  /** Pence, for a role that holds `refund` without `refundAny`. */
  counterRefundLimit: number;
}

async function recordRefund(
  ctx: MoneyContext,
  input: {
    orderId: string;
    amount: number | 'all';
    reason: string;
    key: (id: string) => string;
    actor: AuditActor | null;
    limit?: RefundLimit;
  },
): Promise<{ row: RefundRow } | { left: number } | { overLimit: number }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) return { left: 0 };
    const left = refundableAmount(order.paymentStatus, order.total, order.refundedTotal);
    const amount = input.amount === 'all' ? left : input.amount;
    if (amount <= 0 || amount > left) return { left };
    if (input.limit && !mayRefund(input.limit.role, amount, order.refundedTotal, input.limit.counterRefundLimit).ok) {
      return { overLimit: input.limit.counterRefundLimit };
    }
    const id = newId();
    const [row] = await tx
      .insert(refunds)
      .values({
        id,
        orderId: order.id,
        amount,
        reason: input.reason,
        status: 'pending',
        idempotencyKey: input.key(id),
        createdBy: input.actor?.id ?? null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: refunds.idempotencyKey })
      .returning();
    // Another process recorded the same refund (a cancellation's key) first.
    if (!row) return { left: 0 };
    const refundedTotal = order.refundedTotal + amount;
    const paymentStatus = refundedStatus(order.total, refundedTotal);
    await writeOrderMoney(tx, order.id, { refundedTotal, paymentStatus }, {}, now);
    // A cancel's refund follows the cancel's own entry; a refund someone asks for is an entry of its own.
    if (input.actor) {
      await recordAudit(tx, now, {
        actor: input.actor,
        action: 'order.refund',
        subjectType: 'order',
        subjectId: order.id,
        summary: `Refunded ${formatPounds(amount)} of order ${displayOrderId(order.id)}: ${input.reason}`,
        before: { refundedTotal: formatPounds(order.refundedTotal), paymentStatus: order.paymentStatus },
        after: { refundedTotal: formatPounds(refundedTotal), paymentStatus, refund: formatPounds(amount), reason: input.reason },
      });
    }
    return { row };
  });
}

/** Refunds all that is left of a canceled order that was captured, once (key `cancel-<orderId>`). */
async function refundCanceledOrder(ctx: MoneyContext, order: OrderRow): Promise<void> {
  const key = `cancel-${order.id}`;
  let row = (await ctx.db.select().from(refunds).where(eq(refunds.idempotencyKey, key)).limit(1))[0];
  if (!row) {
    const recorded = await recordRefund(ctx, {
      orderId: order.id,
      amount: 'all',
      reason: order.cancelReason ?? PLAIN_CANCEL_REASON,
      key: () => key,
      actor: null,
    });
    if (!('row' in recorded)) return;
    row = recorded.row;
  }
  // Sent and answered already (or failed: a card the provider cannot refund to is refunded by hand).
  if (row.status !== 'pending' || row.providerRefundId) return;
  await sendRefund(ctx, order, row);
}

/** Releases the hold of a canceled order (key `release-<orderId>`); answers the intent as it is after. */
async function releaseHold(ctx: MoneyContext, order: OrderRow): Promise<ProviderIntent | null> {
  const provider = paymentProvider(ctx);
  const intentId = order.paymentIntentId ?? '';
  try {
    const intent = await provider.cancelIntent(intentId, `release-${order.id}`);
    await applyIntentState(ctx, intent, order.id);
    return intent;
  } catch (error) {
    if (!(error instanceof ProviderRefusal)) throw error;
    // Refused: released already, or captured meanwhile (then refunded instead). The intent says.
    const current = await intentNow(ctx, provider, intentId);
    if (current) await applyIntentState(ctx, current, order.id);
    return current;
  }
}

/**
 * After a cancellation commits: a held payment is released (intent canceled, key `release-<orderId>`), a captured
 * one refunded in full of what is left (key `cancel-<orderId>`, the refund's reason the cancel reason). Never
 * throws: a failure is logged and settleOutstandingMoney tries again.
 */
export async function settleCanceledOrderMoney(ctx: MoneyContext, orderId: string): Promise<void> {
  try {
    let order = await readOrder(ctx.db, orderId);
    // Placed and canceled, or paid for and refused before it was placed (confirmCardOrder): both hold money.
    if (!order || order.paymentType !== 'Card' || order.status !== 'Canceled Order' || !order.paymentIntentId) return;
    // Held (or a capture was refused, and the hold may still be there): release it.
    if (order.paymentStatus === 'authorised' || order.paymentStatus === 'failed') {
      const intent = await releaseHold(ctx, order);
      if (intent?.status !== 'succeeded') return;
      order = await readOrder(ctx.db, orderId);
      if (!order) return;
    }
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded') await refundCanceledOrder(ctx, order);
  } catch (error) {
    ctx.log.error({ err: error, orderId }, 'the money of a canceled order could not be settled: the sweep tries again');
  }
}

export const TERMINAL_REFUND = 'This order was paid on the card terminal at the counter: refund it on the terminal';

/**
 * `POST /api/orders/{id}/refunds`: refunds part of a captured card order (pence), never more than what is left: the
 * refund is recorded (pending) and counted in refunded_total before the provider is asked (key `refund-<id>`). A
 * refund the provider refuses is marked failed, its amount given back (502); one it does not answer stays pending
 * and is asked again by the sweep with the same key, so it is never made twice.
 */
export async function refundOrderPayment(
  ctx: MoneyContext,
  input: { orderId: string; amount: number; reason: string; actor: AuditActor; limit?: RefundLimit },
): Promise<RefundAnswer> {
  const order = await readOrder(ctx.db, input.orderId);
  if (!order || !order.placedAt) throw new HttpError('ORDER_NOT_FOUND', 'Order not found');
  if (order.paymentType === 'Cash') throw new HttpError('REFUND_NOT_CARD', 'Cash orders are refunded by hand');
  // Paid at the counter on the card terminal: the shop's provider never saw it, so the terminal refunds it.
  if (!order.paymentIntentId) throw new HttpError('REFUND_NOT_CARD', TERMINAL_REFUND);
  if (!CAPTURED_STATUSES.includes(order.paymentStatus)) {
    throw new HttpError(
      'REFUND_NOT_CAPTURED',
      'The card payment was not taken, so there is nothing to refund: a held payment is released when the order is canceled',
    );
  }
  const recorded = await recordRefund(ctx, {
    orderId: order.id,
    amount: input.amount,
    reason: input.reason,
    key: (id) => `refund-${id}`,
    actor: input.actor,
    ...(input.limit ? { limit: input.limit } : {}),
  });
  if ('overLimit' in recorded) {
    const role = input.limit?.role ?? 'counter';
    throw new HttpError(
      'REFUND_OVER_LIMIT',
      `A ${ROLE_LABELS[role].toLowerCase()} login can refund up to ${formatPounds(recorded.overLimit)} of an order.`,
    );
  }
  if (!('row' in recorded)) throw new HttpError('REFUND_TOO_LARGE', `You can refund at most ${formatPounds(recorded.left)}`);
  const sent = await sendRefund(ctx, order, recorded.row);
  if (sent.outcome === 'refused') {
    throw new HttpError('PAYMENT_PROVIDER_ERROR', `The card provider refused the refund: ${clause(sent.message)}. Nothing was refunded.`);
  }
  const [row] = await ctx.db.select().from(refunds).where(eq(refunds.id, recorded.row.id));
  const after = await readOrder(ctx.db, order.id);
  return {
    refund: toRefundWire(row ?? recorded.row),
    refundedTotal: penceToPounds(after?.refundedTotal ?? 0),
    paymentStatus: after?.paymentStatus ?? order.paymentStatus,
  };
}

/**
 * The timers' sweep: canceled orders whose hold is still there are released; canceled orders captured and not
 * refunded by their cancellation are refunded; refunds recorded over a minute ago that the provider never answered
 * are asked again with their own key. Safe in several processes at once: every provider call carries its key, and
 * every change is a compare-and-set.
 */
export async function settleOutstandingMoney(ctx: MoneyContext): Promise<void> {
  const { db } = ctx;
  const canceled = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.paymentType, 'Card'),
        eq(orders.status, 'Canceled Order'),
        sql`${orders.paymentIntentId} is not null`,
        sql`(${orders.paymentStatus} = 'authorised' or (${orders.paymentStatus} in ('paid', 'partially_refunded') and ${notExists(
          db
            .select({ id: refunds.id })
            .from(refunds)
            .where(and(eq(refunds.orderId, orders.id), sql`${refunds.idempotencyKey} = 'cancel-' || ${orders.id}`)),
        )}))`,
      ),
    )
    .orderBy(asc(orders.updatedAt))
    .limit(50);
  for (const { id } of canceled) await settleCanceledOrderMoney(ctx, id);

  const unanswered = await db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNull(refunds.providerRefundId),
        lt(refunds.createdAt, new Date(ctx.now().getTime() - UNANSWERED_REFUND_MS)),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(50);
  for (const row of unanswered) {
    try {
      const order = await readOrder(db, row.orderId);
      if (order) await sendRefund(ctx, order, row);
    } catch (error) {
      ctx.log.error({ err: error, refundId: row.id }, 'a refund could not be asked again');
    }
  }
}

/**
 * A card order's money moved after it was placed (committed): released, refunded (a refund went through), or a
 * refund failed. The orders module tells the customer. Returns an unsubscribe function.
 */
export function onPaymentChanged(db: Db, listener: (event: PaymentChangedEvent) => void | Promise<void>, log: ServiceLog): () => void {
  return onPaymentMoved(db, listener, log);
}

/** What an order's status change does to its card money, as the orders module asks for it (app.ts hands it over). */
export function orderMoneyOf(ctx: MoneyContext): OrderMoney {
  return {
    capture: (orderId) => captureOrderPayment(ctx, orderId),
    settleCanceled: (orderId) => settleCanceledOrderMoney(ctx, orderId),
    settleOutstanding: () => settleOutstandingMoney(ctx),
  };
}

/**
 * A provider's event about a payment (Stripe's webhook, the test provider's confirm), applied once; a card order it
 * paid for that could not be placed has its hold released at once (the sweep tries again if the provider does not
 * answer), never captured.
 */
export async function receivePaymentEvent(
  ctx: MoneyContext,
  event: ProviderEvent,
): Promise<{ duplicate: boolean; refused: CardOrderRefused | null }> {
  const { duplicate, refused } = await applyPaymentEvent(ctx, event);
  if (refused) await settleCanceledOrderMoney(ctx, refused.orderId);
  return { duplicate, refused };
}
