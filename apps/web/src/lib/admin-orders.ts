import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { OrderWire, UpdateOrderStatusAnswer } from '@shop/shared/contract/orders';
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
 * `PUT /api/update-sell-products/{id}`. True when the change was applied: only when the server answers
 * modifiedCount above 0 (SPEC.md section 4); false when the order already had that status. A refusal (409) or a
 * network failure throws the ApiError with the server's words.
 */
export async function putOrderStatus(id: string, status: OrderStatus): Promise<boolean> {
  const answer = await api.put<UpdateOrderStatusAnswer>(`/update-sell-products/${encodeURIComponent(id)}`, { status });
  return answer.modifiedCount > 0;
}

/** After a status change was applied: the admin lists, the order's detail and the dashboard's figures are fetched again. */
export async function refetchAfterStatusChange(client: QueryClient): Promise<void> {
  await Promise.all([client.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }), client.invalidateQueries({ queryKey: ADMIN_SUMMARY_KEY })]);
}
