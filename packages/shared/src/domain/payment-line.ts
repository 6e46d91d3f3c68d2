/**
 * What an order's payment line says (the customer's order page, history and notifications, the back office's
 * order page and lists): worked out from the payment type, the payment's status and the order's status, so it
 * moves with the order. A cash order is paid when it is handed over: until then it is 'To be paid on
 * delivery', once delivered 'Paid in cash', and a canceled one was never paid. A card order says what the
 * provider said. Refunds of canceled card orders are not modelled yet: a paid card order stays 'Paid by card'.
 */
import type { OrderStatus } from './order-status';
import type { PaymentStatus, PaymentType } from './payment-types';

export type PaymentLineInput = { paymentType: PaymentType; paymentStatus: PaymentStatus; status: OrderStatus };

export const PAYMENT_LINES = {
  cashDue: 'To be paid on delivery',
  cashPaid: 'Paid in cash',
  cashCanceled: 'Not paid (order canceled)',
  cardPaid: 'Paid by card',
  cardPending: 'Waiting for the card payment',
  cardFailed: 'Card payment failed',
  cardUnpaid: 'Not paid',
} as const;

/** Where the order's payment stands, in the customer's words. */
export function paymentLine({ paymentType, paymentStatus, status }: PaymentLineInput): string {
  if (paymentType === 'Cash') {
    if (paymentStatus === 'paid' || status === 'Delivered Order') return PAYMENT_LINES.cashPaid;
    if (status === 'Canceled Order') return PAYMENT_LINES.cashCanceled;
    return PAYMENT_LINES.cashDue;
  }
  if (paymentStatus === 'paid') return PAYMENT_LINES.cardPaid;
  if (paymentStatus === 'pending') return PAYMENT_LINES.cardPending;
  if (paymentStatus === 'failed') return PAYMENT_LINES.cardFailed;
  return PAYMENT_LINES.cardUnpaid;
}
