import type { ShopSettingsUpdate, ShopSettingsWire } from '@shop/shared/contract/settings';
import { poundsToPence } from '@shop/shared/domain/money';

/** The drivers' pay per drop (decision 1701): pounds, to the penny, up to £100. */
export const MAX_PAY_PER_DROP = 100;
export type DriversPayDraft = { payPerDrop: string };
export type DriversPaySettings = Pick<ShopSettingsWire, 'payPerDrop'>;

export function driversPayDraftOf(saved: ShopSettingsWire): DriversPayDraft {
  return { payPerDrop: saved.payPerDrop.toFixed(2) };
}

export function readDriversPayDraft(
  draft: DriversPayDraft,
): { settings: DriversPaySettings; errors: null } | { settings: null; errors: { payPerDrop: string } } {
  const pence = poundsToPence(draft.payPerDrop.replace(/^\s*£/, ''));
  if (pence === null || pence > MAX_PAY_PER_DROP * 100) {
    return { settings: null, errors: { payPerDrop: `Enter an amount in pounds from 0 to ${MAX_PAY_PER_DROP}, such as 1.50` } };
  }
  return { settings: { payPerDrop: pence / 100 }, errors: null };
}

export function changedDriversPay(saved: ShopSettingsWire, wanted: DriversPaySettings): ShopSettingsUpdate | null {
  return wanted.payPerDrop === saved.payPerDrop ? null : { payPerDrop: wanted.payPerDrop };
}
