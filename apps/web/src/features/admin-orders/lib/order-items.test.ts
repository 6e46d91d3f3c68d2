import { describe, expect, it } from 'vitest';
import type { OrderItemWire } from '@shop/shared/contract/orders';
import { itemChoices } from './order-items';

const item = (overrides: Partial<OrderItemWire>): OrderItemWire => ({
  id: 'a'.repeat(24),
  title: 'Margherita',
  description: '',
  category: 'Pizza',
  quantity: 1,
  size: 'l',
  sizeLabel: 'Large 13"',
  crust: 'stuffed_crust',
  crustLabel: 'Stuffed Crust',
  type: null,
  typeLabel: null,
  topping: 'Pepperoni, Mushrooms',
  toppingsPrice: 1.5,
  price: 14.49,
  totalQuantityPrice: 14.49,
  dealItems: [],
  allergens: ['milk', 'gluten'],
  line: { productId: 'a'.repeat(24), quantity: 1 },
  ...overrides,
});

describe('an order item’s choices', () => {
  it('lists the size, the crust and the toppings of a pizza', () => {
    expect(itemChoices(item({}))).toEqual(['Large 13"', 'Stuffed Crust', 'Toppings: Pepperoni, Mushrooms', 'Allergens: Gluten, Milk']);
  });

  it('lists a wing type and a deal’s picks, and leaves out what was not chosen', () => {
    expect(
      itemChoices(
        item({
          category: 'Wings',
          sizeLabel: '6 Pcs',
          crust: null,
          crustLabel: null,
          type: 'boneless',
          typeLabel: 'Boneless',
          topping: '',
          allergens: [],
        }),
      ),
    ).toEqual(['6 Pcs', 'Boneless', 'Allergens: none of the 14']);
    expect(
      itemChoices(
        item({ sizeLabel: null, crust: null, crustLabel: null, topping: '', dealItems: ['Margherita', 'Hawaiian'], allergens: null }),
      ),
    ).toEqual(['Deal: Margherita, Hawaiian', 'Allergens: not recorded']);
  });
});
