/**
 * The shop's clock is Europe/London: opening hours, order date and time strings and the dashboard's
 * periods all follow the wall clock there, through GMT and BST alike. The instant always comes in as an
 * argument; this file only converts between instants and London wall-clock parts.
 */

export const SHOP_TIME_ZONE = 'Europe/London';

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  weekday: 'short',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export type LocalDate = { year: number; month: number; day: number };
export type LocalParts = LocalDate & {
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
};

function assertValid(instant: Date): void {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid date');
}

/** The London wall-clock reading of an instant. */
export function londonParts(instant: Date): LocalParts {
  assertValid(instant);
  const found: Record<string, string> = {};
  for (const part of PARTS.formatToParts(instant)) found[part.type] = part.value;
  return {
    year: Number(found.year),
    month: Number(found.month),
    day: Number(found.day),
    weekday: WEEKDAYS.indexOf(found.weekday ?? ''),
    hour: Number(found.hour),
    minute: Number(found.minute),
    second: Number(found.second),
  };
}

/** A calendar date moved by whole days (month and year ends handled by UTC arithmetic). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

function offsetAt(instant: number): number {
  const p = londonParts(new Date(instant));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant when London's wall clock reads the given date and time. Used for midnights and opening
 * times, none of which fall in the hour that BST skips or repeats (01:00-02:00 on a Sunday).
 */
export function londonInstant(date: LocalDate, hour = 0, minute = 0): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const first = wall - offsetAt(wall);
  const second = wall - offsetAt(first);
  return new Date(second);
}

export function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** 'HH:MM' from minutes after midnight (wrapping past midnight: 1485 → '00:45'). */
export function clockText(minutes: number): string {
  const wrapped = ((minutes % 1440) + 1440) % 1440;
  return `${twoDigits(Math.floor(wrapped / 60))}:${twoDigits(wrapped % 60)}`;
}
