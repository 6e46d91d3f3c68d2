import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, not } from 'drizzle-orm';
import type { OrderDiscount } from '@shop/shared/domain/order-discounts';
import {
  stampBalance,
  stampCardRefusal,
  stampRewardDiscount,
  stampRewardLabel,
  type LoyaltyEntry,
  type StampCardReward,
} from '@shop/shared/domain/stamp-card';
import type { InTransaction } from '../../db/client';
import { newId } from '../../db/id';
import { loyaltyLedger, orders, products } from '../../db/schema';
import { HttpError } from '../../http-errors';
import type { DiscountContext } from '../promotions/public';
import { readStampCard } from '../settings/public';

/**
 * A card order records the stamps it spends before it is paid; they count as spent while its payment may still come.
 * An order left unpaid longer than this gives them back (its entry stays, the balance leaves it out), and takes them
 * again should its payment come after all.
 */
export const HELD_FOR_PAYMENT_MS = 60 * 60_000;

/** One ledger entry as the customer's card lists it. */
export interface LedgerLine {
  orderId: string | null;
  entry: LoyaltyEntry;
  stamps: number;
  at: Date;
}

/** A customer's ledger, newest first: every entry but the stamps held by a card order left unpaid (HELD_FOR_PAYMENT_MS). */
export async function ledgerOf(db: InTransaction, userId: string, now: Date): Promise<LedgerLine[]> {
  const cutoff = new Date(now.getTime() - HELD_FOR_PAYMENT_MS);
  const abandoned = and(
    eq(loyaltyLedger.entry, 'redeemed'),
    isNotNull(orders.id),
    isNull(orders.placedAt),
    ne(orders.status, 'Canceled Order'),
    lt(orders.createdAt, cutoff),
  );
  return db
    .select({ orderId: loyaltyLedger.orderId, entry: loyaltyLedger.entry, stamps: loyaltyLedger.stamps, at: loyaltyLedger.at })
    .from(loyaltyLedger)
    .leftJoin(orders, eq(orders.id, loyaltyLedger.orderId))
    .where(and(eq(loyaltyLedger.userId, userId), not(abandoned as NonNullable<typeof abandoned>)))
    .orderBy(desc(loyaltyLedger.at), desc(loyaltyLedger.id));
}

/** The stamps a customer holds now. */
export async function balanceOf(db: InTransaction, userId: string, now: Date): Promise<number> {
  return stampBalance(await ledgerOf(db, userId, now));
}

/** The name the reward's product goes by: the order's line's, else the menu's. */
export async function rewardTitle(
  db: InTransaction,
  reward: StampCardReward,
  lines: ReadonlyArray<{ productId: string; title: string }> = [],
): Promise<string> {
  if (reward.kind !== 'product') return '';
  const inOrder = lines.find((line) => line.productId === reward.productId);
  if (inOrder) return inOrder.title;
  const row = (await db.select({ title: products.title }).from(products).where(eq(products.id, reward.productId)).limit(1))[0];
  return row?.title ?? 'the free item';
}

/**
 * The stamp card's reward as a discount line, when the customer asks to spend it (`redeem`); null when not asked.
 * The card off, not full, a visitor or guest (only accounts have cards), or its free item not in the order: placing
 * refuses (422 STAMPS_NOT_ENOUGH, with the reason); the quote answers no line. Placement's transaction holds the
 * account's row, so two orders of one customer never both spend the same stamps.
 */
export async function stampCardDiscount(ctx: DiscountContext, redeem: boolean): Promise<OrderDiscount | null> {
  if (!redeem) return null;
  const outcome = await stampCardOutcome(ctx);
  if ('reason' in outcome) {
    if (ctx.placing) throw new HttpError('STAMPS_NOT_ENOUGH', outcome.reason);
    return null;
  }
  return outcome.discount;
}

/** The reward's line for this order, or why it cannot be had. */
export async function stampCardOutcome(ctx: DiscountContext): Promise<{ discount: OrderDiscount } | { reason: string }> {
  const settings = await readStampCard(ctx.db);
  const userId = ctx.customer.accountId;
  const balance = settings && userId ? await balanceOf(ctx.db, userId, ctx.now) : 0;
  const refusal = stampCardRefusal(settings, userId !== null, balance);
  if (refusal || !settings) return { reason: refusal ?? '' };
  const title = await rewardTitle(ctx.db, settings.reward, ctx.quote.lines);
  const reward = stampRewardDiscount(settings.reward, ctx.quote, title);
  if (!reward.applies) return { reason: reward.reason };
  return { discount: { source: 'stamp-card', label: stampRewardLabel(settings.reward, title), amount: reward.amount } };
}

/** Records the stamps an order spent on its reward (the card's stampsNeeded), on the placement's transaction. */
export async function recordStampsSpent(
  tx: InTransaction,
  spent: { userId: string | null; orderId: string; discounts: readonly OrderDiscount[]; now: Date },
): Promise<void> {
  if (!spent.userId || !spent.discounts.some((discount) => discount.source === 'stamp-card')) return;
  const settings = await readStampCard(tx);
  // stampCardDiscount answered a line on this transaction, so the card is on.
  if (!settings) return;
  await append(tx, spent.userId, spent.orderId, 'redeemed', -settings.stampsNeeded, spent.now);
}

async function append(db: InTransaction, userId: string, orderId: string, entry: LoyaltyEntry, stamps: number, at: Date): Promise<void> {
  await db
    .insert(loyaltyLedger)
    .values({ id: newId(at), userId, orderId, entry, stamps, at })
    .onConflictDoNothing({ target: [loyaltyLedger.orderId, loyaltyLedger.entry] });
}

/**
 * An order delivered (or collected): its account earns a stamp, once, while the card is on. A guest's or caller's
 * order without an account earns nothing; nor does an order already refunded in full.
 */
export async function stampOrderDelivered(tx: InTransaction, orderId: string, now: Date): Promise<void> {
  const settings = await readStampCard(tx);
  if (!settings) return;
  const order = (
    await tx
      .select({ userId: orders.userId, total: orders.total, refundedTotal: orders.refundedTotal })
      .from(orders)
      .where(eq(orders.id, orderId))
      .limit(1)
  )[0];
  if (!order?.userId || (order.total > 0 && order.refundedTotal >= order.total)) return;
  await append(tx, order.userId, orderId, 'earned', 1, now);
}

/**
 * An order canceled or rejected (or refused when its payment came): the stamp it earned is taken back, and the
 * stamps it spent are given back, each once. Whether the card is still on does not matter: the ledger is put right.
 */
export async function stampOrderCanceled(tx: InTransaction, orderId: string, now: Date): Promise<void> {
  const entries = await tx
    .select({ userId: loyaltyLedger.userId, entry: loyaltyLedger.entry, stamps: loyaltyLedger.stamps })
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.orderId, orderId), inArray(loyaltyLedger.entry, ['earned', 'redeemed'])));
  for (const { userId, entry, stamps } of entries) {
    if (entry === 'earned') await append(tx, userId, orderId, 'reversed', -stamps, now);
    else await append(tx, userId, orderId, 'restored', -stamps, now);
  }
}

/**
 * An order's refunds reach its total: the stamp it earned is taken back, once. A part refund (a missing drink) leaves
 * the stamp; the stamps a refunded order spent stay spent (its reward was had).
 */
export async function stampOrderRefunded(tx: InTransaction, orderId: string, now: Date): Promise<void> {
  const earned = (
    await tx
      .select({ userId: loyaltyLedger.userId, stamps: loyaltyLedger.stamps })
      .from(loyaltyLedger)
      .where(and(eq(loyaltyLedger.orderId, orderId), eq(loyaltyLedger.entry, 'earned')))
      .limit(1)
  )[0];
  if (earned) await append(tx, earned.userId, orderId, 'reversed', -earned.stamps, now);
}
