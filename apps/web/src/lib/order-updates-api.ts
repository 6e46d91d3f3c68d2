import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderUpdatesAnswer, OrderUpdatesChange, PushKeyAnswer, PushSubscribeBody } from '@shop/shared/contract/order-updates';
import { api } from './api';

export const orderUpdatesKey = (token: string) => ['track', token, 'updates'] as const;

/** `GET /api/track/{token}/updates`: the channels the shop offers for the order, and which are on. */
export function useOrderUpdates(token: string, enabled: boolean) {
  return useQuery({
    queryKey: orderUpdatesKey(token),
    queryFn: ({ signal }) => api.get<OrderUpdatesAnswer>(`/track/${encodeURIComponent(token)}/updates`, { signal }),
    enabled,
    retry: false,
  });
}

/** `PUT /api/track/{token}/updates`: a channel off or back on. */
export function useChangeOrderUpdates(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OrderUpdatesChange) => api.put<OrderUpdatesAnswer>(`/track/${encodeURIComponent(token)}/updates`, change),
    onSuccess: (answer) => queryClient.setQueryData(orderUpdatesKey(token), answer),
  });
}

/** `GET /api/push/key`, then `POST /api/track/{token}/push` with this browser's subscription. */
export function useSubscribeToOrder(token: string, subscribe: (publicKey: string) => Promise<PushSubscribeBody>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { publicKey } = await api.get<PushKeyAnswer>('/push/key');
      const subscription = await subscribe(publicKey);
      return api.post<OrderUpdatesAnswer>(`/track/${encodeURIComponent(token)}/push`, subscription);
    },
    onSuccess: (answer) => queryClient.setQueryData(orderUpdatesKey(token), answer),
  });
}
