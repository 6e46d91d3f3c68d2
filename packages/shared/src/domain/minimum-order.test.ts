import { describe, expect, it } from 'vitest';
import { MINIMUM_ORDER } from './messages';
import { DEFAULT_MINIMUM_ORDERS, lowestMinimum, minimumOrderFor, minimumOrderMessage } from './minimum-order';

describe('minimumOrderFor: the owner’s minimum per fulfilment, the zone’s on top', () => {
  const owner = { delivery: 1500, collection: 800 };
  it.each([
    ['the default, a delivery', DEFAULT_MINIMUM_ORDERS, 'delivery', 0, 1000],
    ['the default, a collection', DEFAULT_MINIMUM_ORDERS, 'collection', 0, 1000],
    ['the owner’s delivery minimum', owner, 'delivery', 0, 1500],
    ['the owner’s collection minimum', owner, 'collection', 0, 800],
    ['a zone’s larger minimum wins', owner, 'delivery', 2000, 2000],
    ['a zone’s smaller minimum does not lower the shop’s', owner, 'delivery', 1200, 1500],
    ['a zone does not count for a collection', owner, 'collection', 2000, 800],
    ['no minimum at all', { delivery: 0, collection: 0 }, 'delivery', 0, 0],
  ] as const)('%s', (_label, minimums, fulfilment, zone, expected) => {
    expect(minimumOrderFor(minimums, fulfilment, zone)).toBe(expected);
  });

  it('the lowest of the two is what any cart must reach', () => {
    expect(lowestMinimum(owner)).toBe(800);
    expect(lowestMinimum(DEFAULT_MINIMUM_ORDERS)).toBe(1000);
  });

  it('says the spec’s words for £10, and the amount set otherwise', () => {
    expect(minimumOrderMessage(1000)).toBe(MINIMUM_ORDER);
    expect(minimumOrderMessage(1550)).toBe('Minimum order amount is £15.50');
  });
});
