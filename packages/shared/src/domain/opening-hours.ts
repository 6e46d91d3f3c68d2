/**
 * Opening hours (SPEC.md section 1), on London's wall clock:
 * - Sunday to Thursday 12:00-23:15; Friday 14:00-00:45 (Saturday morning); Saturday 12:00-00:45
 *   (Sunday morning). A session that runs past midnight belongs to the day it opened: Saturday 00:20 is
 *   Friday's session.
 * - Open from the opening minute (12:00 is open) until the closing minute (23:15 is closed).
 * - Orders are refused in the last 15 minutes before closing: Sunday to Thursday the last order is at
 *   22:59 and 23:00 is refused; on Friday and Saturday nights 00:29 is taken and 00:30 refused.
 * - A refused order's message says when the shop next takes orders ('today' or 'tomorrow' on the
 *   customer's calendar, so after Friday's late session it is 'today at 12:00').
 */
import { addDays, clockText, londonInstant, londonParts } from './london-time';

// The storefront's line lives apart (opening-line.ts), so its first load does not carry the opening hours' rules.
export { openingStateLine } from './opening-line';

export const ORDER_CUTOFF_MINUTES = 15;

export type DayHours = {
  day: string;
  opens: string;
  closes: string;
  /** The session ends after midnight, on the next calendar day. */
  closesNextDay: boolean;
  /** The last minute an order is taken ('HH:MM'). */
  lastOrder: string;
};

type Session = { opens: number; closes: number };

/** Minutes after the opening day's midnight; a close past 24:00 is on the next day. Index 0 = Sunday. */
const SESSIONS: readonly Session[] = [
  { opens: 12 * 60, closes: 23 * 60 + 15 },
  { opens: 12 * 60, closes: 23 * 60 + 15 },
  { opens: 12 * 60, closes: 23 * 60 + 15 },
  { opens: 12 * 60, closes: 23 * 60 + 15 },
  { opens: 12 * 60, closes: 23 * 60 + 15 },
  { opens: 14 * 60, closes: 24 * 60 + 45 },
  { opens: 12 * 60, closes: 24 * 60 + 45 },
];

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function sessionOf(weekday: number): Session {
  const session = SESSIONS[((weekday % 7) + 7) % 7];
  if (!session) throw new RangeError(`No opening hours for weekday ${weekday}`);
  return session;
}

/** Each day's hours, Sunday first, for display and for tests. */
export const OPENING_HOURS: readonly DayHours[] = SESSIONS.map((session, index) => ({
  day: DAY_NAMES[index] ?? '',
  opens: clockText(session.opens),
  closes: clockText(session.closes),
  closesNextDay: session.closes >= 24 * 60,
  lastOrder: clockText(session.closes - ORDER_CUTOFF_MINUTES - 1),
}));

/** One day's hours as the store information shows them: '12:00-23:15', or '14:00-00:45 (next day)' past midnight. */
export function dayHoursText(day: DayHours): string {
  return `${day.opens}-${day.closes}${day.closesNextDay ? ' (next day)' : ''}`;
}

export type HoursSummaryRow = { days: string; hours: string };

/**
 * The week as the spec writes it: consecutive days (in the order given, Sunday first) with the same opening and
 * closing times run together, 'Sunday to Thursday' for three days or more, 'Friday and Saturday' for two.
 */
export function summariseOpeningHours(days: readonly DayHours[]): HoursSummaryRow[] {
  const runs: { first: string; last: string; count: number; hours: string }[] = [];
  for (const day of days) {
    const hours = `${day.opens}-${day.closes}`;
    const run = runs.at(-1);
    if (run && run.hours === hours) {
      run.last = day.day;
      run.count += 1;
    } else {
      runs.push({ first: day.day, last: day.day, count: 1, hours });
    }
  }
  return runs.map((run) => ({
    days: run.count === 1 ? run.first : `${run.first} ${run.count === 2 ? 'and' : 'to'} ${run.last}`,
    hours: run.hours,
  }));
}

/** The summary on one line: 'Sunday to Thursday 12:00-23:15, Friday 14:00-00:45, Saturday 12:00-00:45'. */
export function openingHoursText(rows: readonly HoursSummaryRow[]): string {
  return rows.map((row) => `${row.days} ${row.hours}`).join(', ');
}

/** The hours as the spec writes them (SPEC.md section 1), worked out from the sessions above. */
export const OPENING_HOURS_SUMMARY: readonly HoursSummaryRow[] = summariseOpeningHours(OPENING_HOURS);

export type OrderingStatus = {
  /** The shop is inside a session (it may still refuse orders in the last 15 minutes). */
  open: boolean;
  /** An order placed now is accepted. */
  acceptingOrders: boolean;
  /** What to tell the customer. */
  message: string;
  /** When the shop next opens ('HH:MM'), when it is not taking orders. */
  opensAt?: string;
  /** Whether `opensAt` is today or tomorrow on the customer's calendar, when it is not taking orders. */
  opensDay?: 'today' | 'tomorrow';
  /** When the current session closes ('HH:MM'), while open. */
  closesAt?: string;
  /** The first minute orders are refused ('HH:MM', 15 minutes before `closesAt`), while taking orders. */
  ordersCloseAt?: string;
};

/** Whether the shop takes an order at `now`, and what to tell the customer. */
export function orderingStatus(now: Date): OrderingStatus {
  const local = londonParts(now);
  const minute = local.hour * 60 + local.minute;
  const today = sessionOf(local.weekday);
  const yesterday = sessionOf(local.weekday - 1);

  // The running session: yesterday's if it spills past midnight and we are before its close, else today's.
  let current: { closes: number } | null = null;
  if (minute < yesterday.closes - 24 * 60) current = { closes: yesterday.closes - 24 * 60 };
  else if (minute >= today.opens && minute < today.closes) current = { closes: today.closes };

  if (current && minute < current.closes - ORDER_CUTOFF_MINUTES) {
    const ordersClose = clockText(current.closes - ORDER_CUTOFF_MINUTES);
    return {
      open: true,
      acceptingOrders: true,
      message: `We are open until ${clockText(current.closes)}. Orders close at ${ordersClose}.`,
      closesAt: clockText(current.closes),
      ordersCloseAt: ordersClose,
    };
  }

  const opensToday = minute < today.opens;
  const opensAt = clockText(opensToday ? today.opens : sessionOf(local.weekday + 1).opens);
  const opensDay = opensToday ? 'today' : 'tomorrow';
  const when = `We open ${opensDay} at ${opensAt}.`;
  if (current) {
    return {
      open: true,
      acceptingOrders: false,
      message: `We stop taking orders ${ORDER_CUTOFF_MINUTES} minutes before closing. ${when}`,
      opensAt,
      opensDay,
      closesAt: clockText(current.closes),
    };
  }
  return { open: false, acceptingOrders: false, message: `We are closed. ${when}`, opensAt, opensDay };
}

/** One opening session as instants: it opens, it takes its last order before `ordersClose`, it closes. */
export type SessionWindow = { opens: Date; ordersClose: Date; closes: Date };

/**
 * The sessions that have not closed by `now`, in order: the running one (if any) and those of the next `days`
 * calendar days (London), as instants through GMT and BST alike. A session past midnight belongs to the day it opened.
 */
export function upcomingSessions(now: Date, days = 2): SessionWindow[] {
  const local = londonParts(now);
  const today = { year: local.year, month: local.month, day: local.day };
  const windows: SessionWindow[] = [];
  for (let offset = -1; offset <= days; offset += 1) {
    const date = addDays(today, offset);
    const weekday = (((local.weekday + offset) % 7) + 7) % 7;
    const session = sessionOf(weekday);
    const opens = londonInstant(date, Math.floor(session.opens / 60), session.opens % 60);
    const closeDate = session.closes >= 24 * 60 ? addDays(date, 1) : date;
    const closeMinute = session.closes % (24 * 60);
    const closes = londonInstant(closeDate, Math.floor(closeMinute / 60), closeMinute % 60);
    if (closes.getTime() <= now.getTime()) continue;
    windows.push({ opens, ordersClose: new Date(closes.getTime() - ORDER_CUTOFF_MINUTES * 60_000), closes });
  }
  return windows;
}

/** When the shop next opens after `now` (the start of the next session that has not begun). */
export function nextOpening(now: Date): Date {
  const next = upcomingSessions(now, 8).find((window) => window.opens.getTime() > now.getTime());
  if (!next) throw new RangeError('No opening in the next week');
  return next.opens;
}
