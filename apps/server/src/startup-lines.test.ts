import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, orderingStatus } from '@shop/shared/domain/opening-hours';
import { demoShopTime } from './db/seed/demo';
import { clockLine, londonClockText } from './startup-lines';

// What the start-up says about the clock (main.ts prints it under the URL and the admin sign-in). London in November
// is on GMT, in June on BST.
describe('the start-up line about the clock', () => {
  it('says the real clock, and that the shop takes orders', () => {
    expect(clockLine('real', new Date('2026-11-18T18:00:00Z'), DEFAULT_OPENING_HOURS)).toBe(
      'Clock: real time, Wednesday 18 November 2026, 18:00 in London. We are open until 23:15. Orders close at 23:00.',
    );
  });

  it('outside the hours, says how to try an order anyway', () => {
    expect(clockLine('real', new Date('2026-11-24T03:00:00Z'), DEFAULT_OPENING_HOURS)).toBe(
      'Clock: real time, Tuesday 24 November 2026, 03:00 in London. We are closed. We open today at 12:00. ' +
        'Orders follow the opening hours: to try one now, start with SHOP_TIME=2026-11-23T19:00:00Z (a moment the shop was open), or run npm run demo.',
    );
  });

  it('says when SHOP_TIME fixes the clock', () => {
    expect(clockLine('SHOP_TIME', new Date('2026-06-19T12:30:00Z'), DEFAULT_OPENING_HOURS)).toBe(
      'Clock: fixed by SHOP_TIME at Friday 19 June 2026, 13:30 in London (it does not move). We are closed. We open today at 14:00.',
    );
  });

  it('says when the demo fixes the clock', () => {
    expect(clockLine('demo', new Date('2026-11-23T19:00:00Z'), DEFAULT_OPENING_HOURS)).toMatch(
      /^Clock: fixed for the demo at Monday 23 November 2026, 19:00 in London, when the shop was taking orders \(it does not move; set SHOP_TIME to choose another moment\)\. We are open until 23:15/,
    );
    expect(londonClockText(new Date('2026-06-01T09:05:00Z'))).toBe('Monday 1 June 2026, 10:05');
  });
});

describe("npm run demo's clock", () => {
  it('is the real one while the shop takes orders, else the evening of the latest session begun', () => {
    expect(demoShopTime(new Date('2026-11-18T18:00:00Z'))).toBeUndefined();
    // Tuesday 03:00: Monday 19:00. Friday 13:00 (opens at 14:00): Thursday 19:00. Sunday 00:35 (Saturday's session,
    // past its cut-off): Saturday 19:00. Monday 23:05 (past the 23:00 cut-off): Monday 19:00. BST: Tuesday 02:00.
    expect(demoShopTime(new Date('2026-11-24T03:00:00Z'))?.toISOString()).toBe('2026-11-23T19:00:00.000Z');
    expect(demoShopTime(new Date('2026-11-20T13:00:00Z'))?.toISOString()).toBe('2026-11-19T19:00:00.000Z');
    expect(demoShopTime(new Date('2026-11-22T00:35:00Z'))?.toISOString()).toBe('2026-11-21T19:00:00.000Z');
    expect(demoShopTime(new Date('2026-11-23T23:05:00Z'))?.toISOString()).toBe('2026-11-23T19:00:00.000Z');
    expect(demoShopTime(new Date('2026-06-02T01:00:00Z'))?.toISOString()).toBe('2026-06-01T18:00:00.000Z');
  });

  it('at every quarter hour of a week (GMT and BST), takes orders and is no later than the real clock', () => {
    for (const start of ['2026-11-16T00:00:00Z', '2026-06-15T00:00:00Z']) {
      for (let quarter = 0; quarter < 7 * 24 * 4; quarter += 1) {
        const now = new Date(Date.parse(start) + quarter * 15 * 60_000);
        const clock = demoShopTime(now) ?? now;
        expect(orderingStatus(clock, DEFAULT_OPENING_HOURS).acceptingOrders, now.toISOString()).toBe(true);
        expect(clock.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(now.getTime() - clock.getTime()).toBeLessThan(24 * 3600_000);
      }
    }
  });
});
