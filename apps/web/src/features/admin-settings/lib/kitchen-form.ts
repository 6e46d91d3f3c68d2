import type { ShopSettingsUpdate, ShopSettingsWire } from '@shop/shared/contract/settings';

/**
 * The kitchen's settings on the settings screen (decision 0901): the usual time, the queue allowance, the
 * minutes per extra order, the cap per 15-minute slot, how long before its slot an order placed ahead prints its
 * ticket, and whether the end of the trading day closes what was left open; checked as the server checks them
 * (contract/settings.ts).
 */
export type KitchenSettingsWire = Pick<
  ShopSettingsWire,
  'usualMinutes' | 'queueAllowance' | 'minutesPerExtraOrder' | 'slotCapacity' | 'ticketLeadMinutes' | 'autoCloseDay'
>;
export type KitchenField = keyof KitchenSettingsWire;
/** The fields typed as whole numbers; autoCloseDay is a switch ('true' or 'false' in the draft). */
export type KitchenNumberField = Exclude<KitchenField, 'autoCloseDay'>;
export type KitchenDraft = Record<KitchenField, string>;
export type KitchenErrors = Partial<Record<KitchenField, string>>;

export const KITCHEN_NUMBER_FIELDS: readonly KitchenNumberField[] = [
  'usualMinutes',
  'queueAllowance',
  'minutesPerExtraOrder',
  'slotCapacity',
  'ticketLeadMinutes',
];
export const KITCHEN_FIELDS: readonly KitchenField[] = [...KITCHEN_NUMBER_FIELDS, 'autoCloseDay'];

/** Each field's range and unit, as the server allows it. */
export const KITCHEN_RANGES: Record<KitchenNumberField, { min: number; max: number; unit: 'minutes' | 'orders' }> = {
  usualMinutes: { min: 5, max: 240, unit: 'minutes' },
  queueAllowance: { min: 0, max: 100, unit: 'orders' },
  minutesPerExtraOrder: { min: 0, max: 60, unit: 'minutes' },
  slotCapacity: { min: 0, max: 200, unit: 'orders' },
  ticketLeadMinutes: { min: 0, max: 240, unit: 'minutes' },
};

export function kitchenDraftOf(settings: KitchenSettingsWire): KitchenDraft {
  return {
    usualMinutes: String(settings.usualMinutes),
    queueAllowance: String(settings.queueAllowance),
    minutesPerExtraOrder: String(settings.minutesPerExtraOrder),
    slotCapacity: String(settings.slotCapacity),
    ticketLeadMinutes: String(settings.ticketLeadMinutes),
    autoCloseDay: String(settings.autoCloseDay),
  };
}

/** 'Enter a whole number of minutes from 5 to 240', 'Enter a whole number of orders from 0 to 100'. */
export function kitchenFieldMessage(field: KitchenNumberField): string {
  const { min, max, unit } = KITCHEN_RANGES[field];
  return `Enter a whole number of ${unit} from ${min} to ${max}`;
}

/** The settings a draft asks for, or the message under each field that is not right. */
export function readKitchenDraft(
  draft: KitchenDraft,
): { settings: KitchenSettingsWire; errors: null } | { settings: null; errors: KitchenErrors } {
  const errors: KitchenErrors = {};
  const values: Partial<KitchenSettingsWire> = { autoCloseDay: draft.autoCloseDay === 'true' };
  for (const field of KITCHEN_NUMBER_FIELDS) {
    const text = draft[field].trim();
    const { min, max } = KITCHEN_RANGES[field];
    const value = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (Number.isNaN(value) || value < min || value > max) errors[field] = kitchenFieldMessage(field);
    else values[field] = value;
  }
  if (Object.keys(errors).length > 0) return { settings: null, errors };
  return { settings: values as KitchenSettingsWire, errors: null };
}

/** Only the fields that differ from what the shop has; null when nothing does. */
export function changedKitchenSettings(saved: KitchenSettingsWire, wanted: KitchenSettingsWire): ShopSettingsUpdate | null {
  const change: ShopSettingsUpdate = {};
  for (const field of KITCHEN_NUMBER_FIELDS) if (wanted[field] !== saved[field]) change[field] = wanted[field];
  if (wanted.autoCloseDay !== saved.autoCloseDay) change.autoCloseDay = wanted.autoCloseDay;
  return Object.keys(change).length === 0 ? null : change;
}
