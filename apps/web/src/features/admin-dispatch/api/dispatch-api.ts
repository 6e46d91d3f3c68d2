import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DispatchAnswer } from '@shop/shared/contract/dispatch';
import { ORDER_RECEIVED } from '@shop/shared/contract/realtime';
import { useOrderChanged } from '../../../lib/admin-order-events';
import { api } from '../../../lib/api';
import { DISPATCH_KEY } from '../../../lib/order-ready';
import { useRealtimeConnected, useRealtimeEvent } from '../../../lib/realtime';

/** Dispatch is asked again this often, so a warning or a driver's progress shows even when no event says so. */
export const DISPATCH_REFRESH_MS = 20_000;

/** `GET /api/dispatch` (dispatch): the deliveries waiting, the drivers and their runs, the suggestions, the warnings. */
export const dispatchQuery = queryOptions({
  queryKey: DISPATCH_KEY,
  queryFn: ({ signal }) => api.get<DispatchAnswer>('/dispatch', { signal }),
  staleTime: 0,
  refetchInterval: DISPATCH_REFRESH_MS,
});

export function useDispatch(options: { enabled?: boolean } = {}) {
  return useQuery({ ...dispatchQuery, enabled: options.enabled ?? true });
}

/**
 * Asks dispatch again when the board's events say an order arrived or changed (accepted, picked up, delivered,
 * canceled), and after a reconnect, when events may have been missed.
 */
export function useLiveDispatch(): void {
  const client = useQueryClient();
  const refetch = () => void client.invalidateQueries({ queryKey: DISPATCH_KEY });
  useRealtimeEvent(ORDER_RECEIVED, refetch);
  useOrderChanged(refetch);
  useRealtimeConnected((reconnected) => {
    if (reconnected) refetch();
  });
}

/**
 * `POST /api/orders/{id}/assign {driverId}` for each order in turn: the first goes onto the driver's open run (or a
 * new one), the others after it, so a suggested run keeps its order. An order on another driver's run moves.
 */
export function useAssign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderIds, driverId }: { orderIds: readonly string[]; driverId: string }) => {
      for (const orderId of orderIds) await api.post<unknown>(`/orders/${encodeURIComponent(orderId)}/assign`, { driverId });
    },
    onSettled: () => client.invalidateQueries({ queryKey: DISPATCH_KEY }),
  });
}

/** `DELETE /api/orders/{id}/assign`: takes the order off its run; it waits for a driver again. */
export function useUnassign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api.delete<unknown>(`/orders/${encodeURIComponent(orderId)}/assign`),
    onSettled: () => client.invalidateQueries({ queryKey: DISPATCH_KEY }),
  });
}
