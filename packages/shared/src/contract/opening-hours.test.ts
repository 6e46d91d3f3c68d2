import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS } from '../domain/opening-hours';
import { openingHoursSchema } from './opening-hours';

const messages = (body: unknown) => {
  const result = openingHoursSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the PUT /api/opening-hours body', () => {
  it('takes the spec’s hours, two sessions a day, a session per fulfilment and special days', () => {
    expect(messages(DEFAULT_OPENING_HOURS)).toEqual([]);
    expect(
      messages({
        weekly: [
          { day: 1, opens: '11:30', closes: '14:00' },
          { day: 1, opens: '17:00', closes: '01:00' },
          { day: 2, opens: '11:00', closes: '15:00', fulfilment: 'collection' },
          { day: 2, opens: '12:00', closes: '22:00', fulfilment: 'delivery' },
        ],
        specialDays: [
          { date: '2026-12-25', closed: true },
          { date: '2026-12-31', opens: '18:00', closes: '02:00' },
        ],
        cutoffMinutes: 0,
      }),
    ).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    [
      'a time not HH:MM',
      { weekly: [{ day: 1, opens: '9:00', closes: '14:00' }] },
      'weekly.0.opens: opens must be a time of day as HH:MM, 00:00 to 23:59',
    ],
    [
      '24:00',
      { weekly: [{ day: 1, opens: '12:00', closes: '24:00' }] },
      'weekly.0.closes: closes must be a time of day as HH:MM, 00:00 to 23:59',
    ],
    [
      'a day of 7',
      { weekly: [{ day: 7, opens: '12:00', closes: '14:00' }] },
      'weekly.0.day: day must be a whole number from 0 (Sunday) to 6 (Saturday)',
    ],
    [
      'two sessions of one day overlapping',
      {
        weekly: [
          { day: 1, opens: '12:00', closes: '15:00' },
          { day: 1, opens: '14:00', closes: '22:00' },
        ],
      },
      "weekly.1: Monday's session 14:00-22:00 overlaps Monday's 12:00-15:00",
    ],
    [
      'a session for both overlapping a delivery session',
      {
        weekly: [
          { day: 1, opens: '12:00', closes: '15:00' },
          { day: 1, opens: '14:00', closes: '22:00', fulfilment: 'delivery' },
        ],
      },
      "weekly.1: Monday's session 14:00-22:00 overlaps Monday's 12:00-15:00 for delivery",
    ],
    [
      'a past-midnight session running into the next day’s',
      {
        weekly: [
          { day: 6, opens: '18:00', closes: '02:00' },
          { day: 0, opens: '01:00', closes: '05:00' },
        ],
      },
      "weekly.1: Sunday's session 01:00-05:00 overlaps Saturday's 18:00-02:00",
    ],
    [
      'a date that does not exist',
      { specialDays: [{ date: '2026-02-30', closed: true }] },
      'specialDays.0.date: date must be a calendar date as YYYY-MM-DD',
    ],
    [
      'a date twice',
      {
        specialDays: [
          { date: '2026-12-25', closed: true },
          { date: '2026-12-25', closed: true },
        ],
      },
      'specialDays.1.date: 2026-12-25 is given twice: one entry per date',
    ],
    ['a cut-off over 120', { cutoffMinutes: 121 }, 'cutoffMinutes: cutoffMinutes must be a whole number of minutes from 0 to 120'],
    [
      'a fulfilment of neither',
      { weekly: [{ day: 1, opens: '12:00', closes: '14:00', fulfilment: 'dine-in' }] },
      'weekly.0.fulfilment: fulfilment must be delivery or collection, or left out for both',
    ],
  ])('refuses %s', (_label, change, message) => {
    expect(messages({ ...DEFAULT_OPENING_HOURS, weekly: [], ...(change as object) })).toContain(message);
  });

  it('refuses a field it does not know', () => {
    expect(messages({ ...DEFAULT_OPENING_HOURS, timezone: 'UTC' }).length).toBeGreaterThan(0);
  });
  it('refuses a special day with hours and closed both', () => {
    expect(
      messages({ ...DEFAULT_OPENING_HOURS, specialDays: [{ date: '2026-12-25', closed: true, opens: '12:00', closes: '14:00' }] }).length,
    ).toBeGreaterThan(0);
  });
});
