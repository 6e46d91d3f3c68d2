import { describe, expect, it } from 'vitest';
import { deliveryFeeLine } from './delivery-fee-line';

describe('deliveryFeeLine: the fee has its own line on a delivery that pays one', () => {
  it.each([
    { label: 'a delivery with a fee', fulfilment: 'delivery', deliveryFee: 250, line: 250 },
    { label: 'a delivery of a penny', fulfilment: 'delivery', deliveryFee: 1, line: 1 },
    { label: 'a free delivery', fulfilment: 'delivery', deliveryFee: 0, line: null },
    { label: 'a collection', fulfilment: 'collection', deliveryFee: 0, line: null },
    { label: 'a collection carrying a fee by mistake', fulfilment: 'collection', deliveryFee: 250, line: null },
  ] as const)('$label: $line', ({ fulfilment, deliveryFee, line }) => {
    expect(deliveryFeeLine({ fulfilment, deliveryFee })).toBe(line);
  });
});
