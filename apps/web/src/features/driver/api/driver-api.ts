import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveredBody, DriverLocationBody, DriverRunsAnswer } from '@shop/shared/contract/dispatch';
import { useOrderChanged } from '../../../lib/admin-order-events';
import { api } from '../../../lib/api';
import { RUNS_CHANGED } from '@shop/shared/contract/socket-names';
import { useRealtimeConnected, useRealtimeNudge } from '../../../lib/realtime';

export const DRIVER_RUNS_KEY = ['driver-runs'] as const;

/** The driver's runs are asked again this often too, in case a nudge was missed. */
export const DRIVER_REFRESH_MS = 30_000;

/** `GET /api/driver/runs` (ownDeliveries): the signed-in driver's runs today, open ones first. */
export const driverRunsQuery = queryOptions({
  queryKey: DRIVER_RUNS_KEY,
  queryFn: ({ signal }) => api.get<DriverRunsAnswer>('/driver/runs', { signal }),
  staleTime: 0,
  refetchInterval: DRIVER_REFRESH_MS,
});

/** The driver's runs, asked again when the server says they changed (a stop assigned, moved, canceled) and after a reconnect. */
export function useDriverRuns() {
  const client = useQueryClient();
  const refetch = () => void client.invalidateQueries({ queryKey: DRIVER_RUNS_KEY });
  useRealtimeNudge(RUNS_CHANGED, refetch);
  useOrderChanged(refetch);
  useRealtimeConnected((reconnected) => {
    if (reconnected) refetch();
  });
  return useQuery(driverRunsQuery);
}

/** `POST /api/driver/orders/{id}/picked-up`: the order goes on the way; its run starts with its first. */
export function usePickedUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api.post<unknown>(`/driver/orders/${encodeURIComponent(orderId)}/picked-up`),
    onSettled: () => client.invalidateQueries({ queryKey: DRIVER_RUNS_KEY }),
  });
}

/** `POST /api/driver/orders/{id}/delivered {cashCollected?}`: handed over, with the cash taken for a cash order. */
export function useDelivered() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: DeliveredBody }) =>
      api.post<unknown>(`/driver/orders/${encodeURIComponent(orderId)}/delivered`, body),
    onSettled: () => client.invalidateQueries({ queryKey: DRIVER_RUNS_KEY }),
  });
}

/** `POST /api/driver/location {lat, lng, accuracy}`: `shown` says whether customers see this fix. */
export function sendLocation(body: DriverLocationBody): Promise<{ shown: boolean }> {
  return api.post<{ shown: boolean }>('/driver/location', body);
}

/**
 * `POST /api/driver/orders/{id}/photo`: the photo of the delivery at the door, sent as the phone took it (multipart
 * `myfiles`); the server keeps it private and the shop sees it on the order.
 */
export function useDeliveryPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, file }: { orderId: string; file: File }) => {
      const form = new FormData();
      form.append('myfiles', file);
      return api.post<{ photoImageId: string }>(`/driver/orders/${encodeURIComponent(orderId)}/photo`, form);
    },
    onSettled: () => client.invalidateQueries({ queryKey: DRIVER_RUNS_KEY }),
  });
}
