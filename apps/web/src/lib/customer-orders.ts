import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CustomerNotificationWire, OrderWire } from '@shop/shared/contract/orders';
import { ORDER_UPDATED } from '@shop/shared/contract/realtime';
import { api } from './api';
import { useRealtimeConnected, useRealtimeEvent } from './realtime';

/**
 * The signed-in customer's orders and notification feed, read by the orders screens (history, detail) and the
 * notifications page, and kept live by the realtime socket: an `order_updated` event or a reconnect refetches
 * them through the HTTP API (docs/architecture.md, "How a realtime event flows").
 */

export const ORDER_HISTORY_KEY = 'order-history';
export const ORDER_KEY = 'order';
export const MY_NOTIFICATIONS_KEY = 'my-notifications';

// A status can change while no screen listens (the customer is on the menu): these screens always ask again when
// they open, instead of showing a copy up to the default 30 s old.
const LIVE = { staleTime: 0 } as const;

/** `GET /api/my-product-history/{email}`: the customer's orders, newest first, each with its status history. */
export function useOrderHistory(email: string | undefined) {
  return useQuery({
    queryKey: [ORDER_HISTORY_KEY, email ?? ''],
    queryFn: ({ signal }) => api.get<OrderWire[]>(`/my-product-history/${encodeURIComponent(email ?? '')}`, { signal }),
    enabled: Boolean(email),
    ...LIVE,
  });
}

/** `GET /api/buy-product/{id}`: one order. */
export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: [ORDER_KEY, id ?? ''],
    queryFn: ({ signal }) => api.get<OrderWire>(`/buy-product/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    ...LIVE,
  });
}

/** `GET /api/my-product/{email}`: status changes of the customer's orders and the shop's announcements, newest first. */
export function useMyNotifications(email: string | undefined) {
  return useQuery({
    queryKey: [MY_NOTIFICATIONS_KEY, email ?? ''],
    queryFn: ({ signal }) => api.get<CustomerNotificationWire[]>(`/my-product/${encodeURIComponent(email ?? '')}`, { signal }),
    enabled: Boolean(email),
    ...LIVE,
  });
}

/**
 * Refetches what shows the customer's orders. `orderId` narrows the single-order query to that order; the lists
 * are always refetched (a new order is not in them yet). `cancelRefetch: false` lets a request already in flight
 * stand instead of starting a second one.
 */
export function refreshCustomerOrders(
  client: QueryClient,
  orderId: string | null,
  options: { cancelRefetch?: boolean } = {},
): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: [ORDER_HISTORY_KEY] }, options),
    client.invalidateQueries({ queryKey: [MY_NOTIFICATIONS_KEY] }, options),
    client.invalidateQueries({ queryKey: orderId ? [ORDER_KEY, orderId] : [ORDER_KEY] }, options),
  ]);
}

/**
 * Keeps the customer's order screens live: `order_updated {order_id}` (an admin changed the order's status, or the
 * server's answer to checkout's `order_confirmation`) refetches them, and so does every connection of the socket.
 * The first connection counts too: the page's first answer may have been read before the socket joined the
 * customer's room, so an event sent in between would otherwise be missed; a reconnect may have missed several.
 */
export function useLiveCustomerOrders(): void {
  const client = useQueryClient();
  useRealtimeEvent(ORDER_UPDATED, (event) => {
    void refreshCustomerOrders(client, event.order_id);
  });
  useRealtimeConnected((reconnected) => {
    // On the first connection a request still in flight (the page's own first one) is let stand: it is at most a
    // round trip older than the connection. After a reconnect one in flight may predate the drop: ask again.
    void refreshCustomerOrders(client, null, { cancelRefetch: reconnected });
  });
}
