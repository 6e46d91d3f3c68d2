import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TippingPolicyAnswer } from '@shop/shared/contract/tips';
import { api } from './api';

/**
 * The shop's written tipping policy (`GET /api/tipping-policy`, decision 1602): the storefront's page shows it and
 * the owner edits it in the settings screen, which sets this query's answer when it saves.
 */
export const TIPPING_POLICY_KEY = ['tipping-policy'] as const;

export const tippingPolicyQuery = queryOptions({
  queryKey: TIPPING_POLICY_KEY,
  queryFn: ({ signal }) => api.get<TippingPolicyAnswer>('/tipping-policy', { signal }),
  staleTime: 30 * 60_000,
});

export function useTippingPolicy() {
  return useQuery(tippingPolicyQuery);
}
