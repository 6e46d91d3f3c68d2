import { useQuery } from '@tanstack/react-query';
import type { TrackAnswer, TrackPaymentAnswer } from '@shop/shared/contract/staff-orders';
import { api, ApiError } from '../../../lib/api';

export const trackQueryKey = (token: string) => ['track', token] as const;

/** Whether the server says no order has this link (404, or a token not shaped like one: 400). */
export function isUnknownLink(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** `GET /api/track/{token}`: the order behind a tracking link, for whoever holds it. */
export function useTrackedOrder(token: string) {
  return useQuery({
    queryKey: trackQueryKey(token),
    queryFn: ({ signal }) => api.get<TrackAnswer>(`/track/${encodeURIComponent(token)}`, { signal }),
    // An unknown link stays unknown: no retries, the page says so at once.
    retry: (count, error) => !isUnknownLink(error) && count < 2,
  });
}

/** `GET /api/track/{token}/payment`: opens (or reopens) the card payment of an order waiting for it. */
export function openTrackPayment(token: string): Promise<TrackPaymentAnswer> {
  return api.get<TrackPaymentAnswer>(`/track/${encodeURIComponent(token)}/payment`);
}
