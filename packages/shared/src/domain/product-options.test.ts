import { describe, expect, it } from 'vitest';
import {
  allowedCrusts,
  crustPricesFrom,
  defaultConfiguration,
  hasCrustChoice,
  hasWingTypes,
  sizeLabel,
  wingTypePricesFrom,
} from './product-options';
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

describe('crust and wing type prices from stored columns', () => {
  it.each([
    ['stuffed crust defined: a crust choice, blanks are 0', [0, null, 200], { deep_pan: 0, thin_crust: 0, stuffed_crust: 200 }],
    ['every crust priced', [0, 50, 250], { deep_pan: 0, thin_crust: 50, stuffed_crust: 250 }],
    ['stuffed crust blank (vegan): no crust choice', [0, 0, null], null],
    ['nothing stored: no crust choice', [undefined, undefined, undefined], null],
  ] as const)('%s', (_label, [deepPan, thin, stuffed], expected) => {
    expect(crustPricesFrom(deepPan, thin, stuffed)).toEqual(expected);
  });

  it.each([
    ['both priced', [0, 50], { normal: 0, boneless: 50 }],
    ['only boneless stored', [null, 75], { normal: 0, boneless: 75 }],
    ['neither: no type choice', [null, null], null],
  ] as const)('%s', (_label, [normal, boneless], expected) => {
    expect(wingTypePricesFrom(normal, boneless)).toEqual(expected);
  });
});
