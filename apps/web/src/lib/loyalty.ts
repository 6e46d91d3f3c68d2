import { useQuery } from '@tanstack/react-query';
import type { LoyaltyAnswer } from '@shop/shared/contract/loyalty';
import { api } from './api';

export const loyaltyQueryKey = ['loyalty'] as const;

/**
 * The signed-in customer's stamp card (`GET /api/loyalty`), which the profile and checkout show; asked only for an
 * account (`signedIn`), read fresh each time a page shows it (an order delivered since moves it).
 */
export function useLoyalty(signedIn: boolean) {
  return useQuery({
    queryKey: loyaltyQueryKey,
    queryFn: ({ signal }) => api.get<LoyaltyAnswer>('/loyalty', { signal }),
    enabled: signedIn,
    staleTime: 0,
  });
}
