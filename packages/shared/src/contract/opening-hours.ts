/**
 * `GET /api/opening-hours` (everyone) and `PUT /api/opening-hours` (the owner; today the admin guard, decision
 * 1400): the shop's opening hours, domain/opening-hours.ts's `OpeningHours`. The PUT sends the whole value, exactly
 * `{weekly, specialDays, cutoffMinutes}`; each refusal names the field and says what is wanted.
 */
import { z } from 'zod';
import { FULFILMENTS } from '../domain/fulfilment';
import { dateOfKey, spanOf, type OpeningHours, type SessionSpan } from '../domain/opening-hours';

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = (name: string) => {
  const message = `${name} must be a time of day as HH:MM, 00:00 to 23:59`;
  return z.string(message).regex(CLOCK, message);
};

const DAY_MESSAGE = 'day must be a whole number from 0 (Sunday) to 6 (Saturday)';
const FULFILMENT_MESSAGE = 'fulfilment must be delivery or collection, or left out for both';
const DATE_MESSAGE = 'date must be a calendar date as YYYY-MM-DD';
const CUTOFF_MESSAGE = 'cutoffMinutes must be a whole number of minutes from 0 to 120';
/** How many sessions and special days one value may hold (a week of three sessions each and a year of holidays). */
export const MAX_WEEKLY_SESSIONS = 50;
export const MAX_SPECIAL_DAYS = 400;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const { year, month, day } = dateOfKey(text);
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

const weeklySessionSchema = z.strictObject({
  day: z.number(DAY_MESSAGE).int(DAY_MESSAGE).min(0, DAY_MESSAGE).max(6, DAY_MESSAGE),
  opens: clock('opens'),
  closes: clock('closes'),
  fulfilment: z.enum(FULFILMENTS, FULFILMENT_MESSAGE).optional(),
});

const dateField = z.string(DATE_MESSAGE).refine(isCalendarDate, DATE_MESSAGE);
const specialDaySchema = z.union(
  [
    z.strictObject({ date: dateField, closed: z.literal(true, 'closed must be true (or send opens and closes instead)') }),
    z.strictObject({ date: dateField, opens: clock('opens'), closes: clock('closes') }),
  ],
  'Each special day is {date, closed: true} or {date, opens, closes}',
);

/** Whether two spans (minutes from the same midnight) overlap. */
function overlaps(a: SessionSpan, b: SessionSpan): boolean {
  return a.opens < b.closes && b.opens < a.closes;
}

const DAY_MINUTES = 24 * 60;

/**
 * The weekly sessions' overlaps: two sessions of one day that serve the same fulfilment (a session for both serves
 * each), or a session running past midnight into the next day's first. Each overlap is one issue at the later session.
 */
function weeklyOverlaps(weekly: OpeningHours['weekly']): { index: number; message: string }[] {
  const found: { index: number; message: string }[] = [];
  const sameFulfilment = (a?: string, b?: string) => a === undefined || b === undefined || a === b;
  weekly.forEach((session, index) => {
    const span = spanOf(session);
    for (let other = 0; other < weekly.length; other += 1) {
      const earlier = weekly[other];
      if (!earlier || other === index || !sameFulfilment(session.fulfilment, earlier.fulfilment)) continue;
      const earlierSpan = spanOf(earlier);
      const sameDay = earlier.day === session.day && other < index && overlaps(span, earlierSpan);
      // The day before's session, shifted back a day: does it run into this one?
      const dayBefore =
        earlier.day === (session.day + 6) % 7 &&
        overlaps(span, { opens: earlierSpan.opens - DAY_MINUTES, closes: earlierSpan.closes - DAY_MINUTES });
      if (sameDay || dayBefore) {
        found.push({
          index,
          message: `${DAY_NAMES[session.day]}'s session ${session.opens}-${session.closes} overlaps ${DAY_NAMES[earlier.day]}'s ${earlier.opens}-${earlier.closes}${(session.fulfilment ?? earlier.fulfilment) ? ` for ${session.fulfilment ?? earlier.fulfilment}` : ''}`,
        });
        break;
      }
    }
  });
  return found;
}

export const openingHoursSchema = z
  .strictObject({
    weekly: z
      .array(weeklySessionSchema, 'weekly must be a list of sessions')
      .max(MAX_WEEKLY_SESSIONS, `weekly may hold up to ${MAX_WEEKLY_SESSIONS} sessions`),
    specialDays: z
      .array(specialDaySchema, 'specialDays must be a list of dates')
      .max(MAX_SPECIAL_DAYS, `specialDays may hold up to ${MAX_SPECIAL_DAYS} dates`),
    cutoffMinutes: z.number(CUTOFF_MESSAGE).int(CUTOFF_MESSAGE).min(0, CUTOFF_MESSAGE).max(120, CUTOFF_MESSAGE),
  })
  .superRefine((hours, ctx) => {
    for (const { index, message } of weeklyOverlaps(hours.weekly)) {
      ctx.addIssue({ code: 'custom', path: ['weekly', index], message });
    }
    const seen = new Set<string>();
    hours.specialDays.forEach((special, index) => {
      if (seen.has(special.date)) {
        ctx.addIssue({
          code: 'custom',
          path: ['specialDays', index, 'date'],
          message: `${special.date} is given twice: one entry per date`,
        });
      }
      seen.add(special.date);
    });
  });

/** The hours as a PUT sends them and both routes answer them. */
export type OpeningHoursWire = z.infer<typeof openingHoursSchema>;
/** The answer: the same shape (a session without fulfilment serves both). */
export const openingHoursAnswerSchema = openingHoursSchema;

// The contract's value is the domain's: a change to either is a type error here.
export const openingHoursAsDomain = (hours: OpeningHoursWire): OpeningHours => hours;
