/**
 * Opening hours (SPEC.md section 1): the owner's value, judged on London's wall clock.
 * - `weekly`: one or more sessions per weekday (0 = Sunday), 'HH:MM' to 'HH:MM'. A session whose close is at or
 *   before its opening runs past midnight and belongs to the day it opened: Saturday 00:20 is Friday's session.
 *   A session may serve only `delivery` or only `collection`; without `fulfilment` it serves both.
 * - `specialDays`: a date's sessions replaced, by none (closed: 25 December) or by other hours for both
 *   fulfilments (31 December 18:00-02:00).
 * - `cutoffMinutes`: orders are refused in the last minutes before closing (the spec's 15: Sunday to Thursday the
 *   last order is at 22:59 and 23:00 is refused; Friday and Saturday nights 00:29 is taken and 00:30 refused).
 * - Open from the opening minute (12:00 is open) until the closing minute (23:15 is closed).
 * - A refused order's message says when the shop next takes orders ('today' or 'tomorrow' on the customer's
 *   calendar, so after Friday's late session it is 'today at 12:00'; further off, the day's name).
 * Every function takes the hours as an argument: the server reads the stored value per use (decision 1400), the
 * browser reads `GET /api/opening-hours`; DEFAULT_OPENING_HOURS is the spec's, the value until the owner saves one.
 */
import type { Fulfilment } from './fulfilment';
import { addDays, clockText, londonInstant, londonParts, twoDigits, type LocalDate } from './london-time';

// The storefront's line lives apart (opening-line.ts), so its first load does not carry the opening hours' rules.
export { openingStateLine } from './opening-line';

/** The spec's cut-off: orders are refused in the last 15 minutes before closing. */
export const ORDER_CUTOFF_MINUTES = 15;

/** One weekly session: `day` 0 = Sunday ... 6 = Saturday; `closes` at or before `opens` is on the next day. */
export type WeeklySession = { day: number; opens: string; closes: string; fulfilment?: Fulfilment };
/** A date (London's calendar, 'YYYY-MM-DD') whose weekly sessions are replaced: closed, or one session of other hours. */
export type SpecialDay = { date: string; closed: true } | { date: string; opens: string; closes: string };
/** The shop's opening hours, as the owner sets them (`PUT /api/opening-hours`). */
export type OpeningHours = { weekly: WeeklySession[]; specialDays: SpecialDay[]; cutoffMinutes: number };

/** The spec's hours: Sunday to Thursday 12:00-23:15, Friday 14:00-00:45, Saturday 12:00-00:45, 15 minutes' cut-off. */
export const DEFAULT_OPENING_HOURS: OpeningHours = {
  weekly: [
    { day: 0, opens: '12:00', closes: '23:15' },
    { day: 1, opens: '12:00', closes: '23:15' },
    { day: 2, opens: '12:00', closes: '23:15' },
    { day: 3, opens: '12:00', closes: '23:15' },
    { day: 4, opens: '12:00', closes: '23:15' },
    { day: 5, opens: '14:00', closes: '00:45' },
    { day: 6, opens: '12:00', closes: '00:45' },
  ],
  specialDays: [],
  cutoffMinutes: ORDER_CUTOFF_MINUTES,
};

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const DAY_MINUTES = 24 * 60;

/** Minutes after midnight of 'HH:MM' (a well-formed time: the contract checks what comes in). */
export function clockMinutes(text: string): number {
  const [hours, minutes] = text.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** 'YYYY-MM-DD' of a London calendar date. */
export function dateKey(date: LocalDate): string {
  return `${date.year}-${twoDigits(date.month)}-${twoDigits(date.day)}`;
}

/** The calendar date of 'YYYY-MM-DD'. */
export function dateOfKey(key: string): LocalDate {
  const [year, month, day] = key.split('-').map(Number);
  return { year: year ?? 0, month: month ?? 0, day: day ?? 0 };
}

/** 0 = Sunday ... 6 = Saturday. */
function weekdayOf(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** 'Friday 25 December'. */
export function dateText(date: LocalDate): string {
  return `${DAY_NAMES[weekdayOf(date)] ?? ''} ${date.day} ${MONTH_NAMES[date.month - 1] ?? ''}`;
}

/** A session as minutes after its opening day's midnight: `closes` past 1440 is on the next day. */
export type SessionSpan = { opens: number; closes: number };

/** A session's span: a close at or before the opening is on the next day. */
export function spanOf(session: { opens: string; closes: string }): SessionSpan {
  const opens = clockMinutes(session.opens);
  const closes = clockMinutes(session.closes);
  return { opens, closes: closes <= opens ? closes + DAY_MINUTES : closes };
}

function serves(session: WeeklySession, fulfilment: Fulfilment | undefined): boolean {
  return fulfilment === undefined || session.fulfilment === undefined || session.fulfilment === fulfilment;
}

/** The special day for a date, if the owner set one. */
export function specialDayOn(hours: OpeningHours, date: LocalDate): SpecialDay | undefined {
  const key = dateKey(date);
  return hours.specialDays.find((special) => special.date === key);
}

/**
 * The sessions that open on a calendar date (London), in order: the special day's when there is one, else the
 * weekday's, only those serving `fulfilment` when given (without it, every session: the shop is open when either is).
 */
export function sessionsOn(hours: OpeningHours, date: LocalDate, fulfilment?: Fulfilment): SessionSpan[] {
  const special = specialDayOn(hours, date);
  if (special) return 'closed' in special ? [] : [spanOf(special)];
  const weekday = weekdayOf(date);
  return hours.weekly
    .filter((session) => session.day === weekday && serves(session, fulfilment))
    .map(spanOf)
    .sort((a, b) => a.opens - b.opens);
}

/** One opening session as instants: it opens, it takes its last order before `ordersClose`, it closes. */
export type SessionWindow = { opens: Date; ordersClose: Date; closes: Date };

/**
 * The sessions of the calendar days `from` to `to` days after `now`'s (London) as instants through GMT and BST
 * alike, in order; sessions that overlap or touch (a delivery and a collection session, or a past-midnight session
 * running into the next day's) are one.
 */
function windowsAround(now: Date, hours: OpeningHours, from: number, to: number, fulfilment?: Fulfilment): SessionWindow[] {
  const local = londonParts(now);
  const today = { year: local.year, month: local.month, day: local.day };
  const spans: { opens: Date; closes: Date }[] = [];
  for (let offset = from; offset <= to; offset += 1) {
    const date = addDays(today, offset);
    for (const span of sessionsOn(hours, date, fulfilment)) {
      const closeDate = addDays(date, Math.floor(span.closes / DAY_MINUTES));
      const closeMinute = span.closes % DAY_MINUTES;
      spans.push({
        opens: londonInstant(date, Math.floor(span.opens / 60), span.opens % 60),
        closes: londonInstant(closeDate, Math.floor(closeMinute / 60), closeMinute % 60),
      });
    }
  }
  spans.sort((a, b) => a.opens.getTime() - b.opens.getTime());
  const merged: { opens: Date; closes: Date }[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.opens.getTime() <= last.closes.getTime()) {
      if (span.closes.getTime() > last.closes.getTime()) last.closes = span.closes;
    } else {
      merged.push({ ...span });
    }
  }
  const cutoff = hours.cutoffMinutes * 60_000;
  return merged.map((span) => ({ ...span, ordersClose: new Date(span.closes.getTime() - cutoff) }));
}

/**
 * The sessions that have not closed by `now`, in order: the running one (if any) and those of the next `days`
 * calendar days (London), as instants through GMT and BST alike. A session past midnight belongs to the day it
 * opened. With `fulfilment`, only the sessions serving it.
 */
export function upcomingSessions(now: Date, hours: OpeningHours, days = 2, fulfilment?: Fulfilment): SessionWindow[] {
  return windowsAround(now, hours, -1, days, fulfilment).filter((window) => window.closes.getTime() > now.getTime());
}

/** The sessions of the days around `now` (from `before` days before to `after` after), closed ones included. */
export function sessionsAround(now: Date, hours: OpeningHours, before: number, after: number): SessionWindow[] {
  return windowsAround(now, hours, -before, after);
}

/** How far ahead the next opening is looked for (a shop closed for a fortnight's holiday still says when it is back). */
const LOOK_AHEAD_DAYS = 31;

/** When the shop next opens after `now` (the start of the next session that has not begun); null when none is set. */
export function nextOpeningOrNull(now: Date, hours: OpeningHours, fulfilment?: Fulfilment): Date | null {
  const next = upcomingSessions(now, hours, LOOK_AHEAD_DAYS, fulfilment).find((window) => window.opens.getTime() > now.getTime());
  return next?.opens ?? null;
}

/** When the shop next opens after `now`; throws when the hours have no session in the next month. */
export function nextOpening(now: Date, hours: OpeningHours, fulfilment?: Fulfilment): Date {
  const next = nextOpeningOrNull(now, hours, fulfilment);
  if (!next) throw new RangeError('No opening in the next month');
  return next;
}

function londonDay(at: Date): number {
  const parts = londonParts(at);
  return Math.round(Date.UTC(parts.year, parts.month - 1, parts.day) / 86_400_000);
}

/** 'today', 'tomorrow', 'on Friday' within the week, 'on Friday 25 December' further off (London's calendar). */
export function dayWords(now: Date, at: Date): string {
  const days = londonDay(at) - londonDay(now);
  if (days <= 0) return 'today';
  if (days === 1) return 'tomorrow';
  const parts = londonParts(at);
  if (days < 7) return `on ${DAY_NAMES[parts.weekday] ?? ''}`;
  return `on ${dateText(parts)}`;
}

export type OrderingStatus = {
  /** The shop is inside a session (it may still refuse orders in the last minutes). */
  open: boolean;
  /** An order placed now is accepted. */
  acceptingOrders: boolean;
  /** What to tell the customer. */
  message: string;
  /** When the shop next opens ('HH:MM'), when it is not taking orders. */
  opensAt?: string;
  /** The day of `opensAt` on the customer's calendar: 'today', 'tomorrow', 'on Friday', 'on Friday 25 December'. */
  opensDay?: string;
  /** When the current session closes ('HH:MM'), while open. */
  closesAt?: string;
  /** The first minute orders are refused ('HH:MM', the cut-off before `closesAt`), while taking orders. */
  ordersCloseAt?: string;
};

function clockOf(at: Date): string {
  const parts = londonParts(at);
  return clockText(parts.hour * 60 + parts.minute);
}

/** Whether the shop takes an order at `now` (for `fulfilment` when given), and what to tell the customer. */
export function orderingStatus(now: Date, hours: OpeningHours, fulfilment?: Fulfilment): OrderingStatus {
  const windows = upcomingSessions(now, hours, LOOK_AHEAD_DAYS, fulfilment);
  const time = now.getTime();
  const current = windows.find((window) => window.opens.getTime() <= time && time < window.closes.getTime());

  if (current && time < current.ordersClose.getTime()) {
    const closesAt = clockOf(current.closes);
    const ordersClose = clockOf(current.ordersClose);
    return {
      open: true,
      acceptingOrders: true,
      message: `We are open until ${closesAt}. Orders close at ${ordersClose}.`,
      closesAt,
      ordersCloseAt: ordersClose,
    };
  }

  const next = windows.find((window) => window.opens.getTime() > time);
  const opening = next ? { opensAt: clockOf(next.opens), opensDay: dayWords(now, next.opens) } : {};
  const when = next ? ` We open ${opening.opensDay} at ${opening.opensAt}.` : '';
  if (current) {
    return {
      open: true,
      acceptingOrders: false,
      message: `We stop taking orders ${hours.cutoffMinutes} minutes before closing.${when}`,
      ...opening,
      closesAt: clockOf(current.closes),
    };
  }
  return { open: false, acceptingOrders: false, message: `We are closed.${when}`, ...opening };
}

/** One session as the store information and JSON-LD show it. */
export type DayHours = {
  day: string;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  opens: string;
  closes: string;
  /** The session ends after midnight, on the next calendar day. */
  closesNextDay: boolean;
  /** The last minute an order is taken ('HH:MM'). */
  lastOrder: string;
  /** Only for this fulfilment; absent: both. */
  fulfilment?: Fulfilment;
};

/** Every weekly session, Sunday first and in order within a day. */
export function openingHoursRows(hours: OpeningHours): DayHours[] {
  return [...hours.weekly]
    .sort((a, b) => a.day - b.day || clockMinutes(a.opens) - clockMinutes(b.opens))
    .map((session) => {
      const span = spanOf(session);
      return {
        day: DAY_NAMES[session.day] ?? '',
        weekday: session.day,
        opens: session.opens,
        closes: session.closes,
        closesNextDay: span.closes >= DAY_MINUTES,
        lastOrder: clockText(span.closes - hours.cutoffMinutes - 1),
        ...(session.fulfilment ? { fulfilment: session.fulfilment } : {}),
      };
    });
}

/** One session as the store information shows it: '12:00-23:15', '14:00-00:45 (next day)', '17:00-22:00 (delivery)'. */
export function dayHoursText(day: Pick<DayHours, 'opens' | 'closes' | 'closesNextDay' | 'fulfilment'>): string {
  return `${day.opens}-${day.closes}${day.closesNextDay ? ' (next day)' : ''}${day.fulfilment ? ` (${day.fulfilment} only)` : ''}`;
}

/** Each weekday, Sunday first, with its sessions in words ('Closed' for none): the store information's list. */
export function weekLines(hours: OpeningHours): { day: string; hours: string }[] {
  const rows = openingHoursRows(hours);
  return DAY_NAMES.map((day, weekday) => {
    const sessions = rows.filter((row) => row.weekday === weekday);
    return { day, hours: sessions.length === 0 ? 'Closed' : sessions.map(dayHoursText).join(', ') };
  });
}

export type HoursSummaryRow = { days: string; hours: string };

/**
 * The week as the spec writes it: consecutive days (in the order given, Sunday first) with the same sessions run
 * together, 'Sunday to Thursday' for three days or more, 'Friday and Saturday' for two. Rows of one day (several
 * sessions) are joined first: 'Monday 12:00-14:00, 17:00-23:00'.
 */
export function summariseOpeningHours(days: readonly Pick<DayHours, 'day' | 'opens' | 'closes'>[]): HoursSummaryRow[] {
  const perDay: { day: string; hours: string }[] = [];
  for (const row of days) {
    const last = perDay.at(-1);
    const text = `${row.opens}-${row.closes}`;
    if (last && last.day === row.day) last.hours = `${last.hours}, ${text}`;
    else perDay.push({ day: row.day, hours: text });
  }
  const runs: { first: string; last: string; count: number; hours: string }[] = [];
  for (const day of perDay) {
    const run = runs.at(-1);
    if (run && run.hours === day.hours) {
      run.last = day.day;
      run.count += 1;
    } else {
      runs.push({ first: day.day, last: day.day, count: 1, hours: day.hours });
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

/** The hours as the spec writes them (SPEC.md section 1), worked out from the weekly sessions. */
export function openingHoursSummary(hours: OpeningHours): HoursSummaryRow[] {
  return summariseOpeningHours(openingHoursRows(hours));
}

/** How far ahead customers are told of a special day. */
export const SPECIAL_DAY_NOTICE_DAYS = 14;

/**
 * The next special day from today (London) within `days`, in the customer's words: 'Closed on Friday 25 December',
 * or 'Thursday 31 December: open 18:00-02:00'; null when there is none.
 */
export function specialDayNotice(now: Date, hours: OpeningHours, days = SPECIAL_DAY_NOTICE_DAYS): string | null {
  const local = londonParts(now);
  const today = { year: local.year, month: local.month, day: local.day };
  for (let offset = 0; offset <= days; offset += 1) {
    const date = addDays(today, offset);
    const special = specialDayOn(hours, date);
    if (!special) continue;
    if ('closed' in special) return `Closed on ${dateText(date)}`;
    return `${dateText(date)}: open ${special.opens}-${special.closes}`;
  }
  return null;
}
