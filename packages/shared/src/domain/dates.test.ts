import { describe, expect, it } from 'vitest';
import { isInPeriod, PERIOD_KINDS, periodDatesLine, periodRange, shopDateTime } from './dates';

describe('shopDateTime: the order date and time in London', () => {
  it.each([
    ['a GMT evening', '2026-11-21T18:05:00Z', '21/11/2026', '18:05'],
    ['a BST evening (UTC+1)', '2026-07-10T17:05:00Z', '10/07/2026', '18:05'],
    ['a BST night that is still the previous day in UTC', '2026-07-10T23:30:00Z', '11/07/2026', '00:30'],
    ['just after midnight on New Year', '2027-01-01T00:01:00Z', '01/01/2027', '00:01'],
    ['a single-digit day and month', '2026-03-05T09:07:00Z', '05/03/2026', '09:07'],
    ['the first BST minute (clocks forward)', '2026-03-29T01:00:00Z', '29/03/2026', '02:00'],
    ['the repeated hour, second time (GMT again)', '2026-10-25T01:30:00Z', '25/10/2026', '01:30'],
  ])('%s: %s is %s %s', (_label, instant, date, time) => {
    expect(shopDateTime(new Date(instant))).toEqual({ date, time });
  });
});

describe('periodRange: the dashboard periods', () => {
  it.each([
    // Thursday 26 November 2026, GMT.
    ['today (GMT)', 'today', '2026-11-26T15:00:00Z', '2026-11-26T00:00:00.000Z', '2026-11-27T00:00:00.000Z'],
    ['yesterday (GMT)', 'lastDay', '2026-11-26T15:00:00Z', '2026-11-25T00:00:00.000Z', '2026-11-26T00:00:00.000Z'],
    ['the previous Monday-Sunday week (GMT)', 'lastWeek', '2026-11-26T15:00:00Z', '2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
    [
      'the previous calendar month (October starts on BST)',
      'lastMonth',
      '2026-11-26T15:00:00Z',
      '2026-09-30T23:00:00.000Z',
      '2026-11-01T00:00:00.000Z',
    ],
    // Friday 10 July 2026, BST: London midnight is 23:00 UTC the evening before.
    ['today (BST)', 'today', '2026-07-10T12:00:00Z', '2026-07-09T23:00:00.000Z', '2026-07-10T23:00:00.000Z'],
    ['yesterday (BST)', 'lastDay', '2026-07-10T12:00:00Z', '2026-07-08T23:00:00.000Z', '2026-07-09T23:00:00.000Z'],
    ['the previous week (BST)', 'lastWeek', '2026-07-10T12:00:00Z', '2026-06-28T23:00:00.000Z', '2026-07-05T23:00:00.000Z'],
    ['the previous month (BST)', 'lastMonth', '2026-07-10T12:00:00Z', '2026-05-31T23:00:00.000Z', '2026-06-30T23:00:00.000Z'],
    // 00:30 BST on Saturday 11 July is 23:30 UTC on Friday: the London day decides.
    ['today just after a BST midnight', 'today', '2026-07-10T23:30:00Z', '2026-07-10T23:00:00.000Z', '2026-07-11T23:00:00.000Z'],
    // On a Monday the previous week ended yesterday; on a Sunday it ended six days ago.
    ['last week seen on a Monday', 'lastWeek', '2026-11-23T09:00:00Z', '2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
    ['last week seen on a Sunday', 'lastWeek', '2026-11-29T09:00:00Z', '2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
    ['last month seen in January is December', 'lastMonth', '2027-01-15T09:00:00Z', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    ['yesterday seen on the 1st of March', 'lastDay', '2026-03-01T09:00:00Z', '2026-02-28T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    // A month across the spring clock change starts on GMT and ends on BST.
    [
      'March, seen in April (clock change inside)',
      'lastMonth',
      '2026-04-10T09:00:00Z',
      '2026-03-01T00:00:00.000Z',
      '2026-03-31T23:00:00.000Z',
    ],
    ['the 23-hour spring-forward Sunday', 'today', '2026-03-29T15:00:00Z', '2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z'],
    ['the 25-hour fall-back Sunday', 'today', '2026-10-25T15:00:00Z', '2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z'],
  ] as const)('%s', (_label, kind, now, start, end) => {
    const period = periodRange(kind, new Date(now));
    expect(period.start.toISOString()).toBe(start);
    expect(period.end.toISOString()).toBe(end);
  });

  it('an order at 23:59 yesterday counts for the last day, one at 00:00 today does not', () => {
    const lastDay = periodRange('lastDay', new Date('2026-11-26T15:00:00Z'));
    expect(isInPeriod(new Date('2026-11-25T23:59:59Z'), lastDay)).toBe(true);
    expect(isInPeriod(new Date('2026-11-26T00:00:00Z'), lastDay)).toBe(false);
    expect(isInPeriod(new Date('2026-11-25T00:00:00Z'), lastDay)).toBe(true);
  });
});

describe('periodDatesLine: the dates each dashboard period covers, on London’s calendar', () => {
  it.each<[string, string, string, string, string, string]>([
    // [case, shop clock, today, yesterday, last week, last month]
    [
      'a Saturday in November (GMT)',
      '2026-11-28T18:00:00Z',
      'Today: Sat 28 Nov',
      'Yesterday: Fri 27 Nov',
      'Last week: 16–22 Nov',
      'Last month: 1–31 Oct',
    ],
    [
      'the first of a month',
      '2026-12-01T09:00:00Z',
      'Today: Tue 1 Dec',
      'Yesterday: Mon 30 Nov',
      'Last week: 23–29 Nov',
      'Last month: 1–30 Nov',
    ],
    [
      'a week across two months',
      '2026-12-08T12:00:00Z',
      'Today: Tue 8 Dec',
      'Yesterday: Mon 7 Dec',
      'Last week: 30 Nov – 6 Dec',
      'Last month: 1–30 Nov',
    ],
    ['New Year’s Day', '2027-01-01T00:30:00Z', 'Today: Fri 1 Jan', 'Yesterday: Thu 31 Dec', 'Last week: 21–27 Dec', 'Last month: 1–31 Dec'],
    [
      'a week across the new year',
      '2027-01-05T10:00:00Z',
      'Today: Tue 5 Jan',
      'Yesterday: Mon 4 Jan',
      'Last week: 28 Dec 2026 – 3 Jan 2027',
      'Last month: 1–31 Dec',
    ],
    // 23:30 UTC on Sunday 29 March is already Monday 00:30 in London (BST began that morning).
    [
      'just after midnight in BST, still the day before in UTC',
      '2026-03-29T23:30:00Z',
      'Today: Mon 30 Mar',
      'Yesterday: Sun 29 Mar',
      'Last week: 23–29 Mar',
      'Last month: 1–28 Feb',
    ],
    // The day the clocks go back is 25 hours long: 23:30 UTC is 23:30 GMT, still Sunday 25 October.
    [
      'the evening the clocks went back',
      '2026-10-25T23:30:00Z',
      'Today: Sun 25 Oct',
      'Yesterday: Sat 24 Oct',
      'Last week: 12–18 Oct',
      'Last month: 1–30 Sep',
    ],
    [
      'a leap year’s February',
      '2028-03-01T12:00:00Z',
      'Today: Wed 1 Mar',
      'Yesterday: Tue 29 Feb',
      'Last week: 21–27 Feb',
      'Last month: 1–29 Feb',
    ],
  ])('%s (%s)', (_, clock, today, lastDay, lastWeek, lastMonth) => {
    const now = new Date(clock);
    expect(PERIOD_KINDS.map((kind) => periodDatesLine(kind, now))).toEqual([today, lastDay, lastWeek, lastMonth]);
  });
});
