import type { ShopSettingsUpdate, ShopSettingsWire } from '@shop/shared/contract/settings';
import { openingHoursSchema } from '@shop/shared/contract/opening-hours';
import { poundsToPence } from '@shop/shared/domain/money';
import type { OpeningHours, SpecialDay, WeeklySession } from '@shop/shared/domain/opening-hours';

/**
 * The Opening hours screen's drafts (decision 1400): the weekly sessions, the special days and the cut-off as the
 * owner edits them, checked with the contract's own schema (the server's messages, before anything is sent), and the
 * two minimums.
 */
export type FulfilmentChoice = 'both' | 'delivery' | 'collection';
export type SessionDraft = { key: string; day: number; opens: string; closes: string; fulfilment: FulfilmentChoice };
export type SpecialDraft = { key: string; date: string; kind: 'closed' | 'hours'; opens: string; closes: string };
export type HoursDraft = { sessions: SessionDraft[]; specialDays: SpecialDraft[]; cutoff: string };
/** Messages by a session's or special day's key, or 'cutoff', or 'form' for the rest. */
export type HoursErrors = Record<string, string>;

let nextKey = 0;
/** A key for a new row, stable while it is edited. */
export function rowKey(): string {
  nextKey += 1;
  return `row-${nextKey}`;
}

/** Monday first, as a week reads in the UK; `day` is the contract's (0 = Sunday). */
export const WEEK: readonly { day: number; name: string }[] = [
  { day: 1, name: 'Monday' },
  { day: 2, name: 'Tuesday' },
  { day: 3, name: 'Wednesday' },
  { day: 4, name: 'Thursday' },
  { day: 5, name: 'Friday' },
  { day: 6, name: 'Saturday' },
  { day: 0, name: 'Sunday' },
];

export function hoursDraftOf(hours: OpeningHours): HoursDraft {
  return {
    sessions: hours.weekly.map((session) => ({
      key: rowKey(),
      day: session.day,
      opens: session.opens,
      closes: session.closes,
      fulfilment: session.fulfilment ?? 'both',
    })),
    specialDays: hours.specialDays.map((special) => ({
      key: rowKey(),
      date: special.date,
      kind: 'closed' in special ? 'closed' : 'hours',
      opens: 'closed' in special ? '12:00' : special.opens,
      closes: 'closed' in special ? '23:00' : special.closes,
    })),
    cutoff: String(hours.cutoffMinutes),
  };
}

/** A new session for a day: the day's last session's close to 23:00, or 12:00-23:00 on an empty day. */
export function newSession(draft: HoursDraft, day: number): SessionDraft {
  const last = draft.sessions.filter((session) => session.day === day).at(-1);
  return { key: rowKey(), day, opens: last ? last.closes : '12:00', closes: '23:00', fulfilment: 'both' };
}

/** The value the draft asks for, as the PUT sends it (a cut-off that is not a number is sent as such and refused). */
export function hoursOfDraft(draft: HoursDraft): OpeningHours {
  const weekly: WeeklySession[] = draft.sessions.map((session) => ({
    day: session.day,
    opens: session.opens,
    closes: session.closes,
    ...(session.fulfilment === 'both' ? {} : { fulfilment: session.fulfilment }),
  }));
  const specialDays: SpecialDay[] = draft.specialDays.map((special) =>
    special.kind === 'closed' ? { date: special.date, closed: true } : { date: special.date, opens: special.opens, closes: special.closes },
  );
  const text = draft.cutoff.trim();
  return { weekly, specialDays, cutoffMinutes: /^\d{1,4}$/.test(text) ? Number(text) : NaN };
}

/** The hours to send, or each refusal under its row: the contract's schema, as the server will check them. */
export function readHoursDraft(draft: HoursDraft): { hours: OpeningHours; errors: null } | { hours: null; errors: HoursErrors } {
  const hours = hoursOfDraft(draft);
  const result = openingHoursSchema.safeParse(hours);
  if (result.success) return { hours: result.data, errors: null };
  const errors: HoursErrors = {};
  for (const issue of result.error.issues) {
    const [list, index] = issue.path;
    const key =
      list === 'weekly' && typeof index === 'number'
        ? draft.sessions[index]?.key
        : list === 'specialDays' && typeof index === 'number'
          ? draft.specialDays[index]?.key
          : list === 'cutoffMinutes'
            ? 'cutoff'
            : 'form';
    const at = key ?? 'form';
    errors[at] ??= issue.message;
  }
  return { hours: null, errors };
}

/** The minimums as the owner types them: pounds. */
export type MinimumDraft = { delivery: string; collection: string };
export type MinimumField = 'delivery' | 'collection';
export const MINIMUM_FIELDS: readonly MinimumField[] = ['delivery', 'collection'];
const MAX_MINIMUM_POUNDS = 1000;

export function minimumDraftOf(saved: ShopSettingsWire): MinimumDraft {
  return { delivery: saved.minimumOrder.delivery.toFixed(2), collection: saved.minimumOrder.collection.toFixed(2) };
}

/** The minimums in pounds, or the message under each that is not an amount. */
export function readMinimumDraft(
  draft: MinimumDraft,
):
  { settings: { delivery: number; collection: number }; errors: null } | { settings: null; errors: Partial<Record<MinimumField, string>> } {
  const errors: Partial<Record<MinimumField, string>> = {};
  const values = { delivery: 0, collection: 0 };
  for (const field of MINIMUM_FIELDS) {
    const pence = poundsToPence(draft[field].trim() === '' ? '0' : draft[field]);
    if (pence === null || pence > MAX_MINIMUM_POUNDS * 100)
      errors[field] = `Enter an amount in pounds from 0 to ${MAX_MINIMUM_POUNDS}, such as 10.00`;
    else values[field] = pence / 100;
  }
  if (Object.keys(errors).length > 0) return { settings: null, errors };
  return { settings: values, errors: null };
}

/** The change to send (pounds on the wire), or null when both are as saved. */
export function changedMinimums(saved: ShopSettingsWire, wanted: { delivery: number; collection: number }): ShopSettingsUpdate | null {
  if (wanted.delivery === saved.minimumOrder.delivery && wanted.collection === saved.minimumOrder.collection) return null;
  // The update's type is the parsed body (pence); the wire takes pounds, which the server turns into pence.
  return { minimumOrder: wanted };
}
