import { describe, expect, it } from 'vitest';
import type { CartQuoteAnswer } from '@shop/shared/contract/cart';
import { buildPricingCatalogue } from '@shop/shared/domain/wire-pricing';
import type { CartEntry } from '../../../lib/cart-store';
import { cartView, localQuote } from './cart-view';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const catalogue = buildPricingCatalogue(
  [
    {
      _id: hex(1),
      title: 'Margherita',
      category: 'Pizza',
      regularDiscount: 7.49,
      mediumDiscount: 10.99,
      largeDiscount: '',
      extraLargeDiscount: '',
      deep_pan: 0,
      thin_crust: 0,
      stuffed_crust: 2,
    },
    {
      _id: hex(2),
      title: 'Cola',
      category: 'Drinks',
      regularDiscount: 1.29,
      mediumDiscount: '',
      largeDiscount: '',
      extraLargeDiscount: '',
    },
  ],
  [{ _id: hex(9), ToopingName: 'Pepperoni', toopingPrice: 1.2, category: 'Pizza' }],
);
const entries: CartEntry[] = [
  {
    key: 'a',
    line: { productId: hex(1), quantity: 2, size: 'm', crust: 'stuffed_crust' },
    display: { title: 'Margherita', imageUrl: null, category: 'Pizza' },
  },
  { key: 'b', line: { productId: hex(2), quantity: 1, size: 's' }, display: { title: 'Cola', imageUrl: null, category: 'Drinks' } },
];
const noServer = { data: undefined, current: false, error: null };

describe('what the cart shows', () => {
  it('prices the lines locally until the server answers', () => {
    const view = cartView(entries, localQuote(entries, catalogue, true), noServer);
    expect(view).toMatchObject({ total: 2 * 1299 + 129, confirmed: false, problem: null });
    expect(view.lines[0]).toMatchObject({
      title: 'Margherita',
      quantity: 2,
      details: ['Medium 10"', 'Stuffed Crust'],
      toppings: '',
      lineTotal: 2598,
    });
    // A drink takes no toppings, so it shows no 'No toppings added' line.
    expect(view.lines[1]).toMatchObject({ toppings: null, lineTotal: 129 });
  });

  it('shows the server’s total once it is for these lines: the server is the truth', () => {
    const answer: CartQuoteAnswer = {
      items: [
        {
          productId: hex(1),
          title: 'Margherita',
          category: 'Pizza',
          quantity: 2,
          size: 'm',
          sizeLabel: 'Medium 10"',
          crust: 'stuffed_crust',
          type: null,
          toopingNames: '',
          totalToopingPrice: 0,
          price: 13.5,
          totalQuantityPrice: 27,
          dealItems: [],
        },
        {
          productId: hex(2),
          title: 'Cola',
          category: 'Drinks',
          quantity: 1,
          size: 's',
          sizeLabel: null,
          crust: null,
          type: null,
          toopingNames: '',
          totalToopingPrice: 0,
          price: 1.29,
          totalQuantityPrice: 1.29,
          dealItems: [],
        },
      ],
      subtotal: 28.29,
      total: 28.29,
      meetsMinimum: true,
      minimumOrder: 10,
    };
    const view = cartView(entries, localQuote(entries, catalogue, true), { data: answer, current: true, error: null });
    expect(view).toMatchObject({ total: 2829, confirmed: true });
    expect(view.lines[0]?.lineTotal).toBe(2700);
    // A stale answer (for other lines) is not taken as the truth.
    expect(cartView(entries, localQuote(entries, catalogue, true), { data: answer, current: false, error: null })).toMatchObject({
      total: 2727,
      confirmed: false,
    });
  });

  it('has no total while the server refuses a line, and says which', () => {
    const view = cartView(entries, localQuote(entries, catalogue, true), {
      data: undefined,
      current: true,
      error: { message: 'This item is no longer available', lineIndex: 1 },
    });
    expect(view).toMatchObject({ total: null, confirmed: false, problem: { message: 'This item is no longer available', lineIndex: 1 } });
  });

  it('reports a line the local rules refuse (a product gone from the menu)', () => {
    const gone: CartEntry[] = [
      ...entries,
      { key: 'c', line: { productId: hex(7), quantity: 1 }, display: { title: 'Old Pizza', imageUrl: null, category: 'Pizza' } },
    ];
    const view = cartView(gone, localQuote(gone, catalogue, true), noServer);
    expect(view.problem).toEqual({ message: 'This item is no longer available', lineIndex: 2 });
    expect(view.lines[2]).toMatchObject({ title: 'Old Pizza', lineTotal: null });
  });
});
