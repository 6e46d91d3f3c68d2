import { describe, expect, it } from 'vitest';
import { formatPounds } from './money';
import { vatBreakdown, vatIncluded, vatLineText, type VatInput, type VatRateLine } from './vat';

describe('vatIncluded: the VAT in a VAT-inclusive amount, rounded half up to the penny', () => {
  it.each([
    [0, 'standard', 0],
    [1, 'standard', 0], // 0.1667
    [2, 'standard', 0], // 0.3333
    [3, 'standard', 1], // 0.5: half rounds up
    [4, 'standard', 1], // 0.6667
    [9, 'standard', 2], // 1.5: half rounds up
    [15, 'standard', 3], // 2.5: half rounds up, not to even
    [600, 'standard', 100],
    [1200, 'standard', 200],
    [1003, 'standard', 167], // 167.1667
    [1005, 'standard', 168], // 167.5
    [1999, 'standard', 333], // 333.1667
    [2001, 'standard', 334], // 333.5
    [500_000, 'standard', 83_333], // 83333.33: the largest order
    [1200, 'zero', 0],
    [999_999, 'zero', 0],
  ] as const)('%i pence at the %s rate holds %i pence of VAT', (gross, rate, vat) => {
    expect(vatIncluded(gross, rate)).toBe(vat);
  });

  it('agrees with gross × 20 / 120 rounded half up for every amount up to £100', () => {
    for (let gross = 0; gross <= 10_000; gross += 1) {
      const exact = (gross * 20) / 120;
      const fraction = exact - Math.floor(exact);
      const expected = fraction >= 0.5 - 1e-9 ? Math.floor(exact) + 1 : Math.floor(exact);
      expect(vatIncluded(gross, 'standard'), `${gross}p`).toBe(expected);
    }
  });

  it.each([[-1], [1.5], [Number.NaN]])('refuses %s, which is not a whole number of pence', (gross) => {
    expect(() => vatIncluded(gross, 'standard')).toThrow(RangeError);
  });
});

describe('vatBreakdown: the VAT per rate on the rate’s gross total', () => {
  const cases: Array<[string, VatInput, VatRateLine[]]> = [
    ['nothing bought: no lines', { lines: [] }, []],
    [
      'standard-rated food only',
      {
        lines: [
          { lineTotal: 1299, vatRate: 'standard' },
          { lineTotal: 450, vatRate: 'standard' },
        ],
      },
      [{ rate: 'standard', percent: 20, gross: 1749, vat: 292 }], // 291.5 rounds up
    ],
    [
      'rounded once on the rate’s total, not per line: 3 lines of 3p are 9p, 2p of VAT (1.5 up), not 3 × 1p',
      {
        lines: [
          { lineTotal: 3, vatRate: 'standard' },
          { lineTotal: 3, vatRate: 'standard' },
          { lineTotal: 3, vatRate: 'standard' },
        ],
      },
      [{ rate: 'standard', percent: 20, gross: 9, vat: 2 }],
    ],
    [
      'a zero-rated line has its own line with no VAT',
      {
        lines: [
          { lineTotal: 1200, vatRate: 'standard' },
          { lineTotal: 350, vatRate: 'zero' },
        ],
      },
      [
        { rate: 'standard', percent: 20, gross: 1200, vat: 200 },
        { rate: 'zero', percent: 0, gross: 350, vat: 0 },
      ],
    ],
    [
      'the delivery fee is standard-rated, even when every line is zero-rated',
      { lines: [{ lineTotal: 1000, vatRate: 'zero' }], deliveryFee: 250 },
      [
        { rate: 'standard', percent: 20, gross: 250, vat: 42 }, // 41.67
        { rate: 'zero', percent: 0, gross: 1000, vat: 0 },
      ],
    ],
    [
      'the fee joins the standard lines before rounding',
      { lines: [{ lineTotal: 1003, vatRate: 'standard' }], deliveryFee: 2 },
      [{ rate: 'standard', percent: 20, gross: 1005, vat: 168 }], // 167.5, where 167 + 0 would be a penny short
    ],
    [
      'a line stored before rates (none given) is standard-rated',
      { lines: [{ lineTotal: 1200 }, { lineTotal: 600, vatRate: null }] },
      [{ rate: 'standard', percent: 20, gross: 1800, vat: 300 }],
    ],
    [
      'a free delivery adds nothing',
      { lines: [{ lineTotal: 500, vatRate: 'zero' }], deliveryFee: 0 },
      [{ rate: 'zero', percent: 0, gross: 500, vat: 0 }],
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(vatBreakdown(input)).toEqual(expected);
  });

  it('adds up to what the customer paid: the rates’ gross totals are the lines and the fee', () => {
    const input: VatInput = {
      lines: [
        { lineTotal: 1799, vatRate: 'standard' },
        { lineTotal: 199, vatRate: 'zero' },
      ],
      deliveryFee: 199,
    };
    expect(vatBreakdown(input).reduce((sum, line) => sum + line.gross, 0)).toBe(1799 + 199 + 199);
  });
});

describe('vatLineText: a receipt’s words', () => {
  it.each([
    [{ rate: 'standard', percent: 20, gross: 1200, vat: 200 }, 'VAT at 20% included: £2.00 of £12.00'],
    [{ rate: 'zero', percent: 0, gross: 350, vat: 0 }, 'Zero-rated (0% VAT): £3.50'],
  ] as const)('%j reads %j', (line, words) => {
    expect(vatLineText(line, formatPounds)).toBe(words);
  });
});
