import { describe, expect, it } from 'vitest';
import { buildPricingCatalogue, toPricedProduct, toPricedTopping } from './wire-pricing';

const id = (n: number) => n.toString(16).padStart(24, '0');

describe('the menu from the wire, as the pricing rules read it', () => {
  it('turns pounds into pence and blank prices into "not sold"', () => {
    const pizza = toPricedProduct({
      _id: id(1),
      title: 'Margherita',
      category: 'Pizza',
      regularDiscount: 7.49,
      mediumDiscount: '10.99',
      largeDiscount: '',
      extraLargeDiscount: null,
      deep_pan: 0,
      thin_crust: 0,
      stuffed_crust: 2,
    });
    expect(pizza.prices).toEqual({ s: 749, m: 1099, l: null, xl: null });
    expect(pizza.crust).toEqual({ deep_pan: 0, thin_crust: 0, stuffed_crust: 200 });
    expect(pizza.wingTypes).toBeNull();
    expect(pizza.drinkKind).toBeNull();
    expect(pizza.dealSlots).toBeNull();
  });

  it.each([
    ['a price with a third decimal', { toopingPrice: 0.555, category: 'Pizza' }],
    ['a blank price', { toopingPrice: '', category: 'Pizza' }],
    ['an unknown topping category', { toopingPrice: 0.5, category: 'Sauces' }],
  ])('leaves out a topping with %s', (_name, fields) => {
    expect(toPricedTopping({ _id: id(9), ToopingName: 'Odd', ...fields })).toBeNull();
  });

  it('builds the maps both the browser and the server price from', () => {
    const catalogue = buildPricingCatalogue(
      [
        {
          _id: id(2),
          title: 'Wings',
          category: 'Wings',
          regularDiscount: 4.99,
          mediumDiscount: 7.49,
          largeDiscount: '',
          extraLargeDiscount: '',
          normal: 0,
          boneless: 1,
        },
      ],
      [
        { _id: id(3), ToopingName: 'BBQ', toopingPrice: 0.6, category: 'Dips', allergens: ['sulphites', 'mustard'] },
        { _id: id(4), ToopingName: 'Odd', toopingPrice: 'x', category: 'Dips' },
      ],
    );
    expect(catalogue.products.get(id(2))?.wingTypes).toEqual({ normal: 0, boneless: 100 });
    expect([...catalogue.toppings.values()]).toEqual([
      { id: id(3), name: 'BBQ', category: 'Dips', price: 60, allergens: ['mustard', 'sulphites'] },
    ]);
    // A product without allergens on the wire (an older answer) has none.
    expect(catalogue.products.get(id(2))?.allergens).toEqual([]);
  });
});
