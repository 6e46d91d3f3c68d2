/**
 * The order promise (decision 0800): when an accepted order will arrive, why a rejected one was rejected, how long
 * a waiting order has waited, and the order in which money states may follow each other. Pure functions: the
 * server decides with them and the screens show what they say.
 */
import { londonParts, twoDigits } from './london-time';
import { CAPTURED_STATUSES, type PaymentStatus } from './payment-types';

/** Bounds of `readyInMinutes` when an order is accepted or re-timed. */
export const MIN_READY_MINUTES = 5;
export const MAX_READY_MINUTES = 240;
/** The time offered when the shop has no quote of its own yet (issue 21 brings the live quote). */
export const DEFAULT_READY_MINUTES = 45;
/** The one-tap choices when accepting an order. */
export const READY_IN_CHOICES = [20, 30, 45, 60, 90] as const;
/** The one-tap "running late" choices for an accepted order. */
export const RUNNING_LATE_CHOICES = [10, 20] as const;

/** The reasons offered when the shop rejects or cancels an order; the admin may also type one. */
export const CANCEL_REASONS = [
  'We are too busy right now',
  'An item has run out',
  'Your address is outside our delivery area',
  'We are closing early',
] as const;
/** The reason recorded when a cancel names none (the spec's bare `{status: 'Canceled Order'}`). */
export const PLAIN_CANCEL_REASON = 'The shop canceled the order';
/** The reason recorded when nobody answered a waiting order in time and the server rejected it. */
export const NO_RESPONSE_REASON = 'The shop did not respond in time';
export const MAX_CANCEL_REASON_LENGTH = 200;

/** The shop's order timers and acceptance settings, with their defaults (the back office changes them). */
export interface OrderTimerSettings {
  /** A waiting order is marked late (and rings louder) after this many minutes. */
  lateAfterMinutes: number;
  /** A waiting order is rejected by the server after this many minutes; 0 = never. */
  autoRejectAfterMinutes: number;
  /** Accept every order on arrival with the current quote (it still rings once). */
  autoAccept: boolean;
}
export const DEFAULT_ORDER_TIMER_SETTINGS: OrderTimerSettings = { lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false };

const MINUTE = 60_000;

/** When an order accepted (or re-timed) at `now` for `readyInMinutes` arrives. */
export function expectedAt(now: Date, readyInMinutes: number): Date {
  return new Date(now.getTime() + readyInMinutes * MINUTE);
}

/** An expected time as the customer reads it: 'HH:MM' in Europe/London. */
export function expectedTimeText(at: Date): string {
  const parts = londonParts(at);
  return `${twoDigits(parts.hour)}:${twoDigits(parts.minute)}`;
}

/** 'Expected at 19:45'. */
export function expectedLine(at: Date): string {
  return `Expected at ${expectedTimeText(at)}`;
}

/** Whole minutes an order placed at `placedAt` has waited by `now` (never negative). */
export function waitedMinutes(placedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - placedAt.getTime()) / MINUTE));
}

/** Whether a waiting order is late: it has waited `lateAfterMinutes` or more. */
export function isLateWaiting(placedAt: Date, now: Date, settings: Pick<OrderTimerSettings, 'lateAfterMinutes'>): boolean {
  return now.getTime() - placedAt.getTime() >= settings.lateAfterMinutes * MINUTE;
}

/** When the server rejects an order still waiting: null when the shop never does (setting 0). */
export function autoRejectAt(placedAt: Date, settings: Pick<OrderTimerSettings, 'autoRejectAfterMinutes'>): Date | null {
  if (settings.autoRejectAfterMinutes <= 0) return null;
  return new Date(placedAt.getTime() + settings.autoRejectAfterMinutes * MINUTE);
}

// How far along its life a card payment is: an event may arrive late, twice or out of order, and must never move
// the money backwards (a late 'authorised' after 'paid' changes nothing). Final states share the top rank.
const PAYMENT_RANK: Record<PaymentStatus, number> = {
  unpaid: 0,
  pending: 0,
  failed: 1,
  authorised: 2,
  paid: 3,
  partially_refunded: 4,
  refunded: 5,
  released: 5,
};

/**
 * Whether a card order's payment may move from `from` to `to` when the provider says so: only forward
 * (pending → authorised → paid → partially refunded → refunded; authorised → released; pending or authorised →
 * failed; a failed card may be tried again and become authorised). A refund that failed moves back by
 * recomputation, not through this (see `refundedStatus`).
 */
export function paymentMayMove(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === to) return false;
  if (to === 'failed') return from === 'pending' || from === 'authorised';
  if (to === 'released') return from === 'pending' || from === 'authorised' || from === 'failed';
  if (from === 'released' || from === 'refunded') return false;
  return PAYMENT_RANK[to] > PAYMENT_RANK[from];
}

/** A captured payment's status from how much of it was refunded (pence). */
export function refundedStatus(total: number, refundedTotal: number): PaymentStatus {
  if (refundedTotal <= 0) return 'paid';
  return refundedTotal >= total ? 'refunded' : 'partially_refunded';
}

/** Money captured and not refunded (pence): what the shop keeps of a card order. */
export function moneyKept(paymentStatus: PaymentStatus, total: number, refundedTotal: number): number {
  return CAPTURED_STATUSES.includes(paymentStatus) ? Math.max(0, total - refundedTotal) : 0;
}

/** The most that can still be refunded of an order (pence). */
export function refundableAmount(paymentStatus: PaymentStatus, total: number, refundedTotal: number): number {
  return moneyKept(paymentStatus, total, refundedTotal);
}
