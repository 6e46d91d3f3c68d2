import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CloseDayAnswer, CloseDayPreview } from '@shop/shared/contract/orders';
import { ADMIN_ORDERS_KEY, refetchAfterStatusChange } from '../../../lib/admin-orders';
import { api } from '../../../lib/api';

/** `GET /api/orders/close-day`: how many orders closing the day would close now; asked when the question opens. */
export function useCloseDayPreview(enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN_ORDERS_KEY, 'close-day'],
    queryFn: () => api.get<CloseDayPreview>('/orders/close-day'),
    enabled,
    staleTime: 0,
  });
}

/** `POST /api/orders/close-day`; the lists and figures are read again once it is done. */
export function useCloseDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CloseDayAnswer>('/orders/close-day'),
    onSuccess: () => refetchAfterStatusChange(client),
  });
}
