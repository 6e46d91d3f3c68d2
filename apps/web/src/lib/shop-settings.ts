import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import type { ShopSettingsUpdate, ShopSettingsWire } from '@shop/shared/contract/settings';
import {
  DEFAULT_ORDER_TIMER_SETTINGS,
  DEFAULT_READY_MINUTES,
  MAX_READY_MINUTES,
  MIN_READY_MINUTES,
  type OrderTimerSettings,
} from '@shop/shared/domain/order-promise';
import { api } from './api';
import { useOpeningStatus } from './opening-status';
import { useCan } from './use-session';

/**
 * The shop's settings (`GET`/`PUT /api/shop-settings`, admins; decision 0800), read by the new-order popup and the
 * order lists (when a waiting order is late) and edited on the settings screen.
 */
export const SHOP_SETTINGS_KEY = ['shop-settings'] as const;

export const shopSettingsQuery = queryOptions({
  queryKey: SHOP_SETTINGS_KEY,
  queryFn: ({ signal }) => api.get<ShopSettingsWire>('/shop-settings', { signal }),
  // Another admin may change them: asked again now and then, and whenever a screen comes back into view.
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
});

/** Read by the roles that run the board (the server refuses the others): the rest use the defaults. */
export function useShopSettings() {
  return useQuery({ ...shopSettingsQuery, enabled: useCan('board') });
}

/** The order timers in force: the shop's, or the defaults until they are read (or if they cannot be). */
export function useOrderTimerSettings(): OrderTimerSettings {
  const { data } = useShopSettings();
  return data ?? DEFAULT_ORDER_TIMER_SETTINGS;
}

/** `PUT /api/shop-settings` with the fields that changed; answers the settings as saved. */
export function putShopSettings(change: ShopSettingsUpdate): Promise<ShopSettingsWire> {
  return api.put<ShopSettingsWire>('/shop-settings', change);
}

/**
 * The minutes the Accept dialog offers first, in one place: the shop's current quote (`quoteMinutes` of
 * GET /api/opening-status: the queue, busy mode and capacity), within what an admin may promise (5 to 240
 * minutes, as the server's default is); DEFAULT_READY_MINUTES until it is known.
 */
export function useReadyQuote(fulfilment: Fulfilment = 'delivery'): number {
  // A collection order's default is collection's quote (decision 1003).
  const status = useOpeningStatus().data;
  const quote = fulfilment === 'collection' ? status?.collectionQuoteMinutes : status?.quoteMinutes;
  if (typeof quote !== 'number') return DEFAULT_READY_MINUTES;
  return Math.min(MAX_READY_MINUTES, Math.max(MIN_READY_MINUTES, quote));
}
