import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryZonesAnswer, DeliveryZoneWire } from '@shop/shared/contract/delivery';
import type { ShopSettingsWire } from '@shop/shared/contract/settings';
import { api } from '../../../lib/api';
import { putShopSettings, SHOP_SETTINGS_KEY } from '../../../lib/shop-settings';

/** `GET /api/delivery-zones` (admins): the shop's post code and its zones (decision 1001). */
export const DELIVERY_ZONES_KEY = ['delivery-zones'] as const;

export const deliveryZonesQuery = queryOptions({
  queryKey: DELIVERY_ZONES_KEY,
  queryFn: ({ signal }) => api.get<DeliveryZonesAnswer>('/delivery-zones', { signal }),
});

export function useDeliveryZones() {
  return useQuery(deliveryZonesQuery);
}

/** A zone as the form sends it: pounds. */
export interface ZoneBody {
  code: string;
  fee: number;
  minimumOrder: number;
}

function useZonesRefetch() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: DELIVERY_ZONES_KEY });
}

export function useAddZone() {
  const refetch = useZonesRefetch();
  return useMutation({
    mutationFn: (body: ZoneBody) => api.post<DeliveryZoneWire>('/delivery-zones', body),
    onSuccess: refetch,
  });
}

export function useEditZone() {
  const refetch = useZonesRefetch();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ZoneBody }) =>
      api.put<DeliveryZoneWire>(`/delivery-zones/${encodeURIComponent(id)}`, body),
    onSuccess: refetch,
  });
}

export function useRemoveZone() {
  const refetch = useZonesRefetch();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ deletedCount: number }>(`/delivery-zones/${encodeURIComponent(id)}`),
    onSuccess: refetch,
  });
}

/** Sets the shop's post code (the settings' PUT, decision 1002); the zones are asked again (the home zone appears). */
export function useSetShopPostcode() {
  const client = useQueryClient();
  const refetch = useZonesRefetch();
  return useMutation({
    mutationFn: (shopPostcode: string) => putShopSettings({ shopPostcode }),
    onSuccess: async (saved: ShopSettingsWire) => {
      client.setQueryData(SHOP_SETTINGS_KEY, saved);
      await refetch();
    },
  });
}
