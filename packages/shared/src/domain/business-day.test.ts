import { describe, expect, it } from 'vitest';
import { businessDateKey, businessDayRange } from './business-day';

describe('businessDateKey', () => {
  it.each([
    // Friday 27 November 2026, GMT.
    ['2026-11-27T05:00:00Z', '2026-11-27', 'the day starts at 05:00'],
    ['2026-11-27T19:30:00Z', '2026-11-27', 'Friday evening'],
    ['2026-11-27T23:59:00Z', '2026-11-27', 'a minute to midnight'],
    ['2026-11-28T00:30:00Z', '2026-11-27', 'half past midnight is still Friday night'],
    ['2026-11-28T04:59:00Z', '2026-11-27', 'the last minute of Friday night'],
    ['2026-11-28T05:00:00Z', '2026-11-28', 'Saturday from 05:00'],
    // Summer time: 05:00 in London is 04:00 UTC.
    ['2026-07-03T23:30:00Z', '2026-07-03', '23:30 UTC on Friday is 00:30 BST on Saturday, still Friday night'],
    ['2026-07-04T03:59:00Z', '2026-07-03', '04:59 BST on Saturday is Friday night'],
    ['2026-07-04T04:00:00Z', '2026-07-04', '05:00 BST starts Saturday'],
    // Month and year ends.
    ['2026-12-01T01:00:00Z', '2026-11-30', 'the small hours of 1 December are November’s'],
    ['2027-01-01T02:00:00Z', '2026-12-31', 'New Year’s Eve runs past midnight'],
  ])('%s is %s (%s)', (at, expected) => {
    expect(businessDateKey(new Date(at))).toBe(expected);
  });
});

describe('businessDayRange', () => {
  it.each([
    ['2026-11-27', '2026-11-27T05:00:00.000Z', '2026-11-28T05:00:00.000Z', 'a GMT day'],
    ['2026-07-03', '2026-07-03T04:00:00.000Z', '2026-07-04T04:00:00.000Z', 'a BST day'],
    // The clocks go forward at 01:00 GMT on Sunday 29 March 2026: that business day is 23 hours long.
    ['2026-03-28', '2026-03-28T05:00:00.000Z', '2026-03-29T04:00:00.000Z', 'the night the clocks go forward'],
    // They go back at 01:00 GMT on Sunday 25 October 2026: 25 hours.
    ['2026-10-24', '2026-10-24T04:00:00.000Z', '2026-10-25T05:00:00.000Z', 'the night the clocks go back'],
  ])('%s runs from %s to %s (%s)', (date, from, to) => {
    expect(businessDayRange(date)).toEqual({ from: new Date(from), to: new Date(to) });
  });

  it('holds exactly the instants whose business day it is', () => {
    const { from, to } = businessDayRange('2026-11-27');
    expect(businessDateKey(from)).toBe('2026-11-27');
    expect(businessDateKey(new Date(to.getTime() - 1))).toBe('2026-11-27');
    expect(businessDateKey(to)).toBe('2026-11-28');
  });
});
