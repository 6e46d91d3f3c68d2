/**
 * Sold out (issue 21 point 4): a product or a topping the kitchen has run out of, for today or until somebody turns
 * it back on. Pure rules on a given clock, so the server (which refuses and serves the menu) and the browser (which
 * shows it) agree, and nothing has to run at midnight: "sold out today" is stored as the instant it ends, and an item
 * is back by itself once the shop clock passes it.
 *
 * "Today" is the shop's day, sessions past midnight included:
 * - marked while the shop is open, the item is back at the next opening (marked on Friday night at Saturday 00:20,
 *   during Friday's session, it is back at Saturday 12:00);
 * - marked while the shop is closed, it is back at the opening after the session nearest in time: marked late
 *   after closing (nearer the last close) it is back at the next opening; marked in the morning before opening
 *   (nearer the next opening) it stays out for that coming session and is back at the opening after it, so
 *   'sold out today' at 11:00 does not end at 12:00.
 */
import { londonParts, twoDigits } from './london-time';
import { nextOpening, nextOpeningOrNull, sessionsAround, upcomingSessions, type OpeningHours } from './opening-hours';
import type { SoldOutState } from './sold-out-words';

// The storefront's words live apart (sold-out-words.ts), so its first load does not carry the clock rules below.
export { SOLD_OUT_LABEL, soldOutMessage, type SoldOutState } from './sold-out-words';

/** What the admin asks for (`PUT .../availability`'s `until`). */
export const SOLD_OUT_UNTIL_CHOICES = ['next-opening', 'turned-back-on'] as const;
export type SoldOutUntilChoice = (typeof SOLD_OUT_UNTIL_CHOICES)[number];
export const DEFAULT_SOLD_OUT_UNTIL: SoldOutUntilChoice = 'next-opening';

/** How a product or topping is marked, as stored: nothing, until an instant, or until turned back on. */
export type SoldOutMark = {
  /** Sold out until this instant (the end of the shop's day it was marked in); null when not or until turned back on. */
  until: Date | null;
  /** Sold out until an admin turns it back on. */
  untilTurnedBackOn: boolean;
};

export const NOT_SOLD_OUT: SoldOutMark = { until: null, untilTurnedBackOn: false };

/** The last session to close at or before `now` (looked for a week back: a shop closed a few days is still found). */
function lastCloseBefore(now: Date, hours: OpeningHours): Date | null {
  const closed = sessionsAround(now, hours, 8, 0).filter((session) => session.closes.getTime() <= now.getTime());
  return closed.at(-1)?.closes ?? null;
}

/** When an item marked 'sold out today' at `now` is back by itself (see the rules at the top of this file). */
export function soldOutTodayEnds(now: Date, hours: OpeningHours): Date {
  const running = upcomingSessions(now, hours, 1).some(
    (session) => session.opens.getTime() <= now.getTime() && now.getTime() < session.closes.getTime(),
  );
  const next = nextOpeningOrNull(now, hours);
  // Hours with no session in the next month: 'today' is the next 24 hours.
  if (!next) return new Date(now.getTime() + 24 * 60 * 60_000);
  if (running) return next;
  const lastClose = lastCloseBefore(now, hours);
  const sinceClose = lastClose ? now.getTime() - lastClose.getTime() : Number.POSITIVE_INFINITY;
  const untilOpening = next.getTime() - now.getTime();
  // Nearer the last close: the day that ended is the one sold out. Nearer the next opening: the coming session is.
  return sinceClose < untilOpening ? next : nextOpening(next, hours);
}

/** The mark stored for a request: `{soldOut: false}` clears it; `until` defaults to the next opening. */
export function soldOutMarkFor(soldOut: boolean, until: SoldOutUntilChoice | undefined, now: Date, hours: OpeningHours): SoldOutMark {
  if (!soldOut) return NOT_SOLD_OUT;
  if ((until ?? DEFAULT_SOLD_OUT_UNTIL) === 'turned-back-on') return { until: null, untilTurnedBackOn: true };
  return { until: soldOutTodayEnds(now, hours), untilTurnedBackOn: false };
}

/** Whether the item is sold out at `now`: until turned back on, or before its instant. */
export function isSoldOut(mark: SoldOutMark, now: Date): boolean {
  return mark.untilTurnedBackOn || (mark.until !== null && now.getTime() < mark.until.getTime());
}

/** The wire's `soldOut` and `soldOutUntil` at `now`. */
export function soldOutState(mark: SoldOutMark, now: Date): SoldOutState {
  if (mark.untilTurnedBackOn) return { soldOut: true, soldOutUntil: null };
  if (mark.until !== null && now.getTime() < mark.until.getTime()) return { soldOut: true, soldOutUntil: mark.until.toISOString() };
  return { soldOut: false, soldOutUntil: null };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** When a sold-out item is back, for the back office: 'Sat 12:00' (London). */
export function backAtLabel(until: Date): string {
  const parts = londonParts(until);
  return `${WEEKDAYS[parts.weekday] ?? ''} ${twoDigits(parts.hour)}:${twoDigits(parts.minute)}`;
}

/** A back-office row's state: 'Sold out today · back Sat 12:00', 'Sold out until turned back on', or null when on sale. */
export function soldOutRowLabel(state: SoldOutState): string | null {
  if (!state.soldOut) return null;
  if (state.soldOutUntil === null) return 'Sold out until turned back on';
  return `Sold out today · back ${backAtLabel(new Date(state.soldOutUntil))}`;
}

/**
 * The stretch of time around `now` in which no mark changes whether its item is sold out: from the last mark that
 * ended at or before `now` (or the beginning of time) to the first that ends after it (or never). A menu answer made
 * at `now` stays true for exactly that long, so the menu's cache and ETag change at the day boundary by themselves.
 */
export function soldOutWindow(marks: Iterable<SoldOutMark>, now: Date): { from: number; until: number } {
  let from = Number.NEGATIVE_INFINITY;
  let until = Number.POSITIVE_INFINITY;
  const at = now.getTime();
  for (const mark of marks) {
    if (mark.until === null) continue;
    const ends = mark.until.getTime();
    if (ends <= at) from = Math.max(from, ends);
    else until = Math.min(until, ends);
  }
  return { from, until };
}
