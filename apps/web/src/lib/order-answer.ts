import type { OrderWire } from '@shop/shared/contract/orders';
import { formatPounds, wirePricePence } from '@shop/shared/domain/money';
import { expectedAt, expectedTimeText, refundableAmount } from '@shop/shared/domain/order-promise';
import { hasErrorCode } from './api';

/**
 * The words of the back office's Accept and Reject questions (the popup, the row menu and the order page ask the
 * same ones): what happens to the customer's money, and what a refusal means.
 */
type MoneyOf = Pick<OrderWire, 'paymentType' | 'paymentStatus' | 'totalPrice' | 'refundedTotal'>;

function pence(value: number): number {
  return wirePricePence(value) ?? 0;
}

/** 'HH:MM' (London) of an order accepted at `now` for `minutes`. */
export function readyAtText(now: Date, minutes: number): string {
  return expectedTimeText(expectedAt(now, minutes));
}

/** What accepting does to the money: a held card payment is taken; nothing to say for cash. */
export function acceptMoneyLine(order: MoneyOf): string | null {
  if (order.paymentType !== 'Card' || order.paymentStatus !== 'authorised') return null;
  return `The ${formatPounds(pence(order.totalPrice))} held on the customer’s card is taken when you accept.`;
}

/** What rejecting or canceling does to the money: a hold is released, a payment taken is refunded. */
export function cancelMoneyLine(order: MoneyOf): string | null {
  if (order.paymentType !== 'Card') return null;
  if (order.paymentStatus === 'authorised') {
    return `The ${formatPounds(pence(order.totalPrice))} held on the customer’s card is released: nothing is charged.`;
  }
  const left = refundableAmount(order.paymentStatus, pence(order.totalPrice), pence(order.refundedTotal));
  if (left > 0) return `The ${formatPounds(left)} taken is refunded to the customer’s card.`;
  return null;
}

/** A refusal as the admin reads it where they pressed the button: a heading for the cases they must act on, and the server's words. */
export function refusalOf(error: unknown): { title: string | null; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (hasErrorCode(error, 'CAPTURE_FAILED')) {
    return { title: 'The card could not be charged: the order is not accepted and still waits', message };
  }
  if (hasErrorCode(error, 'PAYMENT_PROVIDER_ERROR')) {
    return { title: 'The card payment provider did not answer', message };
  }
  return { title: null, message };
}
