import { useQuery } from '@tanstack/react-query';
import type { CustomerNotificationWire } from '@shop/shared/contract/orders';
import { api } from '../../../lib/api';

/** `GET /api/my-product/{email}`: status changes of the customer's orders and the shop's notices. */
export function useMyNotifications(email: string | undefined) {
  return useQuery({
    queryKey: ['my-notifications', email ?? ''],
    queryFn: ({ signal }) => api.get<CustomerNotificationWire[]>(`/my-product/${encodeURIComponent(email ?? '')}`, { signal }),
    enabled: Boolean(email),
  });
}
