/**
 * What an order's payment line says (the customer's order page, history and notifications, the back office's
 * order page and lists): worked out from the payment type, the payment's status, the order's status and what was
 * refunded, so it moves with the order and always says where the customer's money is (decision 0800). A cash order
 * is paid when it is handed over: until then it is 'To be paid on delivery', once delivered 'Paid in cash', and a
 * canceled one was never paid. A card order's money is held until the shop accepts, then taken; a rejected order's
 * hold is released, and a cancelled order that was paid is refunded.
 */
import type { Fulfilment } from './fulfilment';
import { formatPounds, poundsToPence } from './money';
import type { OrderStatus } from './order-status';
import type { PaymentStatus, PaymentType } from './payment-types';

export type PaymentLineInput = {
  paymentType: PaymentType;
  paymentStatus: PaymentStatus;
  status: OrderStatus;
  /** Pounds refunded so far (the wire's `refundedTotal`); 0 when absent. */
  refundedTotal?: number;
  /** A collection's cash is paid on collection (decision 1003); a delivery when absent. */
  fulfilment?: Fulfilment;
};

/** How long a card refund takes to reach the customer's account, as card issuers put it. */
export const REFUND_ARRIVES = 'it reaches your account in 5 to 10 working days';

export const PAYMENT_LINES = {
  cashDue: 'To be paid on delivery',
  cashDueCollection: 'To be paid on collection',
  cashPaid: 'Paid in cash',
  cashCanceled: 'Not paid (order canceled)',
  cardPaid: 'Paid by card',
  cardPending: 'Waiting for the card payment',
  cardHeld: 'Card payment held: taken only when the shop accepts',
  cardReleased: 'Not charged: the hold on your card was released',
  cardFailed: 'Card payment failed',
  cardUnpaid: 'Not paid',
} as const;

function refunded(input: PaymentLineInput): string {
  return formatPounds(poundsToPence(input.refundedTotal ?? 0) ?? 0);
}

/** Where the order's payment stands, in the customer's words. */
export function paymentLine(input: PaymentLineInput): string {
  const { paymentType, paymentStatus, status } = input;
  if (paymentType === 'Cash') {
    if (paymentStatus === 'paid' || status === 'Delivered Order') return PAYMENT_LINES.cashPaid;
    if (status === 'Canceled Order') return PAYMENT_LINES.cashCanceled;
    return input.fulfilment === 'collection' ? PAYMENT_LINES.cashDueCollection : PAYMENT_LINES.cashDue;
  }
  switch (paymentStatus) {
    case 'paid':
      return PAYMENT_LINES.cardPaid;
    case 'authorised':
      return PAYMENT_LINES.cardHeld;
    case 'released':
      return PAYMENT_LINES.cardReleased;
    case 'refunded':
      return `Refunded ${refunded(input)} to your card: ${REFUND_ARRIVES}`;
    case 'partially_refunded':
      return `Paid by card, ${refunded(input)} refunded: ${REFUND_ARRIVES}`;
    case 'pending':
      return PAYMENT_LINES.cardPending;
    case 'failed':
      return PAYMENT_LINES.cardFailed;
    default:
      return PAYMENT_LINES.cardUnpaid;
  }
}

/**
 * Where the order's payment stands, in the staff's words (the back office's lists and order page): the same facts as
 * paymentLine, speaking of the customer ('the customer's card') rather than to them, and without how long a bank
 * takes, which is the customer's concern.
 */
export function staffPaymentLine(input: PaymentLineInput): string {
  if (input.paymentType === 'Cash') return paymentLine(input);
  switch (input.paymentStatus) {
    case 'released':
      return 'Not charged: the hold on the customer’s card was released';
    case 'refunded':
      return `Refunded ${refunded(input)} to the customer’s card`;
    case 'partially_refunded':
      return `Paid by card, ${refunded(input)} refunded to the customer’s card`;
    default:
      return paymentLine(input);
  }
}
