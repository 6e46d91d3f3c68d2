import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpeningStatus } from '@shop/shared/domain/kitchen';
import { api } from './api';

/**
 * Whether the shop takes orders now, by the shop's clock (the server's: SHOP_TIME may set it), and the kitchen's
 * state (decision 0901): the quote, busy mode, a pause. Asked again every minute (the quote moves with every accepted
 * order, which sends no event), set at once by the `shop_status` event (LiveOpeningStatus) and asked again when busy
 * mode or a pause ends by itself. The menu and the cart show it; checkout refuses to send an order while it says no.
 */
export const openingStatusQueryKey = ['opening-status'] as const;

/** Its path under /api. */
export const OPENING_STATUS_PATH = '/opening-status';

export const openingStatusQuery = queryOptions({
  queryKey: openingStatusQueryKey,
  queryFn: ({ signal }) => api.get<OpeningStatus>(OPENING_STATUS_PATH, { signal }),
  refetchInterval: 60_000,
});

export function useOpeningStatus() {
  return useQuery(openingStatusQuery);
}

/** 'Delivery in about 45 min': the shop's quote as the storefront shows it; null when the answer has none. */
export function quoteLine(status: Pick<OpeningStatus, 'quoteMinutes'> | undefined): string | null {
  if (!status || typeof status.quoteMinutes !== 'number') return null;
  return `Delivery in about ${status.quoteMinutes} min`;
}

/** Whether ordering is paused (the server's words are in `message`: 'We are not taking orders right now. Back at 19:30.'). */
export function isPausedStatus(status: Pick<OpeningStatus, 'closedReason'> | undefined): boolean {
  return status?.closedReason === 'paused';
}

/**
 * The next instant the status changes by itself with nothing sent (busy mode's `until`, the pause's end), in ms,
 * or null: the storefront and the back office ask again then.
 */
export function nextStatusChange(status: Pick<OpeningStatus, 'busy' | 'pausedUntil'> | undefined, now: number): number | null {
  if (!status) return null;
  const instants = [status.busy?.until ?? null, status.pausedUntil ?? null]
    .filter((at): at is string => typeof at === 'string')
    .map((at) => Date.parse(at))
    .filter((at) => Number.isFinite(at) && at > now);
  return instants.length === 0 ? null : Math.min(...instants);
}
