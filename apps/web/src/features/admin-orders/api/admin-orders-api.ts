import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderWire } from '@shop/shared/contract/orders';
import { ORDER_RECEIVED } from '@shop/shared/contract/realtime';
import { adminOrderQuery, ADMIN_ORDERS_KEY, putOrderStatus, refetchAfterStatusChange } from '../../../lib/admin-orders';
import { ApiError } from '../../../lib/api';
import { useRealtimeConnected, useRealtimeEvent } from '../../../lib/realtime';
import { ordersListPath, totalFromHeader, type OrdersListKind } from '../lib/order-lists';
import type { AdminSettableStatus } from '../lib/status-menu';

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

/** Refetches the lists and details on screen when an order is placed, and after a reconnect (events may be missed). */
export function useLiveAdminOrders(): void {
  const client = useQueryClient();
  useRealtimeEvent(ORDER_RECEIVED, () => void client.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }));
  useRealtimeConnected((reconnected) => {
    if (reconnected) void client.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
  });
}

/**
 * `PUT /api/update-sell-products/{id}`: answers whether it was applied (modifiedCount above 0, SPEC.md section 4);
 * when it was, the lists, the order and the dashboard's figures are fetched again before the mutation settles.
 */
export function useUpdateOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: AdminSettableStatus }) => putOrderStatus(id, status),
    onSuccess: async (applied) => {
      if (applied) await refetchAfterStatusChange(client);
    },
  });
}
