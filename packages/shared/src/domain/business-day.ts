/**
 * The shop's business day for the work of a night: drivers' runs and shifts. A takeaway's Friday runs past midnight,
 * and the driver who cashes up at 01:00 has Friday's drops to account for, so a business day runs from 05:00 London
 * time to 05:00 the next day, as a till's close-out hour does. 05:00 is after any session closes and before any opens.
 */
import { addDays, londonInstant, londonParts, type LocalDate } from './london-time';
import { dateKey, dateOfKey } from './opening-hours';

export const BUSINESS_DAY_STARTS_AT_HOUR = 5;

/** The business day an instant belongs to: its London date, or the date before until 05:00. */
export function businessDayOf(at: Date): LocalDate {
  const parts = londonParts(at);
  const date = { year: parts.year, month: parts.month, day: parts.day };
  return parts.hour < BUSINESS_DAY_STARTS_AT_HOUR ? addDays(date, -1) : date;
}

/** The business day of an instant as 'YYYY-MM-DD', as the cash-up's address and answers name a day. */
export function businessDateKey(at: Date): string {
  return dateKey(businessDayOf(at));
}

/** The instants a business day ('YYYY-MM-DD') holds: from its 05:00 up to, not including, the next day's. */
export function businessDayRange(date: string): { from: Date; to: Date } {
  const day = dateOfKey(date);
  return {
    from: londonInstant(day, BUSINESS_DAY_STARTS_AT_HOUR),
    to: londonInstant(addDays(day, 1), BUSINESS_DAY_STARTS_AT_HOUR),
  };
}
