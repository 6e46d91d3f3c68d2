import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { OrderWire, UpdateOrderStatusAnswer, UpdateOrderStatusRequest } from '@shop/shared/contract/orders';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import { api } from './api';

/**
 * The back office's order data, read by several admin features (the order screens, the new-order popup, the
 * dashboard), so it lives here (docs/architecture.md; decisions 0405 and 0500).
 *
 * Keys: every admin list and order detail under ['admin-orders'] (whatever list is on screen reloads when that
 * prefix is invalidated), the dashboard's figures under ['admin-summary'].
 */
export const ADMIN_ORDERS_KEY = ['admin-orders'] as const;
export const ADMIN_SUMMARY_KEY = ['admin-summary'] as const;

/**
 * `GET /api/buy-product/{id}`, always read afresh, under `['admin-orders', 'detail', id]`: the popup loads a new
 * order under the key the detail screen reads, so Details opens with the order already there.
 */
export function adminOrderQuery(id: string) {
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<OrderWire>(`/buy-product/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });
}

/**
 * `PUT /api/update-sell-products/{id}` with a whole change (decision 0800): `{status: 'Approved Order', readyInMinutes}`
 * accepts with a time, `{status: 'Canceled Order', reason}` rejects with a reason, `{readyInMinutes}` alone re-times
 * an accepted order. True when the change was applied: only when the server answers modifiedCount above 0 (SPEC.md
 * section 4); false when the order already had that status. A refusal (409, 422 CAPTURE_FAILED when the card could
 * not be charged) or a network failure throws the ApiError with the server's words and code.
 */
export async function putOrderChange(id: string, change: UpdateOrderStatusRequest): Promise<boolean> {
  const answer = await api.put<UpdateOrderStatusAnswer>(`/update-sell-products/${encodeURIComponent(id)}`, change);
  return answer.modifiedCount > 0;
}

/** `PUT /api/update-sell-products/{id}` with a bare `{status}` (the spec's body): see putOrderChange. */
export function putOrderStatus(id: string, status: OrderStatus): Promise<boolean> {
  return putOrderChange(id, { status });
}

/** After a status change was applied: the admin lists, the order's detail and the dashboard's figures are fetched again. */
export async function refetchAfterStatusChange(client: QueryClient): Promise<void> {
  await Promise.all([client.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }), client.invalidateQueries({ queryKey: ADMIN_SUMMARY_KEY })]);
}
