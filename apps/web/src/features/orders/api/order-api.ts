import { useQuery } from '@tanstack/react-query';
import type { OrderWire } from '@shop/shared/contract/orders';
import { api } from '../../../lib/api';

export function useOrderHistory(email: string | undefined) {
  return useQuery({
    queryKey: ['order-history', email ?? ''],
    queryFn: ({ signal }) => api.get<OrderWire[]>(`/my-product-history/${encodeURIComponent(email ?? '')}`, { signal }),
    enabled: Boolean(email),
  });
}

export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: ['order', id ?? ''],
    queryFn: ({ signal }) => api.get<OrderWire>(`/buy-product/${id ?? ''}`, { signal }),
    enabled: Boolean(id),
  });
}
