import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_RECEIVED } from '@shop/shared/contract/realtime';
import { ADMIN_SUMMARY_PATH, type AdminSummaryWire } from '@shop/shared/contract/summary';
import { ADMIN_SUMMARY_KEY } from '../../../lib/admin-orders';
import { api } from '../../../lib/api';
import { useRealtimeConnected, useRealtimeEvent } from '../../../lib/realtime';

export const adminSummaryQuery = queryOptions({
  queryKey: ADMIN_SUMMARY_KEY,
  queryFn: ({ signal }) => api.get<AdminSummaryWire>(ADMIN_SUMMARY_PATH, { signal }),
  staleTime: 0,
  // A dashboard left open rolls over at midnight, and counts changes made in another tab.
  refetchInterval: 60_000,
});

export const useAdminSummary = () => useQuery(adminSummaryQuery);

/**
 * Keeps the figures live: fetched again when an order arrives, after a reconnect (events may have been missed),
 * and after any change made in this tab (the new-order popup's Approve or Cancel, a product added), since any of
 * them can move a count.
 */
export function useLiveSummary(): void {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: ADMIN_SUMMARY_KEY });
  useRealtimeEvent(ORDER_RECEIVED, refresh);
  useRealtimeConnected((reconnected) => {
    if (reconnected) refresh();
  });
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') void client.invalidateQueries({ queryKey: ADMIN_SUMMARY_KEY });
      }),
    [client],
  );
}
