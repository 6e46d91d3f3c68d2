import { describe, expect, it } from 'vitest';
import { watchdogWarnings, type WatchedDelivery } from './watchdog';

const now = new Date('2026-11-20T19:30:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const settings = { unassignedWarnMinutes: 10, lateDeliveryWarnMinutes: 15 };
const delivery = (over: Partial<WatchedDelivery>): WatchedDelivery => ({
  orderId: 'o1',
  orderNumber: '1042',
  status: 'Approved Order',
  readyAt: null,
  assigned: false,
  expectedAt: null,
  driverName: null,
  ...over,
});

describe('watchdogWarnings: ready with no driver, or on the way past its time', () => {
  it.each([
    {
      label: 'ready 12 min, unassigned',
      input: delivery({ readyAt: minutesAgo(12) }),
      warnings: [{ kind: 'unassigned', minutes: 12, message: 'Order 1042 ready 12 min, no driver' }],
    },
    { label: 'ready 9 min: not yet', input: delivery({ readyAt: minutesAgo(9) }), warnings: [] },
    { label: 'ready exactly 10 min: warns', input: delivery({ readyAt: minutesAgo(10) }), warnings: [{ kind: 'unassigned', minutes: 10 }] },
    { label: 'ready long ago but on a run', input: delivery({ readyAt: minutesAgo(40), assigned: true }), warnings: [] },
    { label: 'accepted, never said ready', input: delivery({ expectedAt: minutesAgo(60) }), warnings: [] },
    {
      label: 'on the way 20 min past its time',
      input: delivery({ status: 'On the way', assigned: true, expectedAt: minutesAgo(20), driverName: 'Sam' }),
      warnings: [{ kind: 'late', minutes: 20, message: 'Order 1042 on the way with Sam, 20 min past its time' }],
    },
    {
      label: 'on the way 14 min past: not yet',
      input: delivery({ status: 'On the way', expectedAt: minutesAgo(14) }),
      warnings: [],
    },
    {
      label: 'on the way, no driver recorded (moved by hand)',
      input: delivery({ status: 'On the way', expectedAt: minutesAgo(30) }),
      warnings: [{ kind: 'late', minutes: 30, message: 'Order 1042 on the way, 30 min past its time' }],
    },
    { label: 'delivered late: nothing to do', input: delivery({ status: 'Delivered Order', expectedAt: minutesAgo(60) }), warnings: [] },
    { label: 'canceled while ready', input: delivery({ status: 'Canceled Order', readyAt: minutesAgo(60) }), warnings: [] },
  ])('$label', ({ input, warnings }) => {
    expect(watchdogWarnings(now, settings, [input])).toEqual(warnings.map((warning) => expect.objectContaining(warning)));
  });

  it('0 minutes turns a warning off', () => {
    const both = [delivery({ readyAt: minutesAgo(60) }), delivery({ orderId: 'o2', status: 'On the way', expectedAt: minutesAgo(60) })];
    expect(watchdogWarnings(now, { unassignedWarnMinutes: 0, lateDeliveryWarnMinutes: 0 }, both)).toEqual([]);
  });

  it('lists the unassigned first, the longest wait first', () => {
    const list = [
      delivery({ orderId: 'late', orderNumber: '1', status: 'On the way', expectedAt: minutesAgo(50) }),
      delivery({ orderId: 'short', orderNumber: '2', readyAt: minutesAgo(11) }),
      delivery({ orderId: 'long', orderNumber: '3', readyAt: minutesAgo(25) }),
    ];
    expect(watchdogWarnings(now, settings, list).map((warning) => warning.orderId)).toEqual(['long', 'short', 'late']);
  });
});
