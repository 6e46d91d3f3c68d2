/**
 * The customer hears by e-mail too (issue 20 point 5, decision 0800): the orders module's events (after their
 * commit) become queued mails, one per change: each has a dedupe key of its order and change, so a change told
 * twice (a retried event, two processes) is one mail. Queueing reads the order as it stands; sending is the mail
 * queue's (src/mail/queue.ts), which retries; nothing here can fail or delay the order.
 */
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { storedOrderItemsSchema } from '@shop/shared/contract/stored-order-items';
import type { ShopIdentity } from '@shop/shared/domain/shop-identity';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { mailQueue, orders, refunds } from '../../db/schema';
import { queueMail, type QueuedMail } from '../../mail/queue';
import { trackingPath, type OrderPlacedEvent, type OrderStatusChangedEvent } from '../orders/public';
import { readShopIdentity } from '../settings/public';
import {
  acceptedMail,
  canceledMail,
  notPlacedMail,
  onTheWayMail,
  receiptMail,
  refundMail,
  retimedMail,
  type ComposedMail,
  type OrderForMail,
} from './compose';

/**
 * The order as its mails tell it, and where they go: the order's e-mail (its customer's account, or the guest's);
 * null for an order with none (a caller who gave no e-mail), which is not mailed. `origin` makes the tracking link.
 */
export async function readOrderForMail(db: Db, orderId: string, origin = ''): Promise<{ to: string; order: OrderForMail } | null> {
  const row = (await db.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0];
  if (!row || row.email === '') return null;
  const items = storedOrderItemsSchema.parse(row.items);
  return {
    to: row.email,
    order: {
      id: row.id,
      items,
      subtotal: row.subtotal,
      deliveryFee: row.deliveryFee,
      discounts: row.discounts,
      tip: row.tip,
      total: row.total,
      paymentType: row.paymentType,
      paymentStatus: row.paymentStatus,
      status: row.status,
      refundedTotal: row.refundedTotal,
      address: row.address,
      note: row.note,
      allergyNote: row.allergyNote,
      fulfilment: row.fulfilment,
      placedAt: row.placedAt,
      expectedAt: row.expectedAt,
      scheduledFor: row.scheduledFor,
      cancelReason: row.cancelReason,
      trackingUrl: row.trackingToken ? `${origin}${trackingPath(row.trackingToken)}` : null,
    },
  };
}

/** The dedupe keys: one mail per order and change. */
export const orderMailKey = {
  receipt: (orderId: string) => `order:${orderId}:receipt`,
  accepted: (orderId: string) => `order:${orderId}:accepted`,
  retimed: (orderId: string, expectedAt: Date) => `order:${orderId}:retimed:${expectedAt.toISOString()}`,
  onTheWay: (orderId: string) => `order:${orderId}:on-the-way`,
  canceled: (orderId: string) => `order:${orderId}:canceled`,
  notPlaced: (orderId: string) => `order:${orderId}:not-placed`,
  refund: (orderId: string, refundId: string) => `order:${orderId}:refund:${refundId}`,
  /** `beyondRows`: pence refunded at the provider so far, all told. */
  providerRefund: (orderId: string, beyondRows: number) => `order:${orderId}:refund:provider:${beyondRows}`,
};

/** The reason a refund made at the provider, not through the shop, is mailed with. */
export const PROVIDER_REFUND_REASON = 'Refunded by the shop';

/** The provider key of the refund a cancellation makes (payments/money.ts): its mail is the cancel mail. */
const cancellationRefundKey = (orderId: string) => `cancel-${orderId}`;

/**
 * The amount of the refund the cancellation made (pence), once the payments module has recorded it; null before
 * (or when it failed). The cancel mail says the same whether it reads the order before or after that.
 */
async function cancellationRefund(db: Db, orderId: string): Promise<number | null> {
  const row = (
    await db
      .select({ amount: refunds.amount })
      .from(refunds)
      .where(and(eq(refunds.idempotencyKey, cancellationRefundKey(orderId)), inArray(refunds.status, ['pending', 'succeeded'])))
      .limit(1)
  )[0];
  return row?.amount ?? null;
}

function queueComposed(ctx: ServiceContext, dedupeKey: string, orderId: string, to: string, mail: ComposedMail): Promise<boolean> {
  const queued: QueuedMail = { dedupeKey, orderId, to, subject: mail.subject, text: mail.text };
  return queueMail(ctx, queued);
}

/** The receipt, once the shop sees the order (cash at once, card once its money is held). */
export async function mailOrderPlaced(ctx: ServiceContext, event: Pick<OrderPlacedEvent, 'orderId'>): Promise<void> {
  const found = await readOrderForMail(ctx.db, event.orderId, ctx.config.publicOrigin);
  if (!found || !found.order.placedAt) return;
  // The trader as the settings say now (decision 1002), read once for this mail.
  const shop = await readShopIdentity(ctx);
  await queueComposed(ctx, orderMailKey.receipt(event.orderId), event.orderId, found.to, receiptMail(found.order, shop));
}

/**
 * The mail of one change. Not mailed: 'delivered' (the customer has the food), 'released' (the cancel mail said the
 * hold is released), 'refund-failed' (the shop's business: it refunds again, and that refund is mailed).
 */
export async function mailOrderChange(ctx: ServiceContext, event: Pick<OrderStatusChangedEvent, 'orderId' | 'change'>): Promise<void> {
  const { orderId, change } = event;
  if (change === 'delivered' || change === 'released' || change === 'refund-failed') return;
  const found = await readOrderForMail(ctx.db, orderId, ctx.config.publicOrigin);
  if (!found) return;
  const { to, order } = found;
  const shop = await readShopIdentity(ctx);
  switch (change) {
    case 'accepted':
      await queueComposed(ctx, orderMailKey.accepted(orderId), orderId, to, acceptedMail(order, shop));
      return;
    case 'retimed':
      if (order.expectedAt)
        await queueComposed(ctx, orderMailKey.retimed(orderId, order.expectedAt), orderId, to, retimedMail(order, shop));
      return;
    case 'on-the-way':
      await queueComposed(ctx, orderMailKey.onTheWay(orderId), orderId, to, onTheWayMail(order, shop));
      return;
    case 'canceled':
      await queueComposed(
        ctx,
        orderMailKey.canceled(orderId),
        orderId,
        to,
        canceledMail(order, await cancellationRefund(ctx.db, orderId), shop),
      );
      return;
    case 'refunded':
      await mailRefunds(ctx, to, order, shop);
      return;
    case 'not-placed':
      await queueComposed(ctx, orderMailKey.notPlaced(orderId), orderId, to, notPlacedMail(order, shop));
      return;
  }
}

/**
 * A mail for each refund of the order that went through and was not mailed yet, oldest first, keyed by the refund.
 * The cancellation's own refund is not mailed apart: the cancel mail said it. A refund made at the provider (its
 * dashboard) has no row: the refunded total's part beyond the rows (pending and succeeded: both counted there) only
 * grows with such refunds, so its growth since the last one mailed is mailed, keyed by that part.
 */
async function mailRefunds(ctx: ServiceContext, to: string, order: OrderForMail, shop: ShopIdentity): Promise<void> {
  const rows = await ctx.db
    .select({
      id: refunds.id,
      amount: refunds.amount,
      reason: refunds.reason,
      status: refunds.status,
      idempotencyKey: refunds.idempotencyKey,
    })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), inArray(refunds.status, ['pending', 'succeeded'])))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  for (const refund of rows) {
    if (refund.status !== 'succeeded' || refund.idempotencyKey === cancellationRefundKey(order.id)) continue;
    await queueComposed(ctx, orderMailKey.refund(order.id, refund.id), order.id, to, refundMail(order, refund, shop));
  }
  const beyondRows = order.refundedTotal - rows.reduce((sum, refund) => sum + refund.amount, 0);
  const mailed = await providerRefundsMailed(ctx.db, order.id);
  if (beyondRows > mailed) {
    const refund = { amount: beyondRows - mailed, reason: PROVIDER_REFUND_REASON };
    await queueComposed(ctx, orderMailKey.providerRefund(order.id, beyondRows), order.id, to, refundMail(order, refund, shop));
  }
}

/** How much of the order's refunds made at the provider was mailed already (pence): the largest part keyed. */
async function providerRefundsMailed(db: Db, orderId: string): Promise<number> {
  const prefix = orderMailKey.providerRefund(orderId, 0).replace(/0$/, '');
  const keys = await db
    .select({ key: mailQueue.dedupeKey })
    .from(mailQueue)
    .where(and(eq(mailQueue.orderId, orderId), like(mailQueue.dedupeKey, `${prefix}%`)));
  return Math.max(0, ...keys.map((row) => Number(row.key.slice(prefix.length))).filter(Number.isSafeInteger));
}
