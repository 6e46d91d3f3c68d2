import { describe, expect, it } from 'vitest';
import { formatPence, poundsToPence } from './money';

describe('money', () => {
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
    expect(poundsToPence(wire)).toBe(pence);
  });

  it.each([
    [1299, '£12.99'],
    [5, '£0.05'],
    [0, '£0.00'],
    [100000, '£1000.00'],
    [-250, '-£2.50'],
  ])('%s pence shows as %s', (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });
});
