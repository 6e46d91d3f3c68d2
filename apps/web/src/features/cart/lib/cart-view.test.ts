import { describe, expect, it } from 'vitest';
import type { CartLine, CartQuoteAnswer } from '@shop/shared/contract/cart';
import { buildPricingCatalogue } from '@shop/shared/domain/wire-pricing';
import type { CartEntry } from '../../../lib/cart-store';
import { cartView, localQuote, soldOutInLine, type SoldOutMenu } from './cart-view';

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
      allergens: ['gluten', 'milk'],
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

  it("names each line's allergens once it is priced, none before", () => {
    const view = cartView(entries, localQuote(entries, catalogue, true), noServer);
    expect(view.lines.map((line) => line.allergens)).toEqual([['gluten', 'milk'], []]);
    expect(cartView(entries, localQuote(entries, catalogue, false), noServer).lines[0]?.allergens).toBeUndefined();
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
          allergens: [],
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
          allergens: [],
        },
      ],
      subtotal: 28.29,
      total: 28.29,
      meetsMinimum: true,
      minimumOrder: 10,
      discounts: [],
      discount: 0,
      tip: 0,
      promo: null,
      toPay: 28.29,
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

describe('what of a line is sold out, in the shop’s words', () => {
  type State = { soldOut: boolean; soldOutUntil: string | null };
  const today: State = { soldOut: true, soldOutUntil: '2026-11-28T12:00:00.000Z' };
  const held: State = { soldOut: true, soldOutUntil: null };
  const onSale: State = { soldOut: false, soldOutUntil: null };
  const menu = (pizza: State, pepperoni: State, cola: State): SoldOutMenu => ({
    products: new Map([
      [hex(1), { title: 'Margherita', ...pizza }],
      [hex(2), { title: 'Cola', ...cola }],
    ]),
    toppings: new Map([[hex(9), { ToopingName: 'Pepperoni', ...pepperoni }]]),
  });
  const pizzaLine: CartLine = { productId: hex(1), quantity: 1, toppingIds: [hex(9)] };
  const dealLine: CartLine = { productId: hex(3), quantity: 1, deal: { items: [{ slot: 0, productId: hex(2) }] } };
  it.each<[string, CartLine, SoldOutMenu, string | null]>([
    ['nothing sold out', pizzaLine, menu(onSale, onSale, onSale), null],
    ['the product, first', pizzaLine, menu(today, held, onSale), '"Margherita" is sold out today'],
    ['a topping', pizzaLine, menu(onSale, held, onSale), '"Pepperoni" is sold out'],
    ["a deal's choice", dealLine, menu(onSale, onSale, today), '"Cola" is sold out today'],
    ['a product the menu does not know', { productId: hex(7), quantity: 1 }, menu(onSale, onSale, onSale), null],
  ])('%s', (_name, line, soldOutMenu, words) => {
    expect(soldOutInLine(line, soldOutMenu)).toBe(words);
  });

  it('stops checkout at the first sold-out line, named by its index', () => {
    const view = cartView(entries, localQuote(entries, catalogue, true), noServer, menu(onSale, onSale, held));
    expect(view.lines.map((line) => line.soldOut)).toEqual([null, '"Cola" is sold out']);
    expect(view.problem).toEqual({ message: '"Cola" is sold out', lineIndex: 1 });
    expect(view.total).toBeNull();
  });
});
