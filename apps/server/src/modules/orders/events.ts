import type { OrderStatus } from '@shop/shared/domain/order-status';
import { dbEvents } from '../../db-events';

/** An order became visible to the shop: a cash order was placed, or a card order was paid. */
export interface OrderPlacedEvent {
  orderId: string;
  /** The order's account; null for an order without one (a guest's, or a caller's). */
  userId: string | null;
}

/**
 * What changed of an order the customer is told about (decision 0800): accepted with a time, re-timed, another
 * status ('on-the-way', 'delivered'), canceled (with its reason), its money moved (released, refunded, a
 * refund failed), which the payments module reports, or a card order paid for but not placed, since a rule it met
 * when it was priced no longer held when it was paid ('not-placed', with the order canceled and its reason).
 */
export type OrderChangeKind =
  'accepted' | 'retimed' | 'on-the-way' | 'delivered' | 'canceled' | 'released' | 'refunded' | 'refund-failed' | 'not-placed';

/** An order changed (committed). `userId` is the order's customer; `status` the order's status after the change. */
export interface OrderStatusChangedEvent {
  orderId: string;
  /** The order's account; null for an order without one (its tracking page hears of it by the order's id). */
  userId: string | null;
  status: OrderStatus;
  change: OrderChangeKind;
  /** Pence, for 'refunded' and 'refund-failed': the refund's amount. */
  amount?: number;
}

const orderPlaced = dbEvents<OrderPlacedEvent>('order placed', (event) => ({ orderId: event.orderId }));
const orderStatusChanged = dbEvents<OrderStatusChangedEvent>('order status changed', (event) => ({ orderId: event.orderId }));

/**
 * Subscribe to orders as they commit (e.g. realtime sends `order_received` to admins): cash orders placed here,
 * card orders once paid (confirmCardOrder, announced by the payments module after its commit). Returns an
 * unsubscribe function. Listeners run after the transaction has committed, detached; their errors are logged.
 */
export const onOrderPlaced = orderPlaced.on;

export const emitOrderPlaced = orderPlaced.emit;

/**
 * Subscribe to an order's changes as they commit: its status or time changed here, or its money moved (announced
 * by the payments module with the order's status then). Realtime sends `order_updated` to the order's customer and
 * `order_changed` to admins. Returns an unsubscribe function; listeners run detached and their errors are logged.
 */
export const onOrderStatusChanged = orderStatusChanged.on;

export const emitOrderStatusChanged = orderStatusChanged.emit;
