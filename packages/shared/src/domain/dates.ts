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
