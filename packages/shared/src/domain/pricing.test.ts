import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CartLine } from '../contract/cart';
import { allowedToppingCategories, availableSizes, defaultSize, PricingError, priceLine, quoteCart, sameConfiguration } from './pricing';
import {
  anyTwoLarge,
  bbqDip,
  bbqDipPot,
  cheesyCrust,
  chips,
  cokeCan,
  cookie,
  extraCheese,
  fussyEaters,
  garlicBread,
  garlicDip,
  hawaiian,
  margherita,
  mealForTwo,
  meatFeast,
  MISSING_ID,
  mushroom,
  nachos,
  olives,
  oreo,
  pepperoni,
  pepsiBottle,
  shake,
  singlePack,
  testCatalogue,
  TEST_PRODUCTS,
  unpricedSide,
  vanilla,
  veganGarden,
  water,
  wings,
} from './test-catalogue';

const line = (productId: string, more: Partial<CartLine> = {}): CartLine => ({ productId, quantity: 1, ...more });

function refusal(l: CartLine): { code: string; message: string } {
  try {
    priceLine(l, testCatalogue);
  } catch (error) {
    if (error instanceof PricingError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected the line to be refused');
}

describe('sizes offered', () => {
  it.each([
    ['a pizza priced in all four sizes', margherita, ['s', 'm', 'l', 'xl'], 's'],
    ['a pizza with a blank extra large', pepperoni, ['s', 'm', 'l'], 's'],
    ['a pizza whose large price is 0', hawaiian, ['s', 'm'], 's'],
    ['a pizza with no regular price, which defaults to medium', meatFeast, ['m', 'l'], 'm'],
    ['wings (6 Pcs and 10 Pcs)', wings, ['s', 'm'], 's'],
    ['a single-price side', chips, ['s'], 's'],
    ['a deal sold large only', anyTwoLarge, ['l'], 'l'],
    ['a product without any price (not for sale)', unpricedSide, [], null],
  ])('%s: sizes %j, default %s', (_label, product, sizes, byDefault) => {
    expect(availableSizes(product)).toEqual(sizes);
    expect(defaultSize(product)).toBe(byDefault);
  });
});

describe('topping categories each product category takes', () => {
  it.each([
    ['Pizza', ['Pizza', 'Crust']],
    ['Vegan', ['Pizza', 'Crust']],
    ['Shakes', ['Shakes']],
    ['Wings', ['Dips']],
    ['Sides', ['Dips']],
    ['Nachos', ['Dips']],
    ['Sides To Share', ['Dips']],
    ['Deals', []],
    ['Drinks', []],
    ['Desserts', []],
    ['Dips', []],
    ['Crust', []],
  ])('%s takes %j', (category, toppingCategories) => {
    expect(allowedToppingCategories(category)).toEqual(toppingCategories);
  });
});

describe('priceLine: what a configured item costs', () => {
  it.each([
    ['a regular Margherita by default (7", deep pan)', line(margherita.id), 799, 'Regular 7"', 'deep_pan'],
    ['a large Margherita', line(margherita.id, { size: 'l' }), 1399, 'Large 13"', 'deep_pan'],
    ['a medium Margherita, thin crust (free)', line(margherita.id, { size: 'm', crust: 'thin_crust' }), 1099, 'Medium 10"', 'thin_crust'],
    [
      'a medium Margherita, stuffed crust (+£2.00)',
      line(margherita.id, { size: 'm', crust: 'stuffed_crust' }),
      1299,
      'Medium 10"',
      'stuffed_crust',
    ],
    ['a medium Pepperoni, thin crust (+50p)', line(pepperoni.id, { size: 'm', crust: 'thin_crust' }), 1249, 'Medium 10"', 'thin_crust'],
    [
      'an extra large Margherita, stuffed, mushroom and extra cheese',
      line(margherita.id, { size: 'xl', crust: 'stuffed_crust', toppingIds: [mushroom.id, extraCheese.id] }),
      1599 + 200 + 50 + 120,
      'Extra Large 15"',
      'stuffed_crust',
    ],
    ['a Meat Feast with no size given (default medium)', line(meatFeast.id), 1299, 'Medium 10"', 'deep_pan'],
    ['a Hawaiian (no crust choice)', line(hawaiian.id, { size: 'm' }), 999, 'Medium 10"', null],
    [
      'a Vegan pizza with a Pizza topping and a Crust topping',
      line(veganGarden.id, { toppingIds: [mushroom.id, cheesyCrust.id] }),
      899 + 50 + 150,
      'Regular 7"',
      null,
    ],
    ['a pizza with a free topping (Olives)', line(margherita.id, { toppingIds: [olives.id] }), 799, 'Regular 7"', 'deep_pan'],
    ['6 normal wings by default', line(wings.id), 599, '6 Pcs', null],
    ['10 boneless wings (+£1.00)', line(wings.id, { size: 'm', type: 'boneless' }), 999, '10 Pcs', null],
    ['wings with a BBQ dip', line(wings.id, { toppingIds: [bbqDip.id] }), 649, '6 Pcs', null],
    ['chips with two dips, one free', line(chips.id, { toppingIds: [bbqDip.id, garlicDip.id] }), 349, null, null],
    ['nachos with a dip', line(nachos.id, { toppingIds: [bbqDip.id] }), 600, null, null],
    ['a side to share with a dip', line(garlicBread.id, { toppingIds: [garlicDip.id] }), 499, null, null],
    ['a dessert', line(cookie.id), 350, null, null],
    ['a dip pot', line(bbqDipPot.id), 60, null, null],
  ])('%s costs %i pence', (_label, l, unit, sizeLabel, crust) => {
    const priced = priceLine(l, testCatalogue);
    expect(priced.unitPrice).toBe(unit);
    expect(priced.lineTotal).toBe(unit);
    expect(priced.sizeLabel).toBe(sizeLabel);
    expect(priced.crust).toBe(crust);
  });

  it.each([
    [1, 1399],
    [2, 2798],
    [3, 4197],
    [99, 138501],
  ])('a quantity of %i large Margheritas totals %i pence (price × quantity)', (quantity, total) => {
    expect(priceLine(line(margherita.id, { size: 'l', quantity }), testCatalogue).lineTotal).toBe(total);
  });

  it.each([
    ['one flavour is charged', [oreo.id], 450 + 150, [150]],
    ['only the first of two flavours is charged', [vanilla.id, oreo.id], 450 + 100, [100, 0]],
    ['the first flavour is charged even when a later one costs more', [vanilla.id, oreo.id], 550, [100, 0]],
    ['the first flavour is charged when it is the dearer one', [oreo.id, vanilla.id], 600, [150, 0]],
    ['no flavour costs nothing extra', [], 450, []],
  ])('Shakes: %s', (_label, toppingIds, unit, charged) => {
    const priced = priceLine(line(shake.id, { toppingIds }), testCatalogue);
    expect(priced.unitPrice).toBe(unit);
    expect(priced.toppings.map((t) => t.charged)).toEqual(charged);
    expect(priced.toppingsPrice).toBe(charged.reduce((a, b) => a + b, 0));
  });

  it('carries what the order history shows: title, size, crust, type, topping names and topping price', () => {
    const priced = priceLine(
      line(margherita.id, { size: 'm', crust: 'stuffed_crust', toppingIds: [mushroom.id, extraCheese.id], quantity: 2 }),
      testCatalogue,
    );
    expect(priced).toMatchObject({
      title: 'Margherita',
      category: 'Pizza',
      quantity: 2,
      size: 'm',
      crust: 'stuffed_crust',
      crustLabel: 'Stuffed Crust',
      type: null,
      toopingNames: 'Mushroom, Extra Cheese',
      toppingsPrice: 170,
      unitPrice: 1469,
      lineTotal: 2938,
      dealItemTitles: [],
    });
    const boneless = priceLine(line(wings.id, { type: 'boneless' }), testCatalogue);
    expect(boneless).toMatchObject({ type: 'boneless', typeLabel: 'Boneless', typePrice: 100, toopingNames: '' });
  });
});

describe('priceLine: what is refused', () => {
  it.each([
    ['an unknown product', line(MISSING_ID), 'UNKNOWN_PRODUCT', 'This item is no longer available'],
    ['a product with no price', line(unpricedSide.id), 'NOT_FOR_SALE', '"Onion Rings" is not available to order right now'],
    [
      'a size that is not priced (blank)',
      line(pepperoni.id, { size: 'xl' }),
      'SIZE_NOT_AVAILABLE',
      '"Pepperoni" is not available in Extra Large 15"',
    ],
    ['a size priced at 0', line(hawaiian.id, { size: 'l' }), 'SIZE_NOT_AVAILABLE', '"Hawaiian" is not available in Large 13"'],
    [
      'wings in a size they are not sold in',
      line(wings.id, { size: 'l' }),
      'SIZE_NOT_AVAILABLE',
      '"Chicken Wings" is not available in Large 13"',
    ],
    [
      'thin crust at size s',
      line(margherita.id, { size: 's', crust: 'thin_crust' }),
      'CRUST_NOT_AT_SIZE',
      'Thin Crust is not available in the Regular 7" size',
    ],
    [
      'stuffed crust at size s',
      line(margherita.id, { size: 's', crust: 'stuffed_crust' }),
      'CRUST_NOT_AT_SIZE',
      'Stuffed Crust is not available in the Regular 7" size',
    ],
    [
      'stuffed crust at the default size s',
      line(margherita.id, { crust: 'stuffed_crust' }),
      'CRUST_NOT_AT_SIZE',
      'Stuffed Crust is not available in the Regular 7" size',
    ],
    [
      'a crust on a pizza without crust prices',
      line(hawaiian.id, { size: 'm', crust: 'thin_crust' }),
      'CRUST_NOT_AVAILABLE',
      '"Hawaiian" has no crust choice',
    ],
    [
      'a crust on a vegan pizza',
      line(veganGarden.id, { size: 'm', crust: 'deep_pan' }),
      'CRUST_NOT_AVAILABLE',
      '"Vegan Garden" has no crust choice',
    ],
    ['a crust on a side', line(chips.id, { crust: 'deep_pan' }), 'CRUST_NOT_AVAILABLE', '"Chips" has no crust choice'],
    ['a wing type on a pizza', line(margherita.id, { type: 'boneless' }), 'TYPE_NOT_AVAILABLE', '"Margherita" has no type choice'],
    [
      'an unknown topping',
      line(margherita.id, { toppingIds: [MISSING_ID] }),
      'UNKNOWN_TOPPING',
      'A topping you chose for "Margherita" is no longer available',
    ],
    [
      'the same topping twice',
      line(margherita.id, { toppingIds: [mushroom.id, mushroom.id] }),
      'DUPLICATE_TOPPING',
      '"Mushroom" is chosen twice for "Margherita"',
    ],
    [
      'a dip on a pizza',
      line(margherita.id, { toppingIds: [bbqDip.id] }),
      'TOPPING_NOT_ALLOWED',
      '"BBQ Dip" cannot be added to "Margherita"',
    ],
    [
      'a pizza topping on a shake',
      line(shake.id, { toppingIds: [mushroom.id] }),
      'TOPPING_NOT_ALLOWED',
      '"Mushroom" cannot be added to "Milkshake"',
    ],
    [
      'a shake flavour on wings',
      line(wings.id, { toppingIds: [vanilla.id] }),
      'TOPPING_NOT_ALLOWED',
      '"Vanilla" cannot be added to "Chicken Wings"',
    ],
    [
      'any topping on a drink',
      line(cokeCan.id, { toppingIds: [bbqDip.id] }),
      'TOPPING_NOT_ALLOWED',
      'Toppings cannot be added to "Coca-Cola Can"',
    ],
    [
      'any topping on a dessert',
      line(cookie.id, { toppingIds: [olives.id] }),
      'TOPPING_NOT_ALLOWED',
      'Toppings cannot be added to "Cookie Dough"',
    ],
    ['deal contents on a product that is not a deal', line(chips.id, { deal: { items: [] } }), 'NOT_A_DEAL', '"Chips" is not a deal'],
    ['a quantity of 0', line(chips.id, { quantity: 0 }), 'INVALID_QUANTITY', 'Quantity must be a whole number from 1 to 99'],
    ['a negative quantity', line(chips.id, { quantity: -2 }), 'INVALID_QUANTITY', 'Quantity must be a whole number from 1 to 99'],
    ['a fractional quantity', line(chips.id, { quantity: 1.5 }), 'INVALID_QUANTITY', 'Quantity must be a whole number from 1 to 99'],
    ['a quantity over 99', line(chips.id, { quantity: 100 }), 'INVALID_QUANTITY', 'Quantity must be a whole number from 1 to 99'],
  ])('%s', (_label, l, code, message) => {
    expect(refusal(l)).toEqual({ code, message });
  });
});

const item = (slot: number, productId: string) => ({ slot, productId });

describe('deals', () => {
  const fullMeal = [
    item(0, margherita.id),
    item(0, pepperoni.id),
    item(1, chips.id),
    item(2, garlicBread.id),
    item(3, cookie.id),
    item(4, pepsiBottle.id),
  ];

  it.each([
    [
      'Any 2 Large Pizzas with two pizzas',
      line(anyTwoLarge.id, { deal: { items: [item(0, margherita.id), item(0, veganGarden.id)] } }),
      2299,
      ['Margherita', 'Vegan Garden'],
    ],
    [
      'Any 2 Large Pizzas: two of the same pizza',
      line(anyTwoLarge.id, { deal: { items: [item(0, pepperoni.id), item(0, pepperoni.id)] } }),
      2299,
      ['Pepperoni', 'Pepperoni'],
    ],
    [
      'Any 2 Large Pizzas, stuffed crust charged per pizza (£2.00 + £2.50)',
      line(anyTwoLarge.id, { deal: { crust: 'stuffed_crust', items: [item(0, margherita.id), item(0, pepperoni.id)] } }),
      2299 + 200 + 250,
      ['Margherita', 'Pepperoni'],
    ],
    [
      "Any 2 Large Pizzas, thin crust charged as each pizza's thin add-on",
      line(anyTwoLarge.id, { deal: { crust: 'thin_crust', items: [item(0, margherita.id), item(0, pepperoni.id)] } }),
      2299 + 0 + 50,
      ['Margherita', 'Pepperoni'],
    ],
    [
      'Single Pack: a regular pizza, a side and a can',
      line(singlePack.id, { deal: { items: [item(0, hawaiian.id), item(1, chips.id), item(2, cokeCan.id)] } }),
      899,
      ['Hawaiian', 'Chips', 'Coca-Cola Can'],
    ],
    [
      'Meal for Two at medium (the default deal size)',
      line(mealForTwo.id, { deal: { items: fullMeal } }),
      2499,
      ['Margherita', 'Pepperoni', 'Chips', 'Garlic Bread Platter', 'Cookie Dough', 'Pepsi 1.5L'],
    ],
    [
      'Meal for Two at large',
      line(mealForTwo.id, { deal: { size: 'l', items: fullMeal } }),
      2999,
      ['Margherita', 'Pepperoni', 'Chips', 'Garlic Bread Platter', 'Cookie Dough', 'Pepsi 1.5L'],
    ],
    [
      'Meal for Two at large, size given on the line',
      line(mealForTwo.id, { size: 'l', deal: { items: fullMeal } }),
      2999,
      ['Margherita', 'Pepperoni', 'Chips', 'Garlic Bread Platter', 'Cookie Dough', 'Pepsi 1.5L'],
    ],
    [
      'Fussy Eaters with its 4 pizzas (in the deal price)',
      line(fussyEaters.id, { deal: { items: [margherita, pepperoni, hawaiian, meatFeast].map((p) => item(0, p.id)) } }),
      2999,
      ['Margherita', 'Pepperoni', 'Hawaiian', 'Meat Feast'],
    ],
    [
      'Fussy Eaters with 5 pizzas: the fifth is charged £5.00',
      line(fussyEaters.id, { deal: { items: [margherita, pepperoni, hawaiian, meatFeast, veganGarden].map((p) => item(0, p.id)) } }),
      3499,
      ['Margherita', 'Pepperoni', 'Hawaiian', 'Meat Feast', 'Vegan Garden'],
    ],
    [
      'Fussy Eaters with 8 pizzas: four extras at £5.00',
      line(fussyEaters.id, { deal: { items: Array.from({ length: 8 }, () => item(0, margherita.id)) } }),
      2999 + 4 * 500,
      Array.from({ length: 8 }, () => 'Margherita'),
    ],
  ])('%s costs %i pence', (_label, l, unit, titles) => {
    const priced = priceLine(l, testCatalogue);
    expect(priced.unitPrice).toBe(unit);
    expect(priced.dealItemTitles).toEqual(titles);
  });

  it("a deal line of 2 costs twice the deal and records each pizza at the deal's size", () => {
    const priced = priceLine(
      line(anyTwoLarge.id, { quantity: 2, deal: { crust: 'stuffed_crust', items: [item(0, margherita.id), item(0, pepperoni.id)] } }),
      testCatalogue,
    );
    expect(priced).toMatchObject({ size: 'l', sizeLabel: 'Large 13"', crust: 'stuffed_crust', crustPrice: 450, lineTotal: 2 * 2749 });
    expect(priced.dealItems.map((d) => d.size)).toEqual(['l', 'l']);
  });

  it.each([
    ['no deal contents at all', line(anyTwoLarge.id), 'DEAL_INCOMPLETE', 'Please Select All Products!'],
    [
      'one pizza of two',
      line(anyTwoLarge.id, { deal: { items: [item(0, margherita.id)] } }),
      'DEAL_INCOMPLETE',
      'Please Select All Products!',
    ],
    [
      'Meal for Two without its drink',
      line(mealForTwo.id, { deal: { items: fullMeal.slice(0, 5) } }),
      'DEAL_INCOMPLETE',
      'Please Select All Products!',
    ],
    [
      'Fussy Eaters with 3 pizzas',
      line(fussyEaters.id, { deal: { items: [item(0, margherita.id), item(0, margherita.id), item(0, margherita.id)] } }),
      'DEAL_INCOMPLETE',
      'Please Select All Products!',
    ],
    [
      'a third pizza in Any 2 Large Pizzas',
      line(anyTwoLarge.id, { deal: { items: [item(0, margherita.id), item(0, margherita.id), item(0, margherita.id)] } }),
      'DEAL_TOO_MANY',
      'Pizzas: choose at most 2',
    ],
    [
      'a ninth pizza in Fussy Eaters',
      line(fussyEaters.id, { deal: { items: Array.from({ length: 9 }, () => item(0, margherita.id)) } }),
      'DEAL_TOO_MANY',
      'Pizzas: choose at most 8',
    ],
    [
      'two drinks in the Single Pack',
      line(singlePack.id, { deal: { items: [item(0, hawaiian.id), item(1, chips.id), item(2, cokeCan.id), item(2, cokeCan.id)] } }),
      'DEAL_TOO_MANY',
      'Drink: choose only 1',
    ],
    [
      'a bottle in the Single Pack (cans only)',
      line(singlePack.id, { deal: { items: [item(0, hawaiian.id), item(1, chips.id), item(2, pepsiBottle.id)] } }),
      'DEAL_ITEM_NOT_ALLOWED',
      '"Pepsi 1.5L" is not one of the drinks of this deal',
    ],
    [
      'water in Meal for Two (bottles other than water)',
      line(mealForTwo.id, { deal: { items: [...fullMeal.slice(0, 5), item(4, water.id)] } }),
      'DEAL_ITEM_NOT_ALLOWED',
      '"Still Water" is not one of the drinks of this deal',
    ],
    [
      'a can in Meal for Two',
      line(mealForTwo.id, { deal: { items: [...fullMeal.slice(0, 5), item(4, cokeCan.id)] } }),
      'DEAL_ITEM_NOT_ALLOWED',
      '"Coca-Cola Can" is not one of the drinks of this deal',
    ],
    [
      'a dessert in the side slot',
      line(mealForTwo.id, { deal: { items: [item(1, cookie.id)] } }),
      'DEAL_ITEM_NOT_ALLOWED',
      '"Cookie Dough" cannot be chosen for Side',
    ],
    [
      'a deal inside a deal',
      line(fussyEaters.id, { deal: { items: [item(0, anyTwoLarge.id)] } }),
      'DEAL_ITEM_NOT_ALLOWED',
      '"Any 2 Large Pizzas" cannot be chosen for Pizzas',
    ],
    [
      'a pizza not sold large in Any 2 Large Pizzas',
      line(anyTwoLarge.id, { deal: { items: [item(0, margherita.id), item(0, hawaiian.id)] } }),
      'DEAL_ITEM_SIZE',
      '"Hawaiian" is not available in Large 13"',
    ],
    [
      "a pizza not sold at the deal's size",
      line(mealForTwo.id, { deal: { size: 'l', items: [item(0, hawaiian.id)] } }),
      'DEAL_ITEM_SIZE',
      '"Hawaiian" is not available in Large 13"',
    ],
    [
      'a pizza with no regular size in the Single Pack',
      line(singlePack.id, { deal: { items: [item(0, meatFeast.id)] } }),
      'DEAL_ITEM_SIZE',
      '"Meat Feast" is not available in Regular 7"',
    ],
    [
      'stuffed crust in the Single Pack (size s)',
      line(singlePack.id, { deal: { crust: 'stuffed_crust', items: [item(0, margherita.id), item(1, chips.id), item(2, cokeCan.id)] } }),
      'DEAL_CRUST',
      'Stuffed Crust is not available in the Regular 7" size',
    ],
    [
      'stuffed crust on a pizza without crust prices',
      line(anyTwoLarge.id, { deal: { crust: 'stuffed_crust', items: [item(0, margherita.id), item(0, veganGarden.id)] } }),
      'DEAL_CRUST',
      '"Vegan Garden" cannot have Stuffed Crust',
    ],
    [
      'an unknown deal item',
      line(anyTwoLarge.id, { deal: { items: [item(0, margherita.id), item(0, MISSING_ID)] } }),
      'UNKNOWN_PRODUCT',
      'An item in your deal is no longer available',
    ],
    [
      'a slot the deal does not have',
      line(anyTwoLarge.id, { deal: { items: [item(3, margherita.id)] } }),
      'DEAL_SLOT_UNKNOWN',
      'This deal has changed. Please choose its items again',
    ],
    [
      'a deal size that is not priced',
      line(anyTwoLarge.id, { deal: { size: 'm', items: [] } }),
      'SIZE_NOT_AVAILABLE',
      '"Any 2 Large Pizzas" is not available in Medium 10"',
    ],
    [
      'two different sizes for one deal',
      line(mealForTwo.id, { size: 'm', deal: { size: 'l', items: fullMeal } }),
      'CONFLICTING_CHOICE',
      'Two different sizes were chosen for "Meal for Two"',
    ],
    [
      'toppings on a deal',
      line(anyTwoLarge.id, { toppingIds: [mushroom.id], deal: { items: [] } }),
      'TOPPING_NOT_ALLOWED',
      'Toppings cannot be added to "Any 2 Large Pizzas"',
    ],
    [
      'a wing type on a deal',
      line(anyTwoLarge.id, { type: 'normal', deal: { items: [] } }),
      'TYPE_NOT_AVAILABLE',
      '"Any 2 Large Pizzas" has no type choice',
    ],
  ])('refuses %s', (_label, l, code, message) => {
    expect(refusal(l)).toEqual({ code, message });
  });
});

describe('quoteCart', () => {
  it.each([
    ['an empty cart', [], 0, false],
    ['one regular Margherita (£7.99)', [line(margherita.id)], 799, false],
    ['£9.99 (two desserts and chips) is below the minimum', [line(cookie.id, { quantity: 2 }), line(chips.id)], 999, false],
    ['exactly £10.00 (a shake and nachos) meets the minimum', [line(shake.id), line(nachos.id)], 1000, true],
    ['£11.20 with a free dip and a can', [line(shake.id), line(nachos.id, { toppingIds: [garlicDip.id] }), line(cokeCan.id)], 1120, true],
    ['a large pizza and wings', [line(margherita.id, { size: 'l' }), line(wings.id, { size: 'm', type: 'boneless' })], 1399 + 999, true],
  ])('%s', (_label, lines, subtotal, meets) => {
    const quote = quoteCart(lines, testCatalogue);
    expect(quote.subtotal).toBe(subtotal);
    expect(quote.total).toBe(subtotal);
    expect(quote.meetsMinimum).toBe(meets);
    expect(quote.lines).toHaveLength(lines.length);
  });

  it.each([
    [3, 3 * 99 * 1399, true],
    [4, 4 * 99 * 1399, false],
  ])('%i lines of 99 large Margheritas (%i pence) are within the £5,000.00 online maximum: %s', (count, total, within) => {
    const quote = quoteCart(
      Array.from({ length: count }, () => line(margherita.id, { size: 'l', quantity: 99 })),
      testCatalogue,
    );
    expect(quote.total).toBe(total);
    expect(quote.withinMaximum).toBe(within);
  });

  it('names the line that cannot be priced', () => {
    try {
      quoteCart([line(chips.id), line(MISSING_ID)], testCatalogue);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PricingError);
      expect(error).toMatchObject({ code: 'UNKNOWN_PRODUCT', lineIndex: 1, message: 'This item is no longer available' });
    }
  });

  it('totals are whole pence, each line is price × quantity and the cart is the sum of its lines', () => {
    const simple = TEST_PRODUCTS.filter((p) => p.category !== 'Deals' && availableSizes(p).length > 0);
    const arbLine = fc
      .record({
        product: fc.constantFrom(...simple),
        quantity: fc.integer({ min: 1, max: 99 }),
        sizeIndex: fc.nat(),
      })
      .map(({ product, quantity, sizeIndex }) => {
        const sizes = availableSizes(product);
        return line(product.id, { quantity, size: sizes[sizeIndex % sizes.length] });
      });
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 20 }), (lines) => {
        const quote = quoteCart(lines, testCatalogue);
        for (const priced of quote.lines) {
          expect(Number.isSafeInteger(priced.unitPrice)).toBe(true);
          expect(priced.lineTotal).toBe(priced.unitPrice * priced.quantity);
          expect(priced.unitPrice).toBe(
            priced.sizePrice + priced.crustPrice + priced.typePrice + priced.toppingsPrice + priced.dealExtrasPrice,
          );
        }
        expect(quote.subtotal).toBe(quote.lines.reduce((sum, l) => sum + l.lineTotal, 0));
        expect(quote.meetsMinimum).toBe(quote.total >= 1000);
      }),
    );
  });
});

describe('sameConfiguration: adding the same configured item raises its quantity', () => {
  const base = line(margherita.id, { size: 'm', crust: 'thin_crust', toppingIds: [mushroom.id, olives.id] });
  it.each([
    ['the same item with another quantity', base, { ...base, quantity: 3 }, true],
    [
      'toppings picked in another order (same first)',
      line(margherita.id, { toppingIds: [mushroom.id, olives.id, extraCheese.id] }),
      line(margherita.id, { toppingIds: [mushroom.id, extraCheese.id, olives.id] }),
      true,
    ],
    ['another size', base, { ...base, size: 'l' as const }, false],
    ['another crust', base, { ...base, crust: 'deep_pan' as const }, false],
    ['another topping', base, { ...base, toppingIds: [mushroom.id] }, false],
    [
      'another first shake flavour (it changes the price)',
      line(shake.id, { toppingIds: [vanilla.id, oreo.id] }),
      line(shake.id, { toppingIds: [oreo.id, vanilla.id] }),
      false,
    ],
    ['another product', line(chips.id), line(nachos.id), false],
    ['wings of another type', line(wings.id, { type: 'normal' }), line(wings.id, { type: 'boneless' }), false],
    [
      'a deal with the same items in another order',
      line(anyTwoLarge.id, { deal: { items: [item(0, margherita.id), item(0, pepperoni.id)] } }),
      line(anyTwoLarge.id, { deal: { items: [item(0, pepperoni.id), item(0, margherita.id)] } }),
      true,
    ],
    [
      'a deal with other items',
      line(anyTwoLarge.id, { deal: { items: [item(0, margherita.id), item(0, pepperoni.id)] } }),
      line(anyTwoLarge.id, { deal: { items: [item(0, margherita.id), item(0, margherita.id)] } }),
      false,
    ],
  ])('%s: %s', (_label, a, b, same) => {
    expect(sameConfiguration(a, b)).toBe(same);
    expect(sameConfiguration(b, a)).toBe(same);
  });

  it.each([
    [
      'a pizza with no size given and one at its default size',
      line(margherita.id),
      line(margherita.id, { size: 's', crust: 'deep_pan' }),
      true,
    ],
    ['wings with no type given and normal wings', line(wings.id), line(wings.id, { type: 'normal', size: 's' }), true],
    ['a pizza with no size and a large one', line(margherita.id), line(margherita.id, { size: 'l' }), false],
  ])('with the catalogue, omitted choices are their defaults: %s', (_label, a, b, same) => {
    expect(sameConfiguration(a, b, testCatalogue)).toBe(same);
  });
});
