import type { CustomerNotificationWire, OrderStatusChangeWire, OrderWire } from '@shop/shared/contract/orders';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { isFinalStatus, type OrderStatus } from '@shop/shared/domain/order-status';

/** One step of an order's timeline: a status it has had, when, and whether it is the status it has now. */
export interface TimelineStep {
  status: OrderStatus;
  date: string;
  time: string;
  createdAt: string;
  current: boolean;
}

type TimelineOrder = Pick<OrderWire, 'status' | 'statusHistory' | 'date' | 'time' | 'createdAt'>;

function newestFirst(a: { createdAt: string }, b: { createdAt: string }): number {
  return b.createdAt.localeCompare(a.createdAt);
}

/**
 * The order's statuses, newest first (the status it has now on top, as parcel tracking shows it). The answer lists
 * them oldest first; changes made in the same instant keep that order (reversed), so the last one set is on top.
 * An order whose history is empty (an older server) still shows its status, at the time it was placed.
 */
export function orderTimeline(order: TimelineOrder): TimelineStep[] {
  const history: OrderStatusChangeWire[] =
    order.statusHistory.length > 0
      ? [...order.statusHistory].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).reverse()
      : [{ status: order.status, date: order.date, time: order.time, createdAt: order.createdAt }];
  return history.map((change, index) => ({
    status: change.status,
    date: change.date,
    time: change.time,
    createdAt: change.createdAt,
    current: index === 0,
  }));
}

/** Newest order first; orders placed in the same instant keep the answer's order (it lists the newest first). */
export function ordersNewestFirst<T extends Pick<OrderWire, '_id' | 'createdAt'>>(orders: readonly T[]): T[] {
  return [...orders].sort(newestFirst);
}

/** The shop's announcements from the customer's feed (its order entries are shown as each order's timeline). */
export function announcementsOf(feed: readonly CustomerNotificationWire[]): CustomerNotificationWire[] {
  return feed.filter((item) => item.kind === 'notice');
}

/**
 * A line under the timeline saying what happens next, or null once the order is delivered (collected) or canceled.
 * A collection's 'On the way' is 'Ready to collect' (decision 1005).
 */
export function nextStepHint(status: OrderStatus, fulfilment: Fulfilment = 'delivery'): string | null {
  if (isFinalStatus(status)) return null;
  if (status !== 'On the way') return 'This page updates as soon as the shop moves your order on.';
  return fulfilment === 'collection' ? 'Your order is ready to collect from the shop.' : 'Your order is on its way to you.';
}
