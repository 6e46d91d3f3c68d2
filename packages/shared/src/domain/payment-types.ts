/**
 * How an order is paid, and where its payment stands: the one list of each, for the wire contract, the
 * database's CHECK constraints and column types (apps/server/src/db/schema.ts) and the screens.
 */

/** By card online, or in cash when the order is handed over. */
export const PAYMENT_TYPES = ['Card', 'Cash'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * Where an order's money stands (decision 0800). Cash: unpaid until it is handed over. Card: pending until the card
 * is authorised; authorised (the money is held, the shop sees the order) until the shop accepts (captured: paid) or
 * rejects it or never answers (the hold is released: released); a paid order that is refunded is
 * partially_refunded or refunded; failed when the card was declined or a capture failed.
 */
export const PAYMENT_STATUSES = [
  'unpaid',
  'pending',
  'authorised',
  'paid',
  'released',
  'refunded',
  'partially_refunded',
  'failed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Card statuses under which money was taken (captured), whatever was refunded since. */
export const CAPTURED_STATUSES: readonly PaymentStatus[] = ['paid', 'partially_refunded', 'refunded'];

/** The cash payment type as people read it (SPEC.md sections 5 and 9), and as the spec's client may send it. */
export const CASH_ON_DELIVERY = 'Cash On Delivery';

/**
 * The cash payment type's words for a collection order (issue 22 point 3, decision 1003): the same 'Cash' type,
 * paid when the order is collected; a client may send these words as the payment type of a collection order.
 */
export const PAY_ON_COLLECTION = 'Pay on collection';

/**
 * The payment type as the spec names it (SPEC.md section 9): 'Cash On Delivery' or 'Card'; a collection order's cash
 * is 'Pay on collection'.
 */
export function paymentTypeLabel(paymentType: PaymentType, fulfilment: 'delivery' | 'collection' = 'delivery'): string {
  if (paymentType === 'Card') return 'Card';
  return fulfilment === 'collection' ? PAY_ON_COLLECTION : CASH_ON_DELIVERY;
}

/** A refund: asked of the provider (pending) until it says it went through (succeeded) or not (failed). */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
