import { describe, expect, it } from 'vitest';
import { nextComeBack } from './live-menu';

describe('when the open menu asks again by itself: the first sold-out item back after now', () => {
  const now = Date.parse('2026-11-28T00:20:00Z');
  it.each<[string, Array<Array<{ soldOutUntil: string | null }> | undefined>, string | null]>([
    ['nothing sold out', [[{ soldOutUntil: null }], []], null],
    ['not loaded yet', [undefined, undefined], null],
    ['until turned back on only', [[{ soldOutUntil: null }]], null],
    ['already back (an answer older than its instant)', [[{ soldOutUntil: '2026-11-28T00:00:00.000Z' }]], null],
    [
      'the earliest of products and toppings',
      [[{ soldOutUntil: '2026-11-28T12:00:00.000Z' }], [{ soldOutUntil: '2026-11-28T11:00:00.000Z' }, { soldOutUntil: null }]],
      '2026-11-28T11:00:00.000Z',
    ],
  ])('%s', (_name, lists, expected) => {
    const next = nextComeBack(lists, now);
    expect(next === null ? null : new Date(next).toISOString()).toBe(expected);
  });
});
