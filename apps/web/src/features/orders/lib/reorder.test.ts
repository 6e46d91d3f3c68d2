import { describe, expect, it } from 'vitest';
import type { OrderItemWire } from '@shop/shared/contract/orders';
import { itemDetails } from '../../../lib/order-items';
import { reorderLines } from './reorder';

const PIZZA = 'a'.repeat(24);
const DEAL = 'b'.repeat(24);
const GONE = 'c'.repeat(24);

function item(title: string, line: OrderItemWire['line'], extra: Partial<OrderItemWire> = {}): OrderItemWire {
  return {
    id: line.productId,
    title,
    description: '',
    category: 'Pizza',
    quantity: line.quantity,
    size: null,
    sizeLabel: null,
    crust: null,
    crustLabel: null,
    type: null,
    typeLabel: null,
    topping: '',
    toppingsPrice: 0,
    price: 10,
    totalQuantityPrice: 10 * line.quantity,
    dealItems: [],
    allergens: null,
    line,
    ...extra,
  };
}

const MENU = [
  { _id: PIZZA, title: 'Margherita', category: 'Pizza', imageUrl: '/api/images/x' },
  { _id: DEAL, title: 'Pizza Pair', category: 'Deals', imageUrl: null },
];

describe('reorder', () => {
  it('puts back the lines still sold, with their choices, and names the ones that are gone', () => {
    const pizza = { productId: PIZZA, quantity: 2, size: 'l' as const, crust: 'stuffed_crust' as const };
    const result = reorderLines(
      [
        item('Margherita', pizza),
        item('Retired Pizza', { productId: GONE, quantity: 1 }),
        item('Pizza Pair', {
          productId: DEAL,
          quantity: 1,
          deal: {
            items: [
              { slot: 0, productId: PIZZA },
              { slot: 0, productId: GONE },
            ],
          },
        }),
      ],
      MENU,
    );
    expect(result.lines).toEqual([{ line: pizza, display: { title: 'Margherita', imageUrl: '/api/images/x', category: 'Pizza' } }]);
    expect(result.missing).toEqual(['Retired Pizza', 'Pizza Pair']);
  });
});

describe('order display', () => {
  it('shows the item’s choices', () => {
    expect(
      itemDetails(
        item(
          'Margherita',
          { productId: PIZZA, quantity: 1 },
          { sizeLabel: 'Large 13"', crust: 'stuffed_crust', crustLabel: 'Stuffed Crust', topping: 'Pepperoni' },
        ),
      ),
    ).toBe('Large 13" · Stuffed Crust · Pepperoni');
  });
});
