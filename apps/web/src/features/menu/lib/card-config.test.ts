import { describe, expect, it } from 'vitest';
import { priceLine } from '@shop/shared/domain/pricing';
import { buildPricingCatalogue } from '@shop/shared/domain/wire-pricing';
import {
  cardLine,
  crustOptions,
  extrasLabel,
  initialChoice,
  sizeOptions,
  toppingGroups,
  typeOptions,
  withSize,
  withToppingToggled,
} from './card-config';
import type { MenuProduct, MenuTopping } from '../../../lib/menu-types';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const wire = (
  n: number,
  title: string,
  category: string,
  prices: [number | '', number | '', number | '', number | ''],
  more: Partial<MenuProduct> = {},
): MenuProduct => ({
  _id: hex(n),
  title,
  description: '',
  category,
  regularDiscount: prices[0],
  mediumDiscount: prices[1],
  largeDiscount: prices[2],
  extraLargeDiscount: prices[3],
  deep_pan: null,
  thin_crust: null,
  stuffed_crust: null,
  normal: null,
  boneless: null,
  drinkKind: null,
  dealSlots: null,
  imageUrl: null,
  allergens: [],
  vatRate: 'standard',
  soldOut: false,
  soldOutUntil: null,
  ...more,
});
const products = [
  wire(1, 'Margherita', 'Pizza', [7.49, 10.99, 13.99, 16.99], { deep_pan: 0, thin_crust: 0, stuffed_crust: 2 }),
  wire(2, 'Meat Feast', 'Pizza', ['', 12.99, 15.99, ''], { deep_pan: 0, thin_crust: 0, stuffed_crust: 2 }),
  wire(3, 'Vegan Margherita', 'Vegan', [7.99, 11.49, 14.49, 17.49], { deep_pan: 0, thin_crust: 0, stuffed_crust: null }),
  wire(4, 'BBQ Wings', 'Wings', [5.99, 8.99, '', ''], { normal: 0, boneless: 0.5 }),
  wire(5, 'Chocolate Shake', 'Shakes', [3.99, '', '', '']),
  wire(6, 'Coca-Cola Can', 'Drinks', [1.29, '', '', ''], { drinkKind: 'can' }),
];
const toppings: MenuTopping[] = [
  {
    _id: hex(101),
    ToopingName: 'Pepperoni',
    toopingPrice: 1.2,
    category: 'Pizza',
    imageUrl: null,
    allergens: [],
    soldOut: false,
    soldOutUntil: null,
  },
  {
    _id: hex(102),
    ToopingName: 'Oregano',
    toopingPrice: 0,
    category: 'Pizza',
    imageUrl: null,
    allergens: [],
    soldOut: false,
    soldOutUntil: null,
  },
  {
    _id: hex(103),
    ToopingName: 'Sesame Seed Crust',
    toopingPrice: 0.5,
    category: 'Crust',
    imageUrl: null,
    allergens: [],
    soldOut: false,
    soldOutUntil: null,
  },
  {
    _id: hex(104),
    ToopingName: 'Chocolate Flavour',
    toopingPrice: 0.99,
    category: 'Shakes',
    imageUrl: null,
    allergens: [],
    soldOut: false,
    soldOutUntil: null,
  },
  {
    _id: hex(105),
    ToopingName: 'Caramel Flavour',
    toopingPrice: 0.99,
    category: 'Shakes',
    imageUrl: null,
    allergens: [],
    soldOut: false,
    soldOutUntil: null,
  },
  {
    _id: hex(106),
    ToopingName: 'BBQ',
    toopingPrice: 0.6,
    category: 'Dips',
    imageUrl: null,
    allergens: [],
    soldOut: false,
    soldOutUntil: null,
  },
];
const catalogue = buildPricingCatalogue(products, toppings);
const product = (n: number) => {
  const found = catalogue.products.get(hex(n));
  if (!found) throw new Error('missing');
  return found;
};

describe('a product card', () => {
  it.each([
    ['Margherita: the four sizes in inches', 1, ['Regular 7"', 'Medium 10"', 'Large 13"', 'Extra Large 15"']],
    ['Meat Feast: only the priced sizes', 2, ['Medium 10"', 'Large 13"']],
    ['wings: pieces', 4, ['6 Pcs', '10 Pcs']],
    ['a shake: no size buttons (one price)', 5, []],
  ])('%s', (_label, n, labels) => {
    expect(sizeOptions(product(n)).map((option) => option.label)).toEqual(labels);
  });

  it('starts on the first priced size with deep pan, and normal wings', () => {
    expect(initialChoice(product(2))).toEqual({ size: 'm', crust: 'deep_pan', type: null, toppingIds: [] });
    expect(initialChoice(product(4))).toEqual({ size: 's', crust: null, type: 'normal', toppingIds: [] });
  });

  it('offers a crust only for Pizza with stuffed crust defined, disabling thin and stuffed at size s', () => {
    expect(crustOptions(product(1), 's').map((o) => [o.label, o.disabled])).toEqual([
      ['Deep Pan', false],
      ['Thin Crust', true],
      ['Stuffed Crust', true],
    ]);
    expect(crustOptions(product(1), 'm').map((o) => [o.label, o.price, o.disabled])).toEqual([
      ['Deep Pan', 0, false],
      ['Thin Crust', 0, false],
      ['Stuffed Crust', 200, false],
    ]);
    expect(crustOptions(product(3), 'm')).toEqual([]);
    expect(crustOptions(product(4), 'm')).toEqual([]);
  });

  it('forces deep pan when the size goes to s', () => {
    const stuffedLarge = { ...initialChoice(product(1)), size: 'l' as const, crust: 'stuffed_crust' as const };
    expect(withSize(product(1), stuffedLarge, 's').crust).toBe('deep_pan');
    expect(withSize(product(1), stuffedLarge, 'm').crust).toBe('stuffed_crust');
  });

  it('offers wing types with their add-on', () => {
    expect(typeOptions(product(4))).toEqual([
      { type: 'normal', label: 'Normal', price: 0 },
      { type: 'boneless', label: 'Boneless', price: 50 },
    ]);
    expect(typeOptions(product(1))).toEqual([]);
  });

  it('groups the toppings a product takes', () => {
    expect(toppingGroups(product(1), catalogue).map((g) => [g.title, g.toppings.map((t) => t.name)])).toEqual([
      ['Pizza Toppings', ['Pepperoni', 'Oregano']],
      ['Crust Toppings', ['Sesame Seed Crust']],
    ]);
    expect(toppingGroups(product(5), catalogue).map((g) => g.title)).toEqual(['Flavours']);
    expect(toppingGroups(product(4), catalogue).map((g) => g.title)).toEqual(['Dips']);
    expect(toppingGroups(product(6), catalogue)).toEqual([]);
    expect([1, 5, 4, 6].map((n) => extrasLabel(product(n)))).toEqual(['Toppings', 'Flavours', 'Dips', null]);
  });

  it('builds lines the pricing module accepts, at the price the card shows', () => {
    let choice = withSize(product(1), initialChoice(product(1)), 'l');
    choice = { ...choice, crust: 'stuffed_crust' };
    choice = withToppingToggled(choice, hex(101));
    expect(cardLine(product(1), choice)).toEqual({
      productId: hex(1),
      quantity: 1,
      size: 'l',
      crust: 'stuffed_crust',
      toppingIds: [hex(101)],
    });
    expect(priceLine(cardLine(product(1), choice), catalogue).unitPrice).toBe(1399 + 200 + 120);

    const shake = withToppingToggled(withToppingToggled(initialChoice(product(5)), hex(104)), hex(105));
    expect(priceLine(cardLine(product(5), shake), catalogue).unitPrice).toBe(399 + 99);
    expect(withToppingToggled(shake, hex(104)).toppingIds).toEqual([hex(105)]);

    const wings = { ...initialChoice(product(4)), type: 'boneless' as const };
    expect(priceLine(cardLine(product(4), wings), catalogue).unitPrice).toBe(599 + 50);
    expect(cardLine(product(6), initialChoice(product(6)))).toEqual({ productId: hex(6), quantity: 1, size: 's' });
  });
});
