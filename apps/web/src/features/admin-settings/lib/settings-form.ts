import type { ShopSettingsUpdate, ShopSettingsWire } from '@shop/shared/contract/settings';

/**
 * The shop settings form: the fields as typed, checked as the server checks them (contract/settings.ts),
 * and the PUT body with only what changed (a PUT sends only the fields it changes).
 */
export interface SettingsDraft {
  lateAfterMinutes: string;
  autoRejectAfterMinutes: string;
  autoAccept: boolean;
}

export const LATE_RANGE = { min: 1, max: 60 } as const;
export const AUTO_REJECT_RANGE = { min: 0, max: 120 } as const;

export type SettingsErrors = Partial<Record<'lateAfterMinutes' | 'autoRejectAfterMinutes', string>>;

/** The settings this section edits (the kitchen's and the shop's have sections of their own). */
export type TimerSettings = Pick<ShopSettingsWire, 'lateAfterMinutes' | 'autoRejectAfterMinutes' | 'autoAccept'>;

export function draftOf(settings: TimerSettings): SettingsDraft {
  return {
    lateAfterMinutes: String(settings.lateAfterMinutes),
    autoRejectAfterMinutes: String(settings.autoRejectAfterMinutes),
    autoAccept: settings.autoAccept,
  };
}

function wholeMinutes(text: string, { min, max }: { min: number; max: number }): number | string {
  const trimmed = text.trim();
  const message = `Enter a whole number of minutes from ${min} to ${max}`;
  if (!/^\d{1,4}$/.test(trimmed)) return message;
  const value = Number(trimmed);
  return value < min || value > max ? message : value;
}

/** The settings a draft asks for, or the message under each field that is not right. */
export function readDraft(draft: SettingsDraft): { settings: TimerSettings; errors: null } | { settings: null; errors: SettingsErrors } {
  const late = wholeMinutes(draft.lateAfterMinutes, LATE_RANGE);
  const reject = wholeMinutes(draft.autoRejectAfterMinutes, AUTO_REJECT_RANGE);
  const errors: SettingsErrors = {};
  if (typeof late === 'string') errors.lateAfterMinutes = late;
  if (typeof reject === 'string') errors.autoRejectAfterMinutes = reject;
  if (typeof late === 'string' || typeof reject === 'string') return { settings: null, errors };
  return { settings: { lateAfterMinutes: late, autoRejectAfterMinutes: reject, autoAccept: draft.autoAccept }, errors: null };
}

/** Only the fields that differ from what the shop has; null when nothing does. */
export function changedSettings(saved: TimerSettings, wanted: TimerSettings): ShopSettingsUpdate | null {
  const change: ShopSettingsUpdate = {};
  if (wanted.lateAfterMinutes !== saved.lateAfterMinutes) change.lateAfterMinutes = wanted.lateAfterMinutes;
  if (wanted.autoRejectAfterMinutes !== saved.autoRejectAfterMinutes) change.autoRejectAfterMinutes = wanted.autoRejectAfterMinutes;
  if (wanted.autoAccept !== saved.autoAccept) change.autoAccept = wanted.autoAccept;
  return Object.keys(change).length === 0 ? null : change;
}

/** A word of warning when the timers work against each other: an order is rejected before it is ever marked late. */
export function timersWarning(settings: Pick<ShopSettingsWire, 'lateAfterMinutes' | 'autoRejectAfterMinutes'>): string | null {
  if (settings.autoRejectAfterMinutes > 0 && settings.autoRejectAfterMinutes <= settings.lateAfterMinutes) {
    return 'Orders will be rejected before they are marked late: the rejection time is not after the late time.';
  }
  return null;
}
