import { describe, expect, it } from 'vitest';
import { DEFAULT_TIPPING_POLICY, driverTip, tipLine, TIP_PRESETS, tipRefunded } from './tips';

describe('TIP_PRESETS: fixed amounts, ascending, none free', () => {
  it('offers £1, £2 and £3', () => {
    expect(TIP_PRESETS).toEqual([100, 200, 300]);
  });
});

describe('tipLine: the tip has a line only when there is one', () => {
  it.each([
    { tip: 200, line: 'Driver tip: £2.00' },
    { tip: 1, line: 'Driver tip: £0.01' },
    { tip: 1550, line: 'Driver tip: £15.50' },
    { tip: 0, line: null },
  ])('$tip: $line', ({ tip, line }) => {
    expect(tipLine(tip)).toBe(line);
  });
});

describe('tipRefunded and driverTip: a refund gives back the food and delivery first, the tip last', () => {
  // An order of £20 food + £2.50 delivery + a £3 tip: total £25.50.
  it.each([
    { label: 'nothing refunded', total: 2550, tip: 300, refundedTotal: 0, refunded: 0, driver: 300 },
    { label: 'a drink refunded', total: 2550, tip: 300, refundedTotal: 250, refunded: 0, driver: 300 },
    { label: 'all of the food and delivery', total: 2550, tip: 300, refundedTotal: 2250, refunded: 0, driver: 300 },
    { label: 'a penny into the tip', total: 2550, tip: 300, refundedTotal: 2251, refunded: 1, driver: 299 },
    { label: 'the whole order', total: 2550, tip: 300, refundedTotal: 2550, refunded: 300, driver: 0 },
    { label: 'no tip, the whole order', total: 2250, tip: 0, refundedTotal: 2250, refunded: 0, driver: 0 },
    { label: 'no tip, nothing refunded', total: 2250, tip: 0, refundedTotal: 0, refunded: 0, driver: 0 },
  ])('$label: $refunded refunded, $driver to the driver', ({ total, tip, refundedTotal, refunded, driver }) => {
    expect(tipRefunded({ total, tip, refundedTotal })).toBe(refunded);
    expect(driverTip({ total, tip, refundedTotal })).toBe(driver);
  });
});

describe('DEFAULT_TIPPING_POLICY: says what the law asks', () => {
  it.each([/in full/, /no deduction, card fees included/, /end of the month after/, /three years/, /ask in writing/])('%s', (words) => {
    expect(DEFAULT_TIPPING_POLICY).toMatch(words);
  });
});
