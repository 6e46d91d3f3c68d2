import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpeningHours } from '@shop/shared/domain/opening-hours';
import { api } from './api';

/**
 * `GET /api/opening-hours`: the hours the owner set (decision 1400), for the store information at checkout and the
 * back office's Opening hours screen. Asked again when a `shop_status` event says the shop changed (LiveOpeningStatus).
 */
export const openingHoursQueryKey = ['opening-hours'] as const;

export const openingHoursQuery = queryOptions({
  queryKey: openingHoursQueryKey,
  queryFn: ({ signal }) => api.get<OpeningHours>('/opening-hours', { signal }),
});

export function useOpeningHours() {
  return useQuery(openingHoursQuery);
}
