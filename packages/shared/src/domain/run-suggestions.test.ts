import { describe, expect, it } from 'vitest';
import { MAX_RUN_STOPS, suggestRuns, type SuggestibleDelivery } from './run-suggestions';

// A November evening: London is on GMT, so 19:00Z reads 19:00.
const at = (clock: string) => new Date(`2026-11-20T${clock}:00Z`);
const order = (orderId: string, postcode: string, due: string | null): SuggestibleDelivery => ({
  orderId,
  postcode,
  dueAt: due ? at(due) : null,
});

describe('suggestRuns: same district, due close together, a few stops, best first', () => {
  it.each([
    {
      label: 'three in one sector within the window',
      orders: [order('a', 'BS6 5AB', '19:00'), order('b', 'bs65xy', '19:10'), order('c', 'BS6 5QQ', '19:05')],
      runs: [{ orderIds: ['a', 'c', 'b'], reason: '3 orders in BS6 5, due 19:00-19:10' }],
    },
    {
      label: 'two sectors of one district name the district',
      orders: [order('a', 'BS6 5AB', '19:00'), order('b', 'BS6 6AB', '19:00')],
      runs: [{ orderIds: ['a', 'b'], reason: '2 orders in BS6, due 19:00' }],
    },
    {
      label: 'another district never joins',
      orders: [order('a', 'BS6 5AB', '19:00'), order('b', 'BS7 8AB', '19:00')],
      runs: [],
    },
    {
      label: 'due more than 15 minutes after the first starts another group',
      orders: [order('a', 'BS6 5AB', '19:00'), order('b', 'BS6 5AC', '19:16'), order('c', 'BS6 5AD', '19:20')],
      runs: [{ orderIds: ['b', 'c'], reason: '2 orders in BS6 5, due 19:16-19:20' }],
    },
    {
      label: 'more stops first, then the earlier',
      orders: [
        order('x', 'BS1 4DJ', '18:30'),
        order('y', 'BS1 4DL', '18:35'),
        order('a', 'BS6 5AB', '19:00'),
        order('b', 'BS6 5AC', '19:01'),
        order('c', 'BS6 5AD', '19:02'),
      ],
      runs: [
        { orderIds: ['a', 'b', 'c'], reason: '3 orders in BS6 5, due 19:00-19:02' },
        { orderIds: ['x', 'y'], reason: '2 orders in BS1 4, due 18:30-18:35' },
      ],
    },
    {
      label: 'no post code or no time: left to the dispatcher',
      orders: [order('a', 'not a postcode', '19:00'), order('b', 'BS6 5AB', null), order('c', 'BS6 5AB', '19:00')],
      runs: [],
    },
    { label: 'nothing to send', orders: [], runs: [] },
  ])('$label', ({ orders, runs }) => {
    expect(suggestRuns(orders)).toEqual(runs);
  });

  it(`caps a run at ${MAX_RUN_STOPS} stops: the fourth starts the next`, () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((id, i) => order(id, 'BS6 5AB', `19:0${i}`));
    expect(suggestRuns(five)).toEqual([
      { orderIds: ['a', 'b', 'c'], reason: '3 orders in BS6 5, due 19:00-19:02' },
      { orderIds: ['d', 'e'], reason: '2 orders in BS6 5, due 19:03-19:04' },
    ]);
  });

  it('reads the clock in London: 18:00Z in June is 19:00', () => {
    const june = [
      { orderId: 'a', postcode: 'BS6 5AB', dueAt: new Date('2026-06-20T18:00:00Z') },
      { orderId: 'b', postcode: 'BS6 5AB', dueAt: new Date('2026-06-20T18:10:00Z') },
    ];
    expect(suggestRuns(june)[0]?.reason).toBe('2 orders in BS6 5, due 19:00-19:10');
  });
});
