/**
 * The order's date and time strings and the dashboard's periods, on London's wall clock.
 * - An order records the server's date 'DD/MM/YYYY' and time 'HH:MM' (24-hour) in Europe/London.
 * - Periods are half-open: `start` <= instant < `end`.
 *   today: from today's midnight to tomorrow's; lastDay: yesterday; lastWeek: the previous calendar
 *   week, Monday 00:00 to the current week's Monday 00:00; lastMonth: the previous calendar month.
 *   Midnights are London midnights, so a period spanning a clock change is 23 or 25 hours longer or
 *   shorter than it looks, as the customer's calendar is.
 */
import { addDays, londonInstant, londonParts, twoDigits, type LocalDate } from './london-time';

export type ShopDateTime = { date: string; time: string };

export function shopDateTime(now: Date): ShopDateTime {
  const local = londonParts(now);
  return {
    date: `${twoDigits(local.day)}/${twoDigits(local.month)}/${local.year}`,
    time: `${twoDigits(local.hour)}:${twoDigits(local.minute)}`,
  };
}

export const PERIOD_KINDS = ['today', 'lastDay', 'lastWeek', 'lastMonth'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];
export type PeriodRange = { start: Date; end: Date };

function range(from: LocalDate, to: LocalDate): PeriodRange {
  return { start: londonInstant(from), end: londonInstant(to) };
}

export function periodRange(kind: PeriodKind, now: Date): PeriodRange {
  const local = londonParts(now);
  const today: LocalDate = { year: local.year, month: local.month, day: local.day };
  switch (kind) {
    case 'today':
      return range(today, addDays(today, 1));
    case 'lastDay':
      return range(addDays(today, -1), today);
    case 'lastWeek': {
      const thisMonday = addDays(today, -((local.weekday + 6) % 7));
      return range(addDays(thisMonday, -7), thisMonday);
    }
    case 'lastMonth': {
      const firstOfThisMonth: LocalDate = { year: local.year, month: local.month, day: 1 };
      const firstOfLastMonth: LocalDate =
        local.month === 1 ? { year: local.year - 1, month: 12, day: 1 } : { year: local.year, month: local.month - 1, day: 1 };
      return range(firstOfLastMonth, firstOfThisMonth);
    }
  }
}

export function isInPeriod(instant: Date, period: PeriodRange): boolean {
  const t = instant.getTime();
  return t >= period.start.getTime() && t < period.end.getTime();
}

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const PERIOD_NAMES: Record<PeriodKind, string> = { today: 'Today', lastDay: 'Yesterday', lastWeek: 'Last week', lastMonth: 'Last month' };

function londonDate(instant: Date): LocalDate {
  const { year, month, day } = londonParts(instant);
  return { year, month, day };
}

/** 'Sat 28 Nov'. */
function dayText(date: LocalDate): string {
  return `${SHORT_WEEKDAYS[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()]} ${date.day} ${SHORT_MONTHS[date.month - 1]}`;
}

/** '16–22 Nov', '30 Nov – 6 Dec', or with the years when they differ: '28 Dec 2026 – 3 Jan 2027'. */
function rangeText(first: LocalDate, last: LocalDate): string {
  const month = (date: LocalDate) => SHORT_MONTHS[date.month - 1];
  if (first.year !== last.year) return `${first.day} ${month(first)} ${first.year} – ${last.day} ${month(last)} ${last.year}`;
  if (first.month !== last.month) return `${first.day} ${month(first)} – ${last.day} ${month(last)}`;
  return `${first.day}–${last.day} ${month(last)}`;
}

/**
 * A dashboard period with the dates it covers on London's calendar, from the shop clock's `now`: 'Today: Sat 28
 * Nov', 'Yesterday: Fri 27 Nov', 'Last week: 16–22 Nov' (Monday to Sunday), 'Last month: 1–31 Oct'.
 */
export function periodDatesLine(kind: PeriodKind, now: Date): string {
  const { start, end } = periodRange(kind, now);
  const first = londonDate(start);
  const last = addDays(londonDate(end), -1);
  const dates = kind === 'today' || kind === 'lastDay' ? dayText(first) : rangeText(first, last);
  return `${PERIOD_NAMES[kind]}: ${dates}`;
}
