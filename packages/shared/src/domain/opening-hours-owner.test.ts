/**
 * The owner's hours (decision 1400) as tables on fixed clocks: several sessions a day, past
 * midnight, special days closed or with other hours, sessions for one fulfilment, the cut-off, and the clocks
 * changing (the last Sundays of March and October). The spec's own week is opening-hours.test.ts's, run against
 * DEFAULT_OPENING_HOURS.
 */
import { describe, expect, it } from 'vitest';
import { kitchenSlots, orderingResumesAt, DEFAULT_KITCHEN_SETTINGS } from './kitchen';
import {
  DEFAULT_OPENING_HOURS,
  nextOpening,
  openingHoursSummary,
  openingHoursText,
  orderingStatus,
  specialDayNotice,
  upcomingSessions,
  weekLines,
  type OpeningHours,
} from './opening-hours';

const at = (iso: string) => new Date(iso);

/** Lunch and evening on weekdays, Friday past midnight, Monday closed, collection from 11:30 on Saturday. */
const OWNER: OpeningHours = {
  weekly: [
    { day: 0, opens: '12:00', closes: '22:00' },
    { day: 2, opens: '11:30', closes: '14:00' },
    { day: 2, opens: '17:00', closes: '23:00' },
    { day: 3, opens: '11:30', closes: '14:00' },
    { day: 3, opens: '17:00', closes: '23:00' },
    { day: 4, opens: '17:00', closes: '23:00' },
    { day: 5, opens: '17:00', closes: '02:00' },
    { day: 6, opens: '11:30', closes: '17:00', fulfilment: 'collection' },
    { day: 6, opens: '17:00', closes: '01:00' },
  ],
  specialDays: [
    { date: '2026-12-25', closed: true },
    { date: '2026-12-31', opens: '18:00', closes: '02:00' },
  ],
  cutoffMinutes: 20,
};

// November 2026 is on GMT: Sunday 22, Monday 23, Tuesday 24, ... Saturday 28.
describe('orderingStatus on the owner’s hours', () => {
  it.each<[string, string, boolean, boolean, string]>([
    ['Monday: no session at all', '2026-11-23T13:00:00Z', false, false, 'We are closed. We open tomorrow at 11:30.'],
    [
      'Sunday evening, Monday closed: the next is Tuesday',
      '2026-11-22T22:30:00Z',
      false,
      false,
      'We are closed. We open on Tuesday at 11:30.',
    ],
    ['Tuesday lunch', '2026-11-24T12:00:00Z', true, true, 'We are open until 14:00. Orders close at 13:40.'],
    [
      'Tuesday lunch inside the 20 minutes’ cut-off',
      '2026-11-24T13:40:00Z',
      true,
      false,
      'We stop taking orders 20 minutes before closing. We open today at 17:00.',
    ],
    ['Tuesday between the two sessions', '2026-11-24T15:00:00Z', false, false, 'We are closed. We open today at 17:00.'],
    ['Tuesday evening opens at 17:00', '2026-11-24T17:00:00Z', true, true, 'We are open until 23:00. Orders close at 22:40.'],
    ['Friday past midnight belongs to Friday', '2026-11-28T01:00:00Z', true, true, 'We are open until 02:00. Orders close at 01:40.'],
    ['Friday’s session ended at 02:00 on Saturday', '2026-11-28T02:00:00Z', false, false, 'We are closed. We open today at 11:30.'],
    [
      'Saturday 11:30: collection only, so the shop is open',
      '2026-11-28T11:30:00Z',
      true,
      true,
      'We are open until 01:00. Orders close at 00:40.',
    ],
  ])('%s (%s)', (_label, now, open, accepting, message) => {
    const status = orderingStatus(at(now), OWNER);
    expect(status.open).toBe(open);
    expect(status.acceptingOrders).toBe(accepting);
    expect(status.message).toBe(message);
  });

  it.each<[string, string, 'delivery' | 'collection', boolean, string]>([
    [
      'Saturday 12:00 for a delivery: not before 17:00',
      '2026-11-28T12:00:00Z',
      'delivery',
      false,
      'We are closed. We open today at 17:00.',
    ],
    ['Saturday 12:00 for a collection', '2026-11-28T12:00:00Z', 'collection', true, 'We are open until 01:00. Orders close at 00:40.'],
    [
      'Saturday 18:00 for a delivery (a session for both)',
      '2026-11-28T18:00:00Z',
      'delivery',
      true,
      'We are open until 01:00. Orders close at 00:40.',
    ],
  ])('%s', (_label, now, fulfilment, accepting, message) => {
    const status = orderingStatus(at(now), OWNER, fulfilment);
    expect(status.acceptingOrders).toBe(accepting);
    expect(status.message).toBe(message);
  });

  it.each<[string, string, boolean, string]>([
    ['Christmas Day (a Friday) is closed', '2026-12-25T19:00:00Z', false, 'We are closed. We open tomorrow at 11:30.'],
    [
      'Christmas Eve after closing says Saturday, not Friday',
      '2026-12-24T23:30:00Z',
      false,
      'We are closed. We open on Saturday at 11:30.',
    ],
    ['31 December (a Thursday) opens at 18:00, not 17:00', '2026-12-31T17:30:00Z', false, 'We are closed. We open today at 18:00.'],
    ['31 December runs until 02:00 on New Year’s Day', '2027-01-01T01:30:00Z', true, 'We are open until 02:00. Orders close at 01:40.'],
    ['1 January (a Friday) keeps its weekly hours', '2027-01-01T17:00:00Z', true, 'We are open until 02:00. Orders close at 01:40.'],
  ])('%s', (_label, now, accepting, message) => {
    const status = orderingStatus(at(now), OWNER);
    expect(status.acceptingOrders).toBe(accepting);
    expect(status.message).toBe(message);
  });

  it('a closed week says the date it opens again', () => {
    const holiday: OpeningHours = {
      ...OWNER,
      specialDays: ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01'].map(
        (date) => ({ date, closed: true as const }),
      ),
    };
    expect(orderingStatus(at('2026-11-23T12:00:00Z'), holiday).message).toBe('We are closed. We open on Wednesday 2 December at 11:30.');
  });

  it('no sessions at all: closed, with no time to name', () => {
    const none: OpeningHours = { weekly: [], specialDays: [], cutoffMinutes: 15 };
    expect(orderingStatus(at('2026-11-23T12:00:00Z'), none)).toEqual({ open: false, acceptingOrders: false, message: 'We are closed.' });
    expect(orderingResumesAt(at('2026-11-23T12:00:00Z'), none).toISOString()).toBe('2026-11-23T12:00:00.000Z');
  });

  it('a cut-off of 0 takes orders to the closing minute', () => {
    const hours = { ...DEFAULT_OPENING_HOURS, cutoffMinutes: 0 };
    expect(orderingStatus(at('2026-11-23T23:14:00Z'), hours).acceptingOrders).toBe(true);
    expect(orderingStatus(at('2026-11-23T23:15:00Z'), hours).acceptingOrders).toBe(false);
  });

  it('a delivery session and a collection session that overlap are one opening for the shop', () => {
    const hours: OpeningHours = {
      weekly: [
        { day: 1, opens: '11:00', closes: '15:00', fulfilment: 'collection' },
        { day: 1, opens: '12:00', closes: '22:00', fulfilment: 'delivery' },
      ],
      specialDays: [],
      cutoffMinutes: 15,
    };
    expect(upcomingSessions(at('2026-11-23T10:00:00Z'), hours, 0).map((s) => [s.opens.toISOString(), s.closes.toISOString()])).toEqual([
      ['2026-11-23T11:00:00.000Z', '2026-11-23T22:00:00.000Z'],
    ]);
  });
});

describe('the clocks changing, on the owner’s hours', () => {
  // 29 March 2026: 01:00 GMT becomes 02:00 BST. 25 October 2026: 02:00 BST becomes 01:00 GMT.
  const late: OpeningHours = {
    weekly: [
      { day: 6, opens: '20:00', closes: '03:00' },
      { day: 0, opens: '12:00', closes: '14:00' },
    ],
    specialDays: [],
    cutoffMinutes: 15,
  };
  it.each<[string, string, boolean]>([
    ['spring: Saturday 20:00 GMT opens', '2026-03-28T20:00:00Z', true],
    ['spring: Sunday 00:59 GMT, still Saturday’s', '2026-03-29T00:59:00Z', true],
    ['spring: Sunday 02:44 BST (01:44 UTC), before the cut-off', '2026-03-29T01:44:00Z', true],
    ['spring: Sunday 02:45 BST (01:45 UTC), the cut-off', '2026-03-29T01:45:00Z', false],
    ['spring: Sunday 12:00 BST (11:00 UTC) lunch', '2026-03-29T11:00:00Z', true],
    ['autumn: Sunday 01:30 BST (00:30 UTC)', '2026-10-25T00:30:00Z', true],
    ['autumn: Sunday 01:30 GMT (01:30 UTC), the hour again', '2026-10-25T01:30:00Z', true],
    ['autumn: Sunday 02:44 GMT', '2026-10-25T02:44:00Z', true],
    ['autumn: Sunday 02:45 GMT, the cut-off', '2026-10-25T02:45:00Z', false],
    ['autumn: Sunday 12:00 GMT lunch', '2026-10-25T12:00:00Z', true],
  ])('%s', (_label, now, accepting) => {
    expect(orderingStatus(at(now), late).acceptingOrders).toBe(accepting);
  });

  it('the session that spans the change closes at 03:00 on the wall clock', () => {
    expect(upcomingSessions(at('2026-03-28T21:00:00Z'), late, 0)[0]?.closes.toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(upcomingSessions(at('2026-10-24T21:00:00Z'), late, 0)[0]?.closes.toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });
});

describe('the special day customers are told of', () => {
  it.each<[string, string, string | null]>([
    ['more than a fortnight before Christmas: nothing', '2026-12-10T12:00:00Z', null],
    ['a fortnight before', '2026-12-11T12:00:00Z', 'Closed on Friday 25 December'],
    ['on the day', '2026-12-25T09:00:00Z', 'Closed on Friday 25 December'],
    ['after Christmas, New Year’s Eve’s hours', '2026-12-26T12:00:00Z', 'Thursday 31 December: open 18:00-02:00'],
    ['after New Year’s Eve', '2027-01-01T12:00:00Z', null],
  ])('%s', (_label, now, notice) => {
    expect(specialDayNotice(at(now), OWNER)).toBe(notice);
  });
});

describe('ordering ahead follows the hours', () => {
  const kitchen = { settings: DEFAULT_KITCHEN_SETTINGS, state: { busy: null, pausedUntil: null }, queueLength: 0, load: new Map() };
  it('no slots on a special closed day', () => {
    // Christmas Eve (Thursday 17:00-23:00): tomorrow is closed, so every slot is Thursday's.
    const slots = kitchenSlots({ ...kitchen, hours: OWNER, now: at('2026-12-24T18:00:00Z') });
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((slot) => slot.toISOString().startsWith('2026-12-24'))).toBe(true);
  });
  it('a delivery’s slots start at Saturday’s delivery session, a collection’s at 11:30 and the quote after it', () => {
    const now = at('2026-11-28T09:00:00Z');
    expect(kitchenSlots({ ...kitchen, hours: OWNER, now, fulfilment: 'delivery' })[0]?.toISOString()).toBe('2026-11-28T17:00:00.000Z');
    expect(kitchenSlots({ ...kitchen, hours: OWNER, now, fulfilment: 'collection' })[0]?.toISOString()).toBe('2026-11-28T12:15:00.000Z');
  });
  it('nextOpening skips the closed day', () => {
    expect(nextOpening(at('2026-12-24T23:30:00Z'), OWNER).toISOString()).toBe('2026-12-26T11:30:00.000Z');
  });
});

describe('the week in words', () => {
  it('lists each day, closed days too', () => {
    expect(weekLines(OWNER).map((line) => `${line.day}: ${line.hours}`)).toEqual([
      'Sunday: 12:00-22:00',
      'Monday: Closed',
      'Tuesday: 11:30-14:00, 17:00-23:00',
      'Wednesday: 11:30-14:00, 17:00-23:00',
      'Thursday: 17:00-23:00',
      'Friday: 17:00-02:00 (next day)',
      'Saturday: 11:30-17:00 (collection only), 17:00-01:00 (next day)',
    ]);
  });
  it('summarises days with several sessions', () => {
    expect(openingHoursText(openingHoursSummary(OWNER))).toBe(
      'Sunday 12:00-22:00, Tuesday and Wednesday 11:30-14:00, 17:00-23:00, Thursday 17:00-23:00, Friday 17:00-02:00, Saturday 11:30-17:00, 17:00-01:00',
    );
  });
});
