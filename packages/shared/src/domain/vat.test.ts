import { describe, expect, it } from 'vitest';
import { formatPounds } from './money';
import { spreadPence, vatBreakdown, vatIncluded, vatLineText, type VatInput, type VatRateLine } from './vat';

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

describe('vatBreakdown with discounts: each comes off the gross of the rates it applies to', () => {
  const PIZZA = { lineTotal: 1200, vatRate: 'standard' as const, productId: 'pizza', category: 'Pizzas' };
  const SALAD = { lineTotal: 600, vatRate: 'zero' as const, productId: 'salad', category: 'Salads' };
  const cases: Array<[string, VatInput, Array<[string, number, number]>]> = [
    [
      'none: the sale at full price',
      { lines: [PIZZA, SALAD], deliveryFee: 300 },
      [
        ['standard', 1500, 250],
        ['zero', 600, 0],
      ],
    ],
    [
      'an order-wide £3.00 spread over the food by rate, 2 : 1',
      { lines: [PIZZA, SALAD], deliveryFee: 300, discounts: [{ amount: 300, appliesTo: { on: 'order' } }] },
      [
        ['standard', 1300, 217],
        ['zero', 500, 0],
      ],
    ],
    [
      'pennies by largest remainder: £1.00 over 2 : 1 is 67p and 33p',
      { lines: [PIZZA, SALAD], discounts: [{ amount: 100, appliesTo: { on: 'order' } }] },
      [
        ['standard', 1133, 189],
        ['zero', 567, 0],
      ],
    ],
    [
      'free delivery comes off the standard-rated fee',
      { lines: [PIZZA, SALAD], deliveryFee: 300, discounts: [{ amount: 300, appliesTo: { on: 'delivery' } }] },
      [
        ['standard', 1200, 200],
        ['zero', 600, 0],
      ],
    ],
    [
      'a category’s discount only off its rate',
      { lines: [PIZZA, SALAD], discounts: [{ amount: 120, appliesTo: { on: 'category', category: 'Salads' } }] },
      [
        ['standard', 1200, 200],
        ['zero', 480, 0],
      ],
    ],
    [
      'a product’s discount only off its rate',
      { lines: [PIZZA, SALAD], discounts: [{ amount: 240, appliesTo: { on: 'product', productId: 'pizza' } }] },
      [
        ['standard', 960, 160],
        ['zero', 600, 0],
      ],
    ],
    [
      'a discount without a target (the stamp card) over the food and the fee',
      { lines: [PIZZA, SALAD], deliveryFee: 300, discounts: [{ amount: 700 }] },
      [
        ['standard', 1000, 167],
        ['zero', 400, 0],
      ],
    ],
    [
      'everything off leaves no line',
      {
        lines: [PIZZA],
        deliveryFee: 300,
        discounts: [
          { amount: 1200, appliesTo: { on: 'order' } },
          { amount: 300, appliesTo: { on: 'delivery' } },
        ],
      },
      [],
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    const lines = vatBreakdown(input);
    expect(lines.map((line) => [line.rate, line.gross, line.vat])).toEqual(expected);
    const paid =
      input.lines.reduce((sum, line) => sum + line.lineTotal, 0) +
      (input.deliveryFee ?? 0) -
      (input.discounts ?? []).reduce((sum, d) => sum + d.amount, 0);
    expect(lines.reduce((sum, line) => sum + line.gross, 0)).toBe(paid);
  });

  it.each<[number, number[], number[]]>([
    [100, [2, 1], [67, 33]],
    [100, [1, 1, 1], [34, 33, 33]],
    [5, [0, 0], [0, 0]],
    [7, [1, 0], [7, 0]],
  ])('spreadPence(%i, %j) is %j', (amount, weights, shares) => {
    expect(spreadPence(amount, weights)).toEqual(shares);
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
