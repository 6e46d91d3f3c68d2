import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryCheckAnswer } from '@shop/shared/contract/delivery';
import { api } from './api';

/**
 * `GET /api/delivery-check?postcode=` (anyone; decision 1001): whether the shop delivers to a post
 * code, at what fee and from what minimum, with the words to show when it does not. Checkout's fee line and the address
 * form's warning ask it; answers are kept a minute (the zones rarely change).
 */
export const deliveryCheckQuery = (postcode: string | null) =>
  queryOptions({
    queryKey: ['delivery-check', postcode] as const,
    queryFn: ({ signal }) => api.get<DeliveryCheckAnswer>(`/delivery-check?postcode=${encodeURIComponent(postcode ?? '')}`, { signal }),
    enabled: Boolean(postcode),
    staleTime: 60_000,
  });

/** The check of a post code; nothing is asked while it is null. */
export function useDeliveryCheck(postcode: string | null) {
  return useQuery(deliveryCheckQuery(postcode));
}

/** Pounds plus pounds, counted in pence (0.1 + 0.2 is 0.3). */
export function addPounds(a: number, b: number): number {
  return (Math.round(a * 100) + Math.round(b * 100)) / 100;
}
