import { londonParts, twoDigits } from '@shop/shared/domain/london-time';
import { orderingStatus, type OpeningHours } from '@shop/shared/domain/opening-hours';
import { demoShopTime } from './db/seed/demo';

/** Where the shop's clock comes from: the real time, SHOP_TIME, or `npm run demo` outside the opening hours. */
export type ClockSource = 'real' | 'SHOP_TIME' | 'demo';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'Monday 23 November 2026, 19:00': London's wall clock, as a newcomer reads it. */
export function londonClockText(instant: Date): string {
  const p = londonParts(instant);
  return `${DAYS[p.weekday]} ${p.day} ${MONTHS[p.month - 1]} ${p.year}, ${twoDigits(p.hour)}:${twoDigits(p.minute)}`;
}

/** An instant as SHOP_TIME takes it: '2026-11-23T19:00:00Z'. */
function shopTimeValue(instant: Date): string {
  return instant.toISOString().replace('.000Z', 'Z');
}

/**
 * The start-up's line about the clock: whether it is fixed, and whether the shop takes orders at it. Ordering
 * follows the opening hours on the shop's clock, so a newcomer who starts the shop at night is told why an order
 * would be refused and how to try one anyway. `hours`: the opening hours in force (the owner's, or the spec's).
 */
export function clockLine(source: ClockSource, now: Date, hours: OpeningHours): string {
  const status = orderingStatus(now, hours).message;
  const at = `${londonClockText(now)} in London`;
  if (source === 'SHOP_TIME') return `Clock: fixed by SHOP_TIME at ${at} (it does not move). ${status}`;
  if (source === 'demo') {
    return `Clock: fixed for the demo at ${at}, when the shop was taking orders (it does not move; set SHOP_TIME to choose another moment). ${status}`;
  }
  const tryIt = demoShopTime(now);
  const hint = tryIt
    ? ` Orders follow the opening hours: to try one now, start with SHOP_TIME=${shopTimeValue(tryIt)} (a moment the shop was open), or run npm run demo.`
    : '';
  return `Clock: real time, ${at}. ${status}${hint}`;
}
