import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReadyAnswer } from '@shop/shared/contract/dispatch';
import { api } from './api';
import { ADMIN_ORDERS_KEY } from './admin-orders';

/** Dispatch's answers, refetched when the kitchen says a delivery is ready (the dispatch screen reads them). */
export const DISPATCH_KEY = ['dispatch'] as const;

/**
 * `POST /api/orders/{id}/ready` (orderStatus): the kitchen says a delivery is ready to go, so dispatch sees it ready
 * and the customer's tracker shows it made. The order lists and dispatch are fetched again once it is recorded.
 */
export function useMarkReady() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api.post<ReadyAnswer>(`/orders/${encodeURIComponent(orderId)}/ready`),
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: DISPATCH_KEY }), client.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY })]);
    },
  });
}
