import { eq } from 'drizzle-orm';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import type { ServiceLog } from '../../context';
import type { Db } from '../../db/client';
import { dbEvents } from '../../db-events';
import { orders } from '../../db/schema';
import { onCardOrderPaid, onPaymentChanged, type PaymentChangedEvent } from '../payments/public';

/** An order became visible to the shop: a cash order was placed, or a card order was paid. */
export interface OrderPlacedEvent {
  orderId: string;
  userId: string;
}

/**
 * What changed of an order the customer is told about (decision 0800): accepted with a time, re-timed, another
 * status ('on-the-way', 'delivered'), canceled (with its reason), or its money moved (released, refunded, a
 * refund failed), which the payments module reports.
 */
export type OrderChangeKind = 'accepted' | 'retimed' | 'on-the-way' | 'delivered' | 'canceled' | 'released' | 'refunded' | 'refund-failed';

/** An order changed (committed). `userId` is the order's customer; `status` the order's status after the change. */
export interface OrderStatusChangedEvent {
  orderId: string;
  userId: string;
  status: OrderStatus;
  change: OrderChangeKind;
  /** Pence, for 'refunded' and 'refund-failed': the refund's amount. */
  amount?: number;
}

const orderPlaced = dbEvents<OrderPlacedEvent>('order placed', (event) => ({ orderId: event.orderId }));
const orderStatusChanged = dbEvents<OrderStatusChangedEvent>('order status changed', (event) => ({ orderId: event.orderId }));

/**
 * Subscribe to orders as they commit (e.g. realtime sends `order_received` to admins): cash orders placed here,
 * card orders as the payments module reports them paid. Returns an unsubscribe function. Listeners run after the
 * transaction has committed, detached; their errors are logged.
 */
export function onOrderPlaced(db: Db, listener: (event: OrderPlacedEvent) => void | Promise<void>, log: ServiceLog): () => void {
  const stopPlaced = orderPlaced.on(db, listener, log);
  const stopPaid = onCardOrderPaid(db, listener, log);
  return () => {
    stopPlaced();
    stopPaid();
  };
}

export const emitOrderPlaced = orderPlaced.emit;

/**
 * Subscribe to an order's changes as they commit: its status or time changed here, or its money moved (the payments
 * module's onPaymentChanged, heard as changes 'released', 'refunded' and 'refund-failed' with the order's status
 * then). Realtime sends `order_updated` to the order's customer and `order_changed` to admins. Returns an
 * unsubscribe function; listeners run detached and their errors are logged.
 */
export function onOrderStatusChanged(
  db: Db,
  listener: (event: OrderStatusChangedEvent) => void | Promise<void>,
  log: ServiceLog,
): () => void {
  const stopStatus = orderStatusChanged.on(db, listener, log);
  const stopPayments = onPaymentChanged(
    db,
    async (event: PaymentChangedEvent) => {
      const order = (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, event.orderId)).limit(1))[0];
      if (!order) return;
      await listener({
        orderId: event.orderId,
        userId: event.userId,
        status: order.status,
        change: event.change,
        ...(event.amount !== undefined ? { amount: event.amount } : {}),
      });
    },
    log,
  );
  return () => {
    stopStatus();
    stopPayments();
  };
}

export const emitOrderStatusChanged = orderStatusChanged.emit;
