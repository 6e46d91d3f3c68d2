import { EventEmitter } from 'node:events';
import { eq } from 'drizzle-orm';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import type { ServiceLog } from '../../context';
import type { Db } from '../../db/client';
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

// Keyed by database, so every app (and every test server) in a process hears only its own orders; every plugin
// scope of one app shares it.
const emitters = new WeakMap<Db, EventEmitter>();

function emitterOf(db: Db): EventEmitter {
  let emitter = emitters.get(db);
  if (!emitter) {
    emitter = new EventEmitter();
    // One listener per realtime server; tests run several apps on one database only through separate handles.
    emitter.setMaxListeners(50);
    emitters.set(db, emitter);
  }
  return emitter;
}

/** Runs a listener after the emit returns, so a slow or failing listener never delays or fails the request. */
function detached<E extends { orderId: string }>(
  listener: (event: E) => void | Promise<void>,
  log: ServiceLog,
  what: string,
): (event: E) => void {
  return (event) => {
    Promise.resolve()
      .then(() => listener(event))
      .catch((error: unknown) => log.error({ err: error, orderId: event.orderId }, `${what} listener failed`));
  };
}

/**
 * Subscribe to orders as they commit (e.g. realtime sends `order_received` to admins): cash orders placed here,
 * card orders as the payments module reports them paid. Returns an unsubscribe function. Listeners run after the
 * transaction has committed; their errors are logged.
 */
export function onOrderPlaced(db: Db, listener: (event: OrderPlacedEvent) => void | Promise<void>, log: ServiceLog): () => void {
  const wrapped = detached(listener, log, 'order placed');
  emitterOf(db).on('placed', wrapped);
  const stopPaid = onCardOrderPaid(db, wrapped);
  return () => {
    emitterOf(db).off('placed', wrapped);
    stopPaid();
  };
}

export function emitOrderPlaced(db: Db, event: OrderPlacedEvent): void {
  emitterOf(db).emit('placed', event);
}

/**
 * Subscribe to an order's changes as they commit: its status or time changed here, or its money moved (the payments
 * module's onPaymentChanged, heard as changes 'released', 'refunded' and 'refund-failed' with the order's status
 * then). Realtime sends `order_updated` to the order's customer and `order_changed` to admins. Returns an
 * unsubscribe function; listeners' errors are logged.
 */
export function onOrderStatusChanged(
  db: Db,
  listener: (event: OrderStatusChangedEvent) => void | Promise<void>,
  log: ServiceLog,
): () => void {
  const wrapped = detached(listener, log, 'order status changed');
  emitterOf(db).on('status', wrapped);
  const moneyMoved = detached(
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
    'order money changed',
  );
  const stopPayments = onPaymentChanged(db, moneyMoved);
  return () => {
    emitterOf(db).off('status', wrapped);
    stopPayments();
  };
}

export function emitOrderStatusChanged(db: Db, event: OrderStatusChangedEvent): void {
  emitterOf(db).emit('status', event);
}
