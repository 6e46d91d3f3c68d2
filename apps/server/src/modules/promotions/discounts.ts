import { and, asc, count, eq, gt, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PromoOutcome } from '@shop/shared/contract/order-extras';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import type { OrderChannel } from '@shop/shared/domain/order-channel';
import type { DiscountTarget, OrderDiscount } from '@shop/shared/domain/order-discounts';
import type { CartQuote } from '@shop/shared/domain/pricing';
import {
  combinePromotions,
  decidePromotion,
  promotionLabel,
  type PromotionHistory,
  type PromotionLine,
  type PromotionOrder,
  type PromotionRule,
} from '@shop/shared/domain/promotions';
import type { Db, InTransaction } from '../../db/client';
import { newId } from '../../db/id';
import { orders, products, promotionRedemptions, promotions } from '../../db/schema';

/**
 * What deciding an order's discounts reads: the priced cart, its delivery fee, how and by whom it is ordered. The
 * cart quote asks on the database; placement asks on its transaction with `placing`, which locks each promotion it
 * applies and counts its limits exactly (one order at a time).
 */
export interface DiscountContext {
  db: Db | InTransaction;
  now: Date;
  quote: CartQuote;
  /** Pence; 0 for a collection, or while the quote does not know the address. */
  deliveryFee: number;
  /** Null while the quote does not know it: a promotion for one fulfilment then says so. */
  fulfilment: Fulfilment | null;
  channel: OrderChannel;
  /** Whose order: an account, or a guest or caller by e-mail and phone number (E.164); all null for a visitor's quote. */
  customer: { accountId: string | null; email: string | null; phone: string | null };
  placing: boolean;
}

export interface PromotionDiscounts {
  discounts: OrderDiscount[];
  /** The code sent: applied, or why not; null without one. */
  promo: PromoOutcome | null;
}

/** How long a card order that is not paid yet holds its promotions' uses: a payment under way, not one abandoned. */
export const UNPAID_HOLD_MINUTES = 30;

/**
 * The orders whose uses count: not canceled, and placed (cash at once, a card once its money is held) or a card
 * payment under way. A canceled order gives its use back.
 */
export function countedOrder(now: Date): SQL {
  const since = new Date(now.getTime() - UNPAID_HOLD_MINUTES * 60_000);
  return and(ne(orders.status, 'Canceled Order'), or(isNotNull(orders.placedAt), gt(orders.createdAt, since)))!;
}

/** The customer's orders: an account's by its id; a guest's or caller's by e-mail or phone number; null when unknown. */
function customerOrders(customer: DiscountContext['customer']): SQL | null {
  if (customer.accountId) return eq(orders.userId, customer.accountId);
  const ways: SQL[] = [];
  if (customer.email) ways.push(sql`lower(${orders.email}) = ${customer.email.toLowerCase()}`);
  if (customer.phone) ways.push(eq(orders.phone, customer.phone));
  return ways.length > 0 ? or(...ways)! : null;
}

/** A candidate discount line and what it comes off (for the receipt's VAT). */
type Line = PromotionLine & { appliesTo: DiscountTarget };

type PromotionRow = { id: string; name: string; code: string | null; active: boolean; rule: PromotionRule };

function needsCounting(rule: PromotionRule): boolean {
  return rule.conditions.firstOrder || rule.limits.perCustomer !== null || rule.limits.total !== null;
}

/** The automatic offers that apply, and the code sent (applied or refused with its reason). */
export async function promotionDiscounts(ctx: DiscountContext, code: string | null): Promise<PromotionDiscounts> {
  const { db } = ctx;
  const wanted = code?.trim().toUpperCase() || null;
  const rows: PromotionRow[] = await db
    .select({ id: promotions.id, name: promotions.name, code: promotions.code, active: promotions.active, rule: promotions.rule })
    .from(promotions)
    .where(
      and(
        isNull(promotions.deletedAt),
        wanted
          ? or(and(isNull(promotions.code), eq(promotions.active, true)), eq(promotions.code, wanted))
          : and(isNull(promotions.code), eq(promotions.active, true)),
      ),
    )
    .orderBy(asc(promotions.id));
  const codeRow = wanted ? rows.find((row) => row.code === wanted) : undefined;
  if (wanted && !codeRow) {
    const automatic = await decideAll(
      ctx,
      rows.filter((row) => row.code === null),
    );
    return { discounts: automatic.discounts, promo: { code: wanted, applied: false, reason: `We don't recognise the code ${wanted}` } };
  }
  return decideAll(ctx, rows, wanted);
}

async function decideAll(ctx: DiscountContext, rows: PromotionRow[], wanted: string | null = null): Promise<PromotionDiscounts> {
  const { db, quote } = ctx;
  const counted = rows.filter((row) => needsCounting(row.rule));
  // Placing: lock each promotion whose limits are counted before counting, in id order, so parallel orders count one
  // at a time (the second sees the first's order and use once the first commits).
  if (ctx.placing && counted.length > 0)
    await db
      .select({ id: promotions.id })
      .from(promotions)
      .where(
        inArray(
          promotions.id,
          counted.map((row) => row.id),
        ),
      )
      .orderBy(asc(promotions.id))
      .for('update');
  const history = await readHistory(ctx, counted);
  const titles = await productTitles(ctx, rows);
  const order: PromotionOrder = {
    lines: quote.lines,
    subtotal: quote.total,
    deliveryFee: ctx.deliveryFee,
    fulfilment: ctx.fulfilment,
    channel: ctx.channel,
    now: ctx.now,
  };
  let codeLine: Line | null = null;
  let promo: PromoOutcome | null = null;
  const automatic: Line[] = [];
  for (const row of rows) {
    const targetTitle = row.rule.target.on === 'product' ? (titles.get(row.rule.target.productId) ?? null) : null;
    const promotion = { ...row, targetTitle };
    const decision = decidePromotion(promotion, order, history(row));
    const appliesTo: DiscountTarget = row.rule.kind === 'free-delivery' ? { on: 'delivery' } : row.rule.target;
    const line = decision.applies
      ? { promotionId: row.id, code: row.code, label: promotionLabel(promotion), amount: decision.amount, appliesTo }
      : null;
    if (row.code !== null && row.code === wanted) {
      promo = { code: row.code, applied: decision.applies, reason: decision.applies ? null : decision.reason };
      codeLine = line;
    } else if (row.code === null && line) automatic.push(line);
  }
  const lines = combinePromotions(codeLine, automatic, quote.total + ctx.deliveryFee);
  return {
    discounts: lines.map((line) => ({ source: 'promotion', ...line })),
    promo,
  };
}

/** Each counted promotion's history: the customer's earlier orders, their uses and everyone's. */
async function readHistory(ctx: DiscountContext, counted: PromotionRow[]): Promise<(row: PromotionRow) => PromotionHistory> {
  const { db } = ctx;
  const mine = customerOrders(ctx.customer);
  const live = countedOrder(ctx.now);
  let earlierOrders: number | null = null;
  if (mine && counted.some((row) => row.rule.conditions.firstOrder)) {
    const [row] = await db.select({ n: count() }).from(orders).where(and(mine, live));
    earlierOrders = row?.n ?? 0;
  }
  const uses = new Map<string, { total: number; mine: number }>();
  if (counted.length > 0) {
    const rows = await db
      .select({
        promotionId: promotionRedemptions.promotionId,
        total: count(),
        mine: (mine ? sql<number>`count(*) filter (where ${mine})` : sql<number>`0`).mapWith(Number),
      })
      .from(promotionRedemptions)
      .innerJoin(orders, eq(orders.id, promotionRedemptions.orderId))
      .where(
        and(
          inArray(
            promotionRedemptions.promotionId,
            counted.map((row) => row.id),
          ),
          live,
        ),
      )
      .groupBy(promotionRedemptions.promotionId);
    for (const row of rows) uses.set(row.promotionId, { total: row.total, mine: row.mine });
  }
  return (row) => ({
    earlierOrders,
    customerUses: mine ? (uses.get(row.id)?.mine ?? 0) : null,
    totalUses: uses.get(row.id)?.total ?? 0,
  });
}

/** The titles of the products promotions are for, for their labels and reasons (a product not in the cart too). */
async function productTitles(ctx: DiscountContext, rows: PromotionRow[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>(ctx.quote.lines.map((line) => [line.productId, line.title]));
  const missing = rows.flatMap((row) =>
    row.rule.target.on === 'product' && !titles.has(row.rule.target.productId) ? [row.rule.target.productId] : [],
  );
  if (missing.length > 0) {
    const found = await ctx.db.select({ id: products.id, title: products.title }).from(products).where(inArray(products.id, missing));
    for (const product of found) titles.set(product.id, product.title);
  }
  return titles;
}

/** Records the order's use of each promotion it got, on the placement's transaction. */
export async function recordPromotionUses(
  tx: InTransaction,
  orderId: string,
  discounts: readonly OrderDiscount[],
  now: Date,
): Promise<void> {
  const uses = discounts.filter((discount) => discount.source === 'promotion' && discount.promotionId);
  if (uses.length === 0) return;
  await tx
    .insert(promotionRedemptions)
    .values(
      uses.map((discount) => ({ id: newId(now), promotionId: discount.promotionId!, orderId, amount: discount.amount, createdAt: now })),
    );
}
