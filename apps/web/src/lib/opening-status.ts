import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderingStatus } from '@shop/shared/domain/opening-hours';
import { api } from './api';

/**
 * Whether the shop takes orders now, by the shop's clock (the server's: SHOP_TIME may set it), asked again every
 * minute. The menu and the cart show it; checkout refuses to send an order while it says no.
 */
export const openingStatusQuery = queryOptions({
  queryKey: ['opening-status'],
  queryFn: ({ signal }) => api.get<OrderingStatus>('/opening-status', { signal }),
  refetchInterval: 60_000,
});

export function useOpeningStatus() {
  return useQuery(openingStatusQuery);
}
