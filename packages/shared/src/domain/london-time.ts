/**
 * The shop's clock is Europe/London: opening hours, order date and time strings and the dashboard's
 * periods all follow the wall clock there, through GMT and BST alike. The instant always comes in as an
 * argument; this file only converts between instants and London wall-clock parts.
 */

export const SHOP_TIME_ZONE = 'Europe/London';

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

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

const HOUR_MS = 3_600_000;
/** London's offset from UTC by UTC hour (see londonOffsetMs); cleared when full, so it never grows without bound. */
const offsetByUtcHour = new Map<number, number>();
const OFFSET_CACHE_HOURS = 4096;

/**
 * London's offset from UTC, in ms, at an instant. Read from the time-zone database once per UTC hour and kept:
 * every change of London's clocks falls on a whole UTC hour (01:00 UTC since 1996, 02:00 UTC before), so the offset
 * is the same throughout one. `Intl.DateTimeFormat.formatToParts` is slow (a few microseconds), and the kitchen's
 * quotes and order-ahead slots read the clock hundreds of times an order: it was 15% of the server's CPU while orders
 * were placed (decision 0901's addendum of 2026-11-28).
 */
function londonOffsetMs(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  let offset = offsetByUtcHour.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const found: Record<string, string> = {};
    for (const part of PARTS.formatToParts(new Date(start))) found[part.type] = part.value;
    const wall = Date.UTC(
      Number(found.year),
      Number(found.month) - 1,
      Number(found.day),
      Number(found.hour),
      Number(found.minute),
      Number(found.second),
    );
    offset = wall - start;
    if (offsetByUtcHour.size >= OFFSET_CACHE_HOURS) offsetByUtcHour.clear();
    offsetByUtcHour.set(hour, offset);
  }
  return offset;
}

/** The London wall-clock reading of an instant. */
export function londonParts(instant: Date): LocalParts {
  assertValid(instant);
  const time = instant.getTime();
  const wall = new Date(time + londonOffsetMs(time));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** A calendar date moved by whole days (month and year ends handled by UTC arithmetic). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/**
 * The instant when London's wall clock reads the given date and time. Used for midnights and opening
 * times, none of which fall in the hour that BST skips or repeats (01:00-02:00 on a Sunday).
 */
export function londonInstant(date: LocalDate, hour = 0, minute = 0): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const first = wall - londonOffsetMs(wall);
  const second = wall - londonOffsetMs(first);
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
