import { describe, expect, it } from 'vitest';
import type { ProductWire } from '@shop/shared/contract/catalogue';
import { formCategories, newProductForm, priceGroups, priceProblem, productFormFromWire, productRequestFields } from './product-form';

const labels = (category: string) =>
  priceGroups(newProductForm(category)).map((group) => [group.heading, group.fields.map((field) => field.label)]);

const product = (overrides: Partial<ProductWire>): ProductWire => ({
  _id: 'a'.repeat(24),
  title: 'Margherita',
  description: 'Cheese',
  category: 'Pizza',
  regularDiscount: 7.99,
  mediumDiscount: 10.5,
  largeDiscount: '',
  extraLargeDiscount: '',
  deep_pan: 0,
  thin_crust: 0,
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
  ...overrides,
});

describe('the product form by category', () => {
  it('shows four sizes and the crust additions for Pizza, four sizes for Deals', () => {
    expect(labels('Pizza')).toEqual([
      ['Prices', ['Regular Price', 'Medium Price', 'Large Price', 'Extra Large Price']],
      ['Crust', ['Deep Pan', 'Thin Crust', 'Stuffed Crust']],
    ]);
    expect(labels('Deals')).toEqual([['Prices', ['Regular Price', 'Medium Price', 'Large Price', 'Extra Large Price']]]);
  });

  it('shows 6 and 10 pieces and the normal and boneless types for Wings, one Regular price otherwise', () => {
    expect(labels('Wings')).toEqual([
      ['Prices', ['6 Pcs Price', '10 Pcs Price']],
      ['Type', ['Normal', 'Boneless']],
    ]);
    expect(labels('Sides')).toEqual([['Prices', ['Regular Price']]]);
    expect(labels('Drinks')).toEqual([['Prices', ['Regular Price']]]);
  });

  it('starts a pizza with crusts 0, 0 and 2 and wings with types 0 and 0', () => {
    expect(newProductForm('Pizza').prices).toMatchObject({ deep_pan: '0', thin_crust: '0', stuffed_crust: '2' });
    expect(newProductForm('Wings').prices).toMatchObject({ normal: '0', boneless: '0', deep_pan: '' });
  });

  it('edits with stuffed crust 2 when the pizza has none, and keeps sizes the category would not show', () => {
    expect(productFormFromWire(product({})).prices.stuffed_crust).toBe('2');
    const vegan = productFormFromWire(product({ category: 'Vegan', deep_pan: null, thin_crust: null, largeDiscount: 12 }));
    expect(priceGroups(vegan)[0]?.fields.map((field) => field.name)).toEqual(['regularDiscount', 'mediumDiscount', 'largeDiscount']);
  });

  it('sends empty sizes as "" and empty crust and type prices as null', () => {
    const fields = productRequestFields({
      ...newProductForm('Sides'),
      title: ' Chips ',
      prices: { ...newProductForm('Sides').prices, regularDiscount: '2.5' },
    });
    expect(fields).toMatchObject({
      title: 'Chips',
      regularDiscount: '2.5',
      mediumDiscount: '',
      largeDiscount: '',
      deep_pan: null,
      normal: null,
    });
    expect(fields).not.toHaveProperty('drinkKind');
    const drink = productRequestFields({ ...newProductForm('Drinks'), drinkKind: 'can' });
    expect(drink.drinkKind).toBe('can');
  });

  it('shows and sends crust prices only for Pizza and type prices only for Wings, whatever the form still holds', () => {
    // Pizza, then Wings, then Sides: the defaults of both are still in the form's values.
    const side = {
      ...newProductForm('Sides'),
      prices: { ...newProductForm('Pizza').prices, normal: '0', boneless: '1', regularDiscount: '3' },
    };
    expect(priceGroups(side).map((group) => group.heading)).toEqual(['Prices']);
    expect(productRequestFields(side)).toMatchObject({
      deep_pan: null,
      thin_crust: null,
      stuffed_crust: null,
      normal: null,
      boneless: null,
    });
    const wings = { ...side, category: 'Wings' };
    expect(priceGroups(wings).map((group) => group.heading)).toEqual(['Prices', 'Type']);
    expect(productRequestFields(wings)).toMatchObject({ stuffed_crust: null, boneless: '1' });
  });

  it('names a price with three decimals or a minus sign', () => {
    const form = newProductForm('Pizza');
    expect(priceProblem({ ...form, prices: { ...form.prices, regularDiscount: '7.999' } })).toMatch(/^Regular Price/);
    expect(priceProblem({ ...form, prices: { ...form.prices, stuffed_crust: '-1' } })).toMatch(/^Stuffed Crust/);
    expect(priceProblem({ ...form, prices: { ...form.prices, regularDiscount: '7.5' } })).toBeNull();
  });

  it('allergens: a new form is not recorded (sent "null"), an edit keeps null or the list, [] is sent "" (none)', () => {
    expect(newProductForm('Sides').allergens).toBeNull();
    expect(productRequestFields(newProductForm('Sides')).allergens).toBe('null');
    expect(productFormFromWire(product({ allergens: null })).allergens).toBeNull();
    expect(productRequestFields(productFormFromWire(product({ allergens: [] }))).allergens).toBe('');
    expect(productRequestFields(productFormFromWire(product({ allergens: ['gluten', 'milk'] }))).allergens).toBe('gluten,milk');
  });

  it('leaves the category named All out of the dropdown', () => {
    expect(formCategories([{ categoriName: 'All' }, { categoriName: 'Pizza' }])).toEqual([{ categoriName: 'Pizza' }]);
  });
});
