import { describe, expect, it } from 'vitest';
import { orderAheadLine, type OrderAheadStatus } from './order-ahead';

const closed = (nextSlotAt: string | null): OrderAheadStatus => ({ acceptingOrders: false, closedReason: 'hours', nextSlotAt });

describe('orderAheadLine', () => {
  it.each([
    // [now, nextSlotAt, line]
    ['2026-11-25T23:30:00Z', '2026-11-26T17:45:00Z', 'Order ahead for tomorrow from 17:45'], // Wed night, GMT
    ['2026-11-26T09:00:00Z', '2026-11-26T17:45:00Z', 'Order ahead for today from 17:45'], // Thu morning, before opening
    ['2026-11-26T00:10:00Z', '2026-11-26T17:45:00Z', 'Order ahead for today from 17:45'], // past midnight: a new day
    ['2026-11-27T10:00:00Z', '2026-11-28T12:45:00Z', 'Order ahead for tomorrow from 12:45'], // Fri: full today, Sat next
    ['2026-11-27T10:00:00Z', '2026-11-29T12:45:00Z', 'Order ahead for Sunday from 12:45'],
    // British Summer Time: 16:45 UTC is 17:45 in London; 23:30 UTC on 1 July is already 2 July in London.
    ['2026-07-01T10:00:00Z', '2026-07-01T16:45:00Z', 'Order ahead for today from 17:45'],
    ['2026-07-01T23:30:00Z', '2026-07-02T16:45:00Z', 'Order ahead for today from 17:45'],
    // The clocks go back on Sunday 25 October 2026: Saturday night to Sunday.
    ['2026-10-24T23:30:00Z', '2026-10-25T12:45:00Z', 'Order ahead for today from 12:45'],
    ['2026-10-24T22:30:00Z', '2026-10-25T12:45:00Z', 'Order ahead for tomorrow from 12:45'],
  ])('at %s with the first slot %s: %s', (now, nextSlotAt, line) => {
    expect(orderAheadLine(closed(nextSlotAt), new Date(now))).toBe(line);
  });

  it('says nothing while orders are taken, while paused, or with no slot left', () => {
    const now = new Date('2026-11-25T23:30:00Z');
    const slot = '2026-11-26T17:45:00Z';
    expect(orderAheadLine({ acceptingOrders: true, closedReason: null, nextSlotAt: slot }, now)).toBeNull();
    expect(orderAheadLine({ acceptingOrders: false, closedReason: 'paused', nextSlotAt: slot }, now)).toBeNull();
    expect(orderAheadLine(closed(null), now)).toBeNull();
    expect(orderAheadLine(closed('not a date'), now)).toBeNull();
  });
});
