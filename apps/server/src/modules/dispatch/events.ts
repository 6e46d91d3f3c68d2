import type { OrderStatus } from '@shop/shared/domain/order-status';
import { dbEvents } from '../../db-events';

/**
 * Something of these orders' deliveries changed without their status changing (a status change is the orders
 * module's event): assigned, moved, taken off a run, said ready, reordered, or their driver's shown position moved.
 * Realtime tells the board and each order's tracker, which refetch.
 */
export interface DeliveryChangedEvent {
  orders: Array<{ orderId: string; userId: string | null; status: OrderStatus }>;
  /** Only the driver's position moved: the board need not hear it. */
  positionOnly?: boolean;
  /** The drivers whose runs changed (assigned to, moved from, taken off, reordered): their phones refetch. */
  drivers?: string[];
}

const deliveryChanged = dbEvents<DeliveryChangedEvent>('delivery changed', (event) => ({
  orderIds: event.orders.map((order) => order.orderId),
}));

/** Subscribe to deliveries as they change (committed). Returns an unsubscribe function; listeners run detached. */
export const onDeliveryChanged = deliveryChanged.on;
export const emitDeliveryChanged = deliveryChanged.emit;
