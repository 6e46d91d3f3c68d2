/**
 * How an order is paid, and where its payment stands: the one list of each, for the wire contract, the
 * database's CHECK constraints and column types (apps/server/src/db/schema.ts) and the screens.
 */

/** By card online, or in cash when the order is handed over. */
export const PAYMENT_TYPES = ['Card', 'Cash'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Card: pending until the provider says it succeeded (or failed); Cash: unpaid until it is handed over. */
export const PAYMENT_STATUSES = ['unpaid', 'pending', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The cash payment type as people read it (SPEC.md sections 5 and 9), and as the spec's client may send it. */
export const CASH_ON_DELIVERY = 'Cash On Delivery';

/** The payment type as the spec names it (SPEC.md section 9): 'Cash On Delivery' or 'Card'. */
export function paymentTypeLabel(paymentType: PaymentType): string {
  return paymentType === 'Cash' ? CASH_ON_DELIVERY : 'Card';
}
