import type { OrderWire, RefundWire } from '@shop/shared/contract/orders';
import { londonParts, twoDigits } from '@shop/shared/domain/london-time';
import { formatPounds, poundsToPence, wirePricePence } from '@shop/shared/domain/money';
import { MAX_CANCEL_REASON_LENGTH, MAX_READY_MINUTES, MIN_READY_MINUTES, refundableAmount } from '@shop/shared/domain/order-promise';

/**
 * The order page's promise and money: running late, and the refund form's rules, pure so they are
 * tested without a screen.
 */

const MINUTE = 60_000;

/**
 * `readyInMinutes` for "running late by `extra` minutes": from the time promised (or from now, when that has passed
 * already) `extra` minutes later, counted from now as the server re-times (rounded up, so the new time is never
 * earlier than asked), within the bounds the server takes.
 */
export function lateReadyInMinutes(expectedAt: Date, now: Date, extra: number): number {
  const from = Math.max(expectedAt.getTime(), now.getTime());
  const minutes = Math.ceil((from + extra * MINUTE - now.getTime()) / MINUTE);
  return Math.min(MAX_READY_MINUTES, Math.max(MIN_READY_MINUTES, minutes));
}

/** Whether the order's expected time can still move: accepted or on its way, with a time. */
export function canRetime(order: Pick<OrderWire, 'status' | 'expectedAt'>): boolean {
  return (order.status === 'Approved Order' || order.status === 'On the way') && order.expectedAt !== null;
}

/** Pence of the order's card payment that may still be refunded (0 for cash, a hold, or one given back whole). */
export function refundLeft(order: Pick<OrderWire, 'paymentType' | 'paymentStatus' | 'totalPrice' | 'refundedTotal'>): number {
  if (order.paymentType !== 'Card') return 0;
  return refundableAmount(order.paymentStatus, wirePricePence(order.totalPrice) ?? 0, wirePricePence(order.refundedTotal) ?? 0);
}

export type RefundErrors = Partial<Record<'amount' | 'reason', string>>;

/** The refund form as typed: the body to send (pounds), or what is wrong under each field. */
export function readRefund(
  draft: { amount: string; reason: string },
  leftPence: number,
): { request: { amount: number; reason: string }; errors: null } | { request: null; errors: RefundErrors } {
  const errors: RefundErrors = {};
  const pence = poundsToPence(draft.amount.replace(/^£/, ''));
  if (pence === null || pence <= 0) errors.amount = 'Enter an amount in pounds, such as 4.50';
  else if (pence > leftPence) errors.amount = `At most ${formatPounds(leftPence)} is left to refund`;
  const reason = draft.reason.trim();
  if (reason === '') errors.reason = 'Say why: the customer reads it';
  else if (reason.length > MAX_CANCEL_REASON_LENGTH) errors.reason = `At most ${MAX_CANCEL_REASON_LENGTH} characters`;
  if (pence === null || errors.amount || errors.reason) return { request: null, errors };
  return { request: { amount: pence / 100, reason }, errors: null };
}

const REFUND_STATUS_WORDS: Record<RefundWire['status'], string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
};

export function refundStatusText(status: RefundWire['status']): string {
  return REFUND_STATUS_WORDS[status];
}

/** 'DD/MM/YYYY HH:MM' in London, as the order's own date and time are written. */
export function londonDateTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const p = londonParts(at);
  return `${twoDigits(p.day)}/${twoDigits(p.month)}/${p.year} ${twoDigits(p.hour)}:${twoDigits(p.minute)}`;
}

/** Who took a phone or counter order: 'Taken by phone by Sam Jones', 'Taken at the counter' when the name is gone. */
export function takenByText(channel: 'phone' | 'counter', takenBy: string | null): string {
  const how = channel === 'phone' ? 'Taken by phone' : 'Taken at the counter';
  return takenBy ? `${how} by ${takenBy}` : how;
}
