import { useEffect, useRef } from 'react';
import { ORDER_CHANGED } from '@shop/shared/contract/realtime';
import { ORDER_STATUSES, type OrderStatus } from '@shop/shared/domain/order-status';
import { useRealtimeSocket } from './realtime';

/**
 * `order_changed` (contract/realtime.ts): the server tells every admin connection that an order changed (any
 * admin's accept or reject, a timer's auto-reject, a payment event), `{order_id, status}`. Read loosely here: an
 * event whose `order_id` is an id is taken, its `status` when it names one of ORDER_STATUSES, so a payload with more
 * (or fewer) fields than today's still tells the screen to look again. As with every event, the screen re-reads the
 * order through the HTTP API when the event does not settle it.
 */
export interface OrderChange {
  orderId: string;
  /** The order's status after the change, when the event says it. */
  status: OrderStatus | null;
}

export function readOrderChange(payload: unknown): OrderChange | null {
  if (!payload || typeof payload !== 'object') return null;
  const { order_id: orderId, status } = payload as { order_id?: unknown; status?: unknown };
  if (typeof orderId !== 'string' || !/^[0-9a-f]{24}$/.test(orderId)) return null;
  const known = ORDER_STATUSES.find((one) => one === status) ?? null;
  return { orderId, status: known };
}

/** Calls `handler` with each `order_changed` the tab's socket receives (admins only get it). */
export function useOrderChanged(handler: (change: OrderChange) => void): void {
  const socket = useRealtimeSocket();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket) return undefined;
    const listener = (payload: unknown) => {
      const change = readOrderChange(payload);
      if (change) latest.current(change);
    };
    socket.on(ORDER_CHANGED, listener);
    return () => {
      socket.off(ORDER_CHANGED, listener);
    };
  }, [socket]);
}
