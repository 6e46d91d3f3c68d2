import { describe, expect, it } from 'vitest';
import { allowedCrusts, defaultConfiguration, hasCrustChoice, hasWingTypes, sizeLabel } from './product-options';
import { anyTwoLarge, chips, cokeCan, hawaiian, margherita, meatFeast, shake, singlePack, veganGarden, wings } from './test-catalogue';

describe('what a product card offers', () => {
  it.each([
    ['a Margherita: regular, deep pan', margherita, { size: 's', crust: 'deep_pan', type: null }],
    ['a Meat Feast (no regular): medium, deep pan', meatFeast, { size: 'm', crust: 'deep_pan', type: null }],
    ['a pizza without crust prices: no crust', hawaiian, { size: 's', crust: null, type: null }],
    ['a vegan pizza: no crust (crust is for Pizza only)', veganGarden, { size: 's', crust: null, type: null }],
    ['wings: 6 Pcs, normal', wings, { size: 's', crust: null, type: 'normal' }],
    ['a shake: its single price', shake, { size: 's', crust: null, type: null }],
    ['a deal with pizzas: its size, deep pan for its pizzas', anyTwoLarge, { size: 'l', crust: 'deep_pan', type: null }],
  ])('%s', (_label, product, config) => {
    expect(defaultConfiguration(product)).toEqual(config);
  });

  it.each([
    ['a Margherita at regular: deep pan only', margherita, 's', ['deep_pan']],
    ['a Margherita at medium: all three crusts', margherita, 'm', ['deep_pan', 'thin_crust', 'stuffed_crust']],
    ['a Margherita at extra large: all three crusts', margherita, 'xl', ['deep_pan', 'thin_crust', 'stuffed_crust']],
    ['a pizza without crust prices: none', hawaiian, 'm', []],
    ['chips: none', chips, 's', []],
  ] as const)('crusts offered for %s', (_label, product, size, crusts) => {
    expect(allowedCrusts(product, size)).toEqual(crusts);
  });

  it.each([
    ['Margherita', margherita, true, false],
    ['Hawaiian (no crust prices)', hawaiian, false, false],
    ['Vegan Garden', veganGarden, false, false],
    ['Chicken Wings', wings, false, true],
    ['Single Pack', singlePack, false, false],
  ])('%s: crust choice %s, wing type choice %s', (_name, product, crust, type) => {
    expect(hasCrustChoice(product)).toBe(crust);
    expect(hasWingTypes(product)).toBe(type);
  });

  it.each([
    ['Chicken Wings', wings, 's', '6 Pcs'],
    ['Chicken Wings', wings, 'm', '10 Pcs'],
    ['Margherita', margherita, 's', 'Regular 7"'],
    ['Margherita', margherita, 'xl', 'Extra Large 15"'],
    ['Any 2 Large Pizzas', anyTwoLarge, 'l', 'Large 13"'],
    ['a can (single price)', cokeCan, 's', null],
    ['Chips (single price)', chips, 's', null],
  ] as const)('%s at %s is labelled %s', (_name, product, size, label) => {
    expect(sizeLabel(product, size)).toBe(label);
  });
});
