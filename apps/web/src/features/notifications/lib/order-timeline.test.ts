import { describe, expect, it } from 'vitest';
import type { CustomerNotificationWire } from '@shop/shared/contract/orders';
import { announcementsOf, nextStepHint, ordersNewestFirst, orderTimeline } from './order-timeline';

const placed = { status: 'Pending Order' as const, date: '18/11/2026', time: '18:00', createdAt: '2026-11-18T18:00:00.000Z' };
const approved = { status: 'Approved Order' as const, date: '18/11/2026', time: '18:05', createdAt: '2026-11-18T18:05:00.000Z' };
const onTheWay = { status: 'On the way' as const, date: '18/11/2026', time: '18:31', createdAt: '2026-11-18T18:31:00.000Z' };

describe('orderTimeline', () => {
  it('lists the statuses newest first, the one the order has now marked current', () => {
    const steps = orderTimeline({ ...placed, status: 'On the way', statusHistory: [placed, approved, onTheWay] });
    expect(steps.map((step) => [step.status, step.time, step.current])).toEqual([
      ['On the way', '18:31', true],
      ['Approved Order', '18:05', false],
      ['Pending Order', '18:00', false],
    ]);
  });

  it('puts the last change on top when several share an instant (the answer lists them oldest first)', () => {
    const same = { date: placed.date, time: placed.time, createdAt: placed.createdAt };
    const steps = orderTimeline({
      ...placed,
      status: 'On the way',
      statusHistory: [placed, { ...approved, ...same }, { ...onTheWay, ...same }],
    });
    expect(steps.map((step) => step.status)).toEqual(['On the way', 'Approved Order', 'Pending Order']);
  });

  it('shows the order’s own status when the answer carries no history', () => {
    expect(orderTimeline({ ...placed, status: 'Approved Order', statusHistory: [] })).toEqual([
      { ...placed, status: 'Approved Order', current: true },
    ]);
  });
});

describe('ordersNewestFirst', () => {
  it('puts the newest order first, keeping the answer’s order for two placed in the same instant', () => {
    const orders = [
      { _id: 'a'.repeat(24), createdAt: '2026-11-17T12:00:00.000Z' },
      { _id: 'c'.repeat(24), createdAt: '2026-11-18T12:00:00.000Z' },
      { _id: 'b'.repeat(24), createdAt: '2026-11-18T12:00:00.000Z' },
    ];
    expect(ordersNewestFirst(orders).map((order) => order._id[0])).toEqual(['c', 'b', 'a']);
    expect(orders[0]?._id[0]).toBe('a');
  });
});

describe('announcementsOf', () => {
  it('keeps the shop’s notices and leaves out the order entries', () => {
    const { date, time, createdAt } = placed;
    const base = { description: '', status: null, imageUrl: null, orderId: null, date, time, createdAt };
    const feed: CustomerNotificationWire[] = [
      { ...base, _id: '1', kind: 'order', title: 'Order abcdef: Pending Order', orderId: 'x', status: 'Pending Order' },
      { ...base, _id: '2', kind: 'notice', title: 'Half price Tuesdays' },
    ];
    expect(announcementsOf(feed).map((item) => item.title)).toEqual(['Half price Tuesdays']);
  });
});

describe('nextStepHint', () => {
  it('says the page follows the order until it is delivered or canceled', () => {
    expect(nextStepHint('Pending Order')).toMatch(/updates/);
    expect(nextStepHint('On the way')).toMatch(/on its way/);
    expect(nextStepHint('Delivered Order')).toBeNull();
    expect(nextStepHint('Canceled Order')).toBeNull();
  });
});
