import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatPounds, formatToppingPrice, MIN_ORDER_PENCE, penceToPounds, poundsToPence, wirePricePence } from './money';

describe('poundsToPence', () => {
  it.each([
    [12.5, 1250],
    [0.29, 29],
    [0.1, 10],
    [2, 200],
    [0, 0],
    [19.99, 1999],
    [1234.56, 123456],
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['12.', 1200],
    ['.5', 50],
    [' 3.20 ', 320],
    ['0.07', 7],
  ])('converts %j pounds to %j pence', (input, expected) => {
    expect(poundsToPence(input)).toBe(expected);
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a negative number', -1],
    ['a negative cent', -0.01],
    ['three decimals', 1.234],
    ['three decimals as text', '1.234'],
    ['negative text', '-1.00'],
    ['empty text', ''],
    ['a lone point', '.'],
    ['words', 'ten'],
    ['exponent text', '1e3'],
    ['a comma decimal', '1,50'],
    ['an amount too large to count in pence', 1e20],
  ])('refuses %s (returns null)', (_label, input) => {
    expect(poundsToPence(input)).toBeNull();
  });

  it('round-trips every whole-pence amount through pounds exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (pence) => {
        expect(poundsToPence(penceToPounds(pence))).toBe(pence);
        expect(poundsToPence(penceToPounds(pence).toFixed(2))).toBe(pence);
      }),
    );
  });
});

describe('penceToPounds', () => {
  it.each([
    [1250, 12.5],
    [29, 0.29],
    [0, 0],
    [1000, 10],
    [1, 0.01],
  ])('%i pence is %d pounds', (pence, pounds) => {
    expect(penceToPounds(pence)).toBe(pounds);
  });

  it('refuses a fractional amount of pence', () => {
    expect(() => penceToPounds(12.5)).toThrow(RangeError);
  });
});

describe('formatPounds', () => {
  it.each([
    [1250, '£12.50'],
    [1000, '£10.00'],
    [5, '£0.05'],
    [0, '£0.00'],
    [123456, '£1234.56'],
    [-100, '-£1.00'],
  ])('%i pence shows as %s', (pence, text) => {
    expect(formatPounds(pence)).toBe(text);
  });
});

describe('formatToppingPrice', () => {
  it.each([
    [0, 'Free'],
    [50, '50p'],
    [1, '1p'],
    [99, '99p'],
    [100, '£1.00'],
    [120, '£1.20'],
    [250, '£2.50'],
  ])('a %i pence topping shows as %s', (pence, text) => {
    expect(formatToppingPrice(pence)).toBe(text);
  });
});

it('the minimum order is £10.00', () => {
  expect(formatPounds(MIN_ORDER_PENCE)).toBe('£10.00');
});

// The web app's own poundsToPence and formatPence gave way to these; their tables stay.
describe('wirePricePence', () => {
  it.each([
    [12.99, 1299],
    [0.1 + 0.2, 30],
    [2, 200],
    ['8.50', 850],
    ['', null],
    [null, null],
    [undefined, null],
    ['abc', null],
  ])('%s pounds on the wire is %s pence', (wire, pence) => {
    expect(wirePricePence(wire)).toBe(pence);
  });
});

describe('formatPounds, as the web app writes prices', () => {
  it.each([
    [1299, '£12.99'],
    [5, '£0.05'],
    [0, '£0.00'],
    [100000, '£1000.00'],
    [-250, '-£2.50'],
  ])('%s pence shows as %s', (pence, text) => {
    expect(formatPounds(pence)).toBe(text);
  });
});
