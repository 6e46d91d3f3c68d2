/**
 * What the customer reads about an order's promise (decision 0800), beside its payment line: when an accepted order
 * is expected ('Expected at 19:45', the wire's expectedTime in Europe/London, moved when the shop re-times it), and
 * why a canceled order was canceled ('Canceled: We are too busy right now'). The customer's notifications, order
 * history and order page show it; null when there is nothing to promise (waiting for the shop, delivered).
 */
import type { OrderStatus } from './order-status';
import { PLAIN_CANCEL_REASON } from './order-promise';

export type OrderPromiseInput = {
  status: OrderStatus;
  /** 'HH:MM' in Europe/London; null until the shop accepts. */
  expectedTime: string | null;
  /** Why the order was canceled; null unless it was (an older order canceled before reasons were kept). */
  cancelReason: string | null;
};

/** 'Canceled: ' before the reason the shop gave. */
export const CANCELED_PREFIX = 'Canceled: ';

/** 'Expected at 19:45' for an accepted or on-its-way order, 'Canceled: <reason>' for a canceled one, else null. */
export function orderPromiseLine(order: OrderPromiseInput): string | null {
  if (order.status === 'Canceled Order') return `${CANCELED_PREFIX}${order.cancelReason?.trim() || PLAIN_CANCEL_REASON}`;
  if ((order.status === 'Approved Order' || order.status === 'On the way') && order.expectedTime)
    return `Expected at ${order.expectedTime}`;
  return null;
}
