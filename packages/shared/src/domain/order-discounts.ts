/**
 * What an order takes off and adds beyond its food and delivery fee: discount lines (a promotion's, the stamp card's
 * reward) and the driver's tip. Integer pence. The cart quote, placement, receipts, refunds and the sales figures all
 * read an order's money through these, so the total is worked out in one place.
 */
export const DISCOUNT_SOURCES = ['promotion', 'stamp-card'] as const;
export type DiscountSource = (typeof DISCOUNT_SOURCES)[number];

/**
 * What a discount comes off, for the VAT on the receipt: the food, one category's or one product's lines, or the
 * delivery fee. A line without it (the stamp card's reward) comes off the food and the fee alike.
 */
export type DiscountTarget =
  { on: 'order' } | { on: 'category'; category: string } | { on: 'product'; productId: string } | { on: 'delivery' };

/** One discount line as an order charges and keeps it. */
export interface OrderDiscount {
  source: DiscountSource;
  /** What the customer reads: 'PIZZA10: 10% off', 'Free delivery', 'Stamp card: £5.00 off'. */
  label: string;
  /** Pence off, positive. */
  amount: number;
  /** The promotion's id and code, for a promotion's line. */
  promotionId?: string;
  code?: string | null;
  appliesTo?: DiscountTarget;
}

/** An order's money: what the lines cost, the delivery fee, the discounts and the tip. */
export interface OrderMoneyParts {
  subtotal: number;
  deliveryFee: number;
  discounts: readonly OrderDiscount[];
  tip: number;
}

/** The sum of the discount lines. */
export function discountTotal(discounts: readonly OrderDiscount[]): number {
  return discounts.reduce((sum, discount) => sum + discount.amount, 0);
}

/**
 * What the customer pays: the food and the delivery fee, less the discounts (never below nothing: the discounts
 * together are capped at what they come off), plus the tip.
 */
export function orderTotal(parts: OrderMoneyParts): number {
  const goods = parts.subtotal + parts.deliveryFee;
  return goods - Math.min(discountTotal(parts.discounts), goods) + parts.tip;
}
