import type { ShopSettingsUpdate, ShopSettingsWire } from '@shop/shared/contract/settings';
import { poundsToPence } from '@shop/shared/domain/money';

/** The drivers' pay per drop (decision 1701): pounds, to the penny, up to £100. */
export const MAX_PAY_PER_DROP = 100;
/** The watchdog's minutes (decision 1700), as the server takes them. */
export const MAX_WARN_MINUTES = 240;

const FIELDS = ['payPerDrop', 'unassignedWarnMinutes', 'lateDeliveryWarnMinutes'] as const;
type Field = (typeof FIELDS)[number];
export type DriversDraft = Record<Field, string>;
export type DriversSettings = Pick<ShopSettingsWire, Field>;

export function driversDraftOf(saved: ShopSettingsWire): DriversDraft {
  return {
    payPerDrop: saved.payPerDrop.toFixed(2),
    unassignedWarnMinutes: String(saved.unassignedWarnMinutes),
    lateDeliveryWarnMinutes: String(saved.lateDeliveryWarnMinutes),
  };
}

function wholeMinutes(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= MAX_WARN_MINUTES ? value : null;
}

export function readDriversDraft(
  draft: DriversDraft,
): { settings: DriversSettings; errors: null } | { settings: null; errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {};
  const pence = poundsToPence(draft.payPerDrop.replace(/^\s*£/, ''));
  if (pence === null || pence > MAX_PAY_PER_DROP * 100)
    errors.payPerDrop = `Enter an amount in pounds from 0 to ${MAX_PAY_PER_DROP}, such as 1.50`;
  const unassigned = wholeMinutes(draft.unassignedWarnMinutes);
  const late = wholeMinutes(draft.lateDeliveryWarnMinutes);
  const minutesError = `Enter whole minutes from 0 (no warning) to ${MAX_WARN_MINUTES}`;
  if (unassigned === null) errors.unassignedWarnMinutes = minutesError;
  if (late === null) errors.lateDeliveryWarnMinutes = minutesError;
  if (pence === null || unassigned === null || late === null || Object.keys(errors).length > 0) return { settings: null, errors };
  return { settings: { payPerDrop: pence / 100, unassignedWarnMinutes: unassigned, lateDeliveryWarnMinutes: late }, errors: null };
}

export function changedDrivers(saved: ShopSettingsWire, wanted: DriversSettings): ShopSettingsUpdate | null {
  const change: ShopSettingsUpdate = {};
  for (const field of FIELDS) if (wanted[field] !== saved[field]) change[field] = wanted[field];
  return Object.keys(change).length === 0 ? null : change;
}
