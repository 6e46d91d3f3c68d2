import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderWire, RefundAnswer, RefundRequest, UpdateOrderStatusRequest } from '@shop/shared/contract/orders';
import { ORDER_RECEIVED } from '@shop/shared/contract/realtime';
import { adminOrderQuery, ADMIN_ORDERS_KEY, putOrderChange, refetchAfterStatusChange } from '../../../lib/admin-orders';
import { useOrderChanged } from '../../../lib/admin-order-events';
import { api, ApiError } from '../../../lib/api';
import { useRealtimeConnected, useRealtimeEvent } from '../../../lib/realtime';
import { ordersListPath, totalFromHeader, type OrdersListKind } from '../lib/order-lists';

export type OrdersPage = { orders: OrderWire[]; total: number };

/**
 * `GET /api/buy-product` with its X-Total-Count header, which the shared client does not hand back: the same
 * request (JSON, the session cookie) and the same ApiError with the server's message on a failure.
 */
async function fetchOrdersPage(path: string, page: number, signal: AbortSignal): Promise<OrdersPage> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The shop could not be reached. Check your connection and try again.');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : `Request failed (${response.status})`;
    throw new ApiError(response.status, message, body);
  }
  const orders = Array.isArray(body) ? (body as OrderWire[]) : [];
  return { orders, total: totalFromHeader(response.headers.get('x-total-count'), orders.length, page) };
}

export function ordersListQuery(kind: OrdersListKind, page: number) {
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, 'list', kind, page],
    queryFn: ({ signal }) => fetchOrdersPage(ordersListPath(kind, page), page, signal),
    // The back office shows what the shop has now: each visit asks again.
    staleTime: 0,
    // Turning a page keeps the rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export const useOrdersList = (kind: OrdersListKind, page: number) => useQuery(ordersListQuery(kind, page));
export const useAdminOrder = (id: string) => useQuery(adminOrderQuery(id));

/**
 * Refetches the lists and details on screen when an order is placed or changed (by another admin, the shop's timers
 * or a payment event), and after a reconnect (events may be missed).
 */
export function useLiveAdminOrders(): void {
  const client = useQueryClient();
  useRealtimeEvent(ORDER_RECEIVED, () => void client.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }));
  useOrderChanged(() => void client.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }));
  useRealtimeConnected((reconnected) => {
    if (reconnected) void client.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
  });
}

/**
 * `PUT /api/update-sell-products/{id}` with a status, and with Approve its `readyInMinutes`, with Cancel its
 * `reason`, or `readyInMinutes` alone to re-time an accepted order: answers whether it was applied (modifiedCount
 * above 0, SPEC.md section 4); when it was, the lists, the order and the dashboard's figures are fetched again
 * before the mutation settles. A refusal (a card that could not be charged: 422 CAPTURE_FAILED) is the ApiError.
 */
export function useUpdateOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateOrderStatusRequest }) => putOrderChange(id, change),
    onSuccess: async (applied) => {
      if (applied) await refetchAfterStatusChange(client);
    },
    onError: async () => {
      // Refused (a failed capture leaves the order waiting; another admin may have answered it): show what it is now.
      await client.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
    },
  });
}

/**
 * `POST /api/orders/{id}/refunds` `{amount, reason}` (pounds): gives back part or all of a captured card payment.
 * The order and the dashboard's figures (money kept, net of refunds) are fetched again once it is recorded.
 */
export function useRefundOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: RefundRequest) => api.post<RefundAnswer>(`/orders/${encodeURIComponent(id)}/refunds`, request),
    onSettled: async () => {
      await refetchAfterStatusChange(client);
    },
  });
}
