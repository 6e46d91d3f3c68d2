import { describe, expect, it } from 'vitest';
import { cartDeliveryNote, deliveryAreaLine, deliveryFeeRange, type DeliveryFeeRange } from './delivery-fee-range';
import { formatPounds } from './money';

describe('deliveryFeeRange: the lowest and highest fee of the zones', () => {
  it.each<[string, number[], DeliveryFeeRange | null]>([
    ['no zones (no shop post code)', [], null],
    ['the free home zone alone', [0], { from: 0, to: 0 }],
    ['one paid zone', [250], { from: 250, to: 250 }],
    ['free, then paid zones in any order', [350, 0, 200], { from: 0, to: 350 }],
    ['only paid zones', [300, 150], { from: 150, to: 300 }],
  ])('%s', (_, fees, range) => {
    expect(deliveryFeeRange(fees.map((fee) => ({ fee })))).toEqual(range);
  });
});

describe('cartDeliveryNote: what the cart says before checkout', () => {
  it.each<[DeliveryFeeRange | null, string | null]>([
    [null, null],
    [{ from: 0, to: 0 }, 'Free delivery in our area; free to collect'],
    [{ from: 250, to: 250 }, 'Delivery £2.50 in our area, shown at checkout; free to collect'],
    [{ from: 0, to: 350 }, 'Delivery from £0.00 to £3.50 by area, shown at checkout; free to collect'],
    [{ from: 150, to: 300 }, 'Delivery from £1.50 to £3.00 by area, shown at checkout; free to collect'],
  ])('%j: %s', (range, note) => {
    expect(cartDeliveryNote(range, formatPounds)).toBe(note);
  });
});

describe('deliveryAreaLine: where the shop delivers, from its zones', () => {
  it.each<[readonly string[] | null, string]>([
    [null, 'We deliver to every post code'],
    [[], 'We deliver within our delivery area: check your post code at checkout'],
    [['BS1'], 'We deliver to BS1 only'],
    [['BS1', 'BS6 5'], 'We deliver to BS1 and BS6 5'],
    [['BS1', 'BS2', 'BS6 5'], 'We deliver to BS1, BS2 and BS6 5'],
    [['BS1', 'BS2', 'BS3', 'BS4', 'BS5', 'BS6', 'BS7', 'BS8'], 'We deliver to BS1, BS2, BS3, BS4, BS5, BS6, BS7 and BS8'],
    [
      ['BS1', 'BS2', 'BS3', 'BS4', 'BS5', 'BS6', 'BS7', 'BS8', 'BS9'],
      'We deliver to BS1, BS2, BS3, BS4, BS5, BS6, BS7, BS8 and 1 more area: check your post code at checkout',
    ],
    [
      ['BS1', 'BS2', 'BS3', 'BS4', 'BS5', 'BS6', 'BS7', 'BS8', 'BS9', 'BS10'],
      'We deliver to BS1, BS2, BS3, BS4, BS5, BS6, BS7, BS8 and 2 more areas: check your post code at checkout',
    ],
  ])('%j: %s', (codes, line) => {
    expect(deliveryAreaLine(codes)).toBe(line);
  });
});
