import { describe, expect, it } from 'vitest';
import type { OrderStatusChangeWire } from '@shop/shared/contract/orders';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import { trackSteps } from './track-steps';

const change = (status: OrderStatus, time: string): OrderStatusChangeWire => ({
  status,
  date: '18/11/2026',
  time,
  createdAt: `2026-11-18T${time}:00.000Z`,
});

const placed = { date: '18/11/2026', time: '18:00', fulfilment: 'delivery' as const };

describe('trackSteps', () => {
  it('a new order: placed now, the rest to come', () => {
    const steps = trackSteps({ ...placed, status: 'Pending Order', statusHistory: [change('Pending Order', '18:00')] });
    expect(steps.map((step) => [step.label, step.state, step.at?.time ?? null])).toEqual([
      ['Pending Order', 'current', '18:00'],
      ['Approved Order', 'upcoming', null],
      ['On the way', 'upcoming', null],
      ['Delivered Order', 'upcoming', null],
    ]);
  });

  it('an accepted order: placed done, accepted now, with their times', () => {
    const steps = trackSteps({
      ...placed,
      status: 'Approved Order',
      statusHistory: [change('Pending Order', '18:00'), change('Approved Order', '18:03')],
    });
    expect(steps.map((step) => [step.label, step.state, step.at?.time ?? null])).toEqual([
      ['Pending Order', 'done', '18:00'],
      ['Approved Order', 'current', '18:03'],
      ['On the way', 'upcoming', null],
      ['Delivered Order', 'upcoming', null],
    ]);
  });

  it('a collection in its own words, and a step the shop skipped left out', () => {
    const steps = trackSteps({
      ...placed,
      fulfilment: 'collection',
      status: 'Delivered Order',
      statusHistory: [change('Pending Order', '18:00'), change('Approved Order', '18:03'), change('Delivered Order', '18:30')],
    });
    expect(steps.map((step) => [step.label, step.state])).toEqual([
      ['Pending Order', 'done'],
      ['Approved Order', 'done'],
      ['Collected', 'current'],
    ]);
    expect(trackSteps({ ...placed, fulfilment: 'collection', status: 'Approved Order', statusHistory: [] }).map((s) => s.label)).toEqual([
      'Pending Order',
      'Approved Order',
      'Ready to collect',
      'Collected',
    ]);
  });

  it('a canceled order ends at Canceled Order after the steps it passed', () => {
    const steps = trackSteps({
      ...placed,
      status: 'Canceled Order',
      statusHistory: [change('Pending Order', '18:00'), change('Canceled Order', '18:05')],
    });
    expect(steps.map((step) => [step.label, step.state, step.at?.time ?? null])).toEqual([
      ['Pending Order', 'done', '18:00'],
      ['Canceled Order', 'current', '18:05'],
    ]);
  });

  it('an order with no history is placed at its own date and time', () => {
    expect(trackSteps({ ...placed, status: 'Pending Order', statusHistory: [] })[0]).toEqual({
      status: 'Pending Order',
      label: 'Pending Order',
      state: 'current',
      at: { date: '18/11/2026', time: '18:00' },
    });
  });
});
