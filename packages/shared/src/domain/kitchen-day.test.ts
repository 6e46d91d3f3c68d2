import { describe, expect, it } from 'vitest';
import { acceptedExpectedAt, closingTradingDay, endedTradingDay, ticketPrintAt } from './kitchen';
import { DEFAULT_OPENING_HOURS as HOURS, type OpeningHours } from './opening-hours';

const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('accepting keeps an order placed ahead at its slot', () => {
  it.each<[string, string, string | null, number, string]>([
    ['for 21:00, accepted at 18:00 with 30 minutes asked', '2026-11-28T18:00:00Z', '2026-11-28T21:00:00Z', 30, '2026-11-28T21:00:00.000Z'],
    ['for 21:00, accepted at 20:55 with 45 minutes asked', '2026-11-28T20:55:00Z', '2026-11-28T21:00:00Z', 45, '2026-11-28T21:00:00.000Z'],
    ['for tomorrow 12:30, accepted tonight', '2026-11-28T22:00:00Z', '2026-11-29T12:30:00Z', 20, '2026-11-29T12:30:00.000Z'],
    [
      'a slot already passed gives way to now plus the minutes',
      '2026-11-28T21:10:00Z',
      '2026-11-28T21:00:00Z',
      20,
      '2026-11-28T21:30:00.000Z',
    ],
    ['as soon as possible: now plus the minutes', '2026-11-28T18:00:00Z', null, 45, '2026-11-28T18:45:00.000Z'],
  ])('%s', (_name, now, slot, minutes, expected) => {
    expect(acceptedExpectedAt(at(now), slot ? at(slot) : null, minutes).toISOString()).toBe(expected);
  });
});

describe('an order placed ahead prints its ticket a lead time before its slot', () => {
  it.each<[string, string, string | null, number, string]>([
    ['for 21:00, lead 30: at 20:30', '2026-11-28T18:00:00Z', '2026-11-28T21:00:00Z', 30, '2026-11-28T20:30:00.000Z'],
    ['for 21:00, lead 60: at 20:00', '2026-11-28T18:00:00Z', '2026-11-28T21:00:00Z', 60, '2026-11-28T20:00:00.000Z'],
    ['for 21:00, lead 0: at the slot', '2026-11-28T18:00:00Z', '2026-11-28T21:00:00Z', 0, '2026-11-28T21:00:00.000Z'],
    ['accepted after slot less lead: at once', '2026-11-28T20:45:00Z', '2026-11-28T21:00:00Z', 30, '2026-11-28T20:45:00.000Z'],
    ['as soon as possible: at accept', '2026-11-28T18:00:00Z', null, 30, '2026-11-28T18:00:00.000Z'],
  ])('%s', (_name, acceptedAt, slot, lead, expected) => {
    expect(ticketPrintAt(at(acceptedAt), slot ? at(slot) : null, lead).toISOString()).toBe(expected);
  });
});

const LUNCH_AND_EVENING: OpeningHours = {
  weekly: [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
    { day, opens: '12:00', closes: '14:00' },
    { day, opens: '17:00', closes: '23:00' },
  ]),
  specialDays: [{ date: '2026-12-25', closed: true }],
  cutoffMinutes: 15,
};

describe('the trading day the timers close (an hour after its last session)', () => {
  it.each<[string, OpeningHours, string, string | null]>([
    // Default hours: Wednesday 12:00-23:15; Friday 14:00 to Saturday 00:45.
    ['Wednesday evening, open: Tuesday', HOURS, '2026-11-18T20:00:00Z', '2026-11-17T23:15:00.000Z'],
    ['Thursday 00:14, within the hour: still Tuesday', HOURS, '2026-11-19T00:14:00Z', '2026-11-17T23:15:00.000Z'],
    ['Thursday 00:15: Wednesday', HOURS, '2026-11-19T00:15:00Z', '2026-11-18T23:15:00.000Z'],
    ['Saturday 01:00, Friday runs past midnight: Thursday', HOURS, '2026-11-21T01:00:00Z', '2026-11-19T23:15:00.000Z'],
    ['Saturday 01:45: Friday, closed at 00:45', HOURS, '2026-11-21T01:45:00Z', '2026-11-21T00:45:00.000Z'],
    ['between lunch and the evening: yesterday, not lunch', LUNCH_AND_EVENING, '2026-11-18T16:00:00Z', '2026-11-17T23:00:00.000Z'],
    ['after the evening: today', LUNCH_AND_EVENING, '2026-11-19T00:00:00Z', '2026-11-18T23:00:00.000Z'],
    ['Christmas Day, closed: Christmas Eve', LUNCH_AND_EVENING, '2026-12-25T20:00:00Z', '2026-12-24T23:00:00.000Z'],
    ['British Summer Time: 23:00 London is 22:00 UTC', LUNCH_AND_EVENING, '2026-07-15T23:00:00Z', '2026-07-15T22:00:00.000Z'],
    ['no hours at all: none', { weekly: [], specialDays: [], cutoffMinutes: 15 }, '2026-11-18T20:00:00Z', null],
  ])('%s', (_name, hours, now, expected) => {
    expect(iso(endedTradingDay(at(now), hours))).toBe(expected);
  });
});

describe('the trading day "Close the day" closes (the one begun most recently)', () => {
  it.each<[string, OpeningHours, string, string | null]>([
    ['Wednesday evening, open: Wednesday', HOURS, '2026-11-18T20:00:00Z', '2026-11-18T23:15:00.000Z'],
    ['Wednesday 23:20, just closed: Wednesday', HOURS, '2026-11-18T23:20:00Z', '2026-11-18T23:15:00.000Z'],
    ['Thursday 10:00, before opening: Wednesday', HOURS, '2026-11-19T10:00:00Z', '2026-11-18T23:15:00.000Z'],
    ['Saturday 00:30, Friday still open: Friday', HOURS, '2026-11-21T00:30:00Z', '2026-11-21T00:45:00.000Z'],
    ['at lunch: today, evening included', LUNCH_AND_EVENING, '2026-11-18T13:00:00Z', '2026-11-18T23:00:00.000Z'],
    ['Christmas Day, closed: Christmas Eve', LUNCH_AND_EVENING, '2026-12-25T20:00:00Z', '2026-12-24T23:00:00.000Z'],
    ['no hours at all: none', { weekly: [], specialDays: [], cutoffMinutes: 15 }, '2026-11-18T20:00:00Z', null],
  ])('%s', (_name, hours, now, expected) => {
    expect(iso(closingTradingDay(at(now), hours))).toBe(expected);
  });
});
