import type { ShopSettingsUpdate, ShopSettingsWire } from '@shop/shared/contract/settings';

/**
 * The tracker and the order updates on the settings screen (decision 1702): the map's tiles and their attribution,
 * and the two channels, checked as the server checks them (contract/settings.ts).
 */
export interface TrackerDraft {
  mapTileUrl: string;
  mapAttribution: string;
  pushUpdates: boolean;
  smsUpdates: boolean;
}
export type TrackerField = 'mapTileUrl' | 'mapAttribution';
export type TrackerErrors = Partial<Record<TrackerField, string>>;
export const TRACKER_FIELDS: readonly TrackerField[] = ['mapTileUrl', 'mapAttribution'];

type TrackerSettings = Pick<ShopSettingsWire, 'mapTileUrl' | 'mapAttribution' | 'pushUpdates' | 'smsUpdates'>;

export function trackerDraftOf(saved: TrackerSettings): TrackerDraft {
  return {
    mapTileUrl: saved.mapTileUrl ?? '',
    mapAttribution: saved.mapAttribution ?? '',
    pushUpdates: saved.pushUpdates,
    smsUpdates: saved.smsUpdates,
  };
}

export const TILE_URL_HELP = 'An https address with {z}, {x} and {y}, from a tile provider whose terms allow it; empty: no map.';

/** The settings a draft asks for, or the message under each field that is not right. */
export function readTrackerDraft(
  draft: TrackerDraft,
): { settings: TrackerSettings; errors: null } | { settings: null; errors: TrackerErrors } {
  const errors: TrackerErrors = {};
  const url = draft.mapTileUrl.trim();
  const attribution = draft.mapAttribution.trim();
  if (url !== '') {
    let valid = url.startsWith('https://') && ['{z}', '{x}', '{y}'].every((part) => url.includes(part)) && url.length <= 500;
    try {
      valid = valid && new URL(url.replace(/\{[a-z]+\}/g, '0')).protocol === 'https:';
    } catch {
      valid = false;
    }
    if (!valid) errors.mapTileUrl = TILE_URL_HELP;
    if (attribution === '') errors.mapAttribution = 'Say whose map it is, as the tile provider asks (© OpenStreetMap contributors)';
  }
  if (attribution.length > 300) errors.mapAttribution = 'At most 300 characters';
  if (Object.keys(errors).length > 0) return { settings: null, errors };
  return {
    settings: {
      mapTileUrl: url === '' ? null : url,
      mapAttribution: attribution === '' ? null : attribution,
      pushUpdates: draft.pushUpdates,
      smsUpdates: draft.smsUpdates,
    },
    errors: null,
  };
}

/** Only the fields that differ from what the shop has; null when nothing does. */
export function changedTrackerSettings(saved: TrackerSettings, wanted: TrackerSettings): ShopSettingsUpdate | null {
  const keys = ['mapTileUrl', 'mapAttribution', 'pushUpdates', 'smsUpdates'] as const;
  const change = Object.fromEntries(keys.filter((key) => saved[key] !== wanted[key]).map((key) => [key, wanted[key]]));
  return Object.keys(change).length === 0 ? null : (change as ShopSettingsUpdate);
}
