import { describe, expect, it } from 'vitest';
import { dealProgress, isDealComplete, type DealChoice } from './deals';
import {
  anyTwoLarge,
  chips,
  cokeCan,
  cookie,
  fussyEaters,
  garlicBread,
  hawaiian,
  margherita,
  mealForTwo,
  meatFeast,
  MISSING_ID,
  pepperoni,
  pepsiBottle,
  singlePack,
  testCatalogue,
  unpricedSide,
  veganGarden,
  water,
} from './test-catalogue';

const item = (slot: number, productId: string): DealChoice => ({ slot, productId });
const titles = (products: { title: string }[]) => products.map((p) => p.title);

describe('dealProgress: what the deal builder shows', () => {
  it('an empty Meal for Two needs every slot, and offers only what each slot takes', () => {
    const progress = dealProgress(mealForTwo, [], testCatalogue);
    expect(progress.complete).toBe(false);
    expect(progress.slots.map((s) => [s.label, s.filled, s.remaining, s.full])).toEqual([
      ['Pizzas', 0, 2, false],
      ['Side', 0, 1, false],
      ['Side to share', 0, 1, false],
      ['Dessert', 0, 1, false],
      ['Drink', 0, 1, false],
    ]);
    // Medium is the deal's default size: pizzas not sold medium are not offered (Hawaiian is).
    expect(titles(progress.slots[0]?.choices ?? [])).toEqual(['Margherita', 'Pepperoni', 'Hawaiian', 'Meat Feast', 'Vegan Garden']);
    expect(titles(progress.slots[1]?.choices ?? [])).toEqual(['Chips']);
    expect(titles(progress.slots[2]?.choices ?? [])).toEqual(['Garlic Bread Platter']);
    expect(titles(progress.slots[3]?.choices ?? [])).toEqual(['Cookie Dough']);
    // Bottles only: no cans, no water.
    expect(titles(progress.slots[4]?.choices ?? [])).toEqual(['Pepsi 1.5L']);
  });

  it.each([
    ['Any 2 Large Pizzas offers only pizzas sold large', anyTwoLarge, 0, ['Margherita', 'Pepperoni', 'Meat Feast', 'Vegan Garden']],
    ['the Single Pack offers only pizzas sold regular', singlePack, 0, ['Margherita', 'Pepperoni', 'Hawaiian', 'Vegan Garden']],
    ['the Single Pack offers cans as its drink', singlePack, 2, ['Coca-Cola Can']],
  ])('%s', (_label, deal, slot, expected) => {
    expect(titles(dealProgress(deal, [], testCatalogue).slots[slot]?.choices ?? [])).toEqual(expected);
  });

  it('a slot that holds its count is full and offers nothing more (the builder hides it)', () => {
    const progress = dealProgress(anyTwoLarge, [item(0, margherita.id), item(0, pepperoni.id)], testCatalogue);
    expect(progress.slots[0]).toMatchObject({ filled: 2, full: true, remaining: 0, choices: [] });
    expect(progress.complete).toBe(true);
  });

  it('one pizza of two leaves one to choose', () => {
    const progress = dealProgress(anyTwoLarge, [item(0, margherita.id)], testCatalogue);
    expect(progress.slots[0]).toMatchObject({ filled: 1, full: false, remaining: 1 });
    expect(progress.slots[0]?.choices.length).toBeGreaterThan(0);
    expect(progress.complete).toBe(false);
  });

  it('the drink slot closes after one drink', () => {
    const progress = dealProgress(singlePack, [item(2, cokeCan.id)], testCatalogue);
    expect(progress.slots[2]).toMatchObject({ filled: 1, full: true, choices: [] });
  });

  it('Fussy Eaters is full at 4 pizzas but still offers extras, charged each, up to 8', () => {
    const four = dealProgress(
      fussyEaters,
      Array.from({ length: 4 }, () => item(0, margherita.id)),
      testCatalogue,
    );
    expect(four.slots[0]).toMatchObject({ filled: 4, full: true, extra: 0, extraPrice: 0, max: 8 });
    expect(four.slots[0]?.choices.length).toBeGreaterThan(0);
    expect(four.complete).toBe(true);
    const six = dealProgress(
      fussyEaters,
      Array.from({ length: 6 }, () => item(0, margherita.id)),
      testCatalogue,
    );
    expect(six.slots[0]).toMatchObject({ extra: 2, extraPrice: 1000 });
    const eight = dealProgress(
      fussyEaters,
      Array.from({ length: 8 }, () => item(0, margherita.id)),
      testCatalogue,
    );
    expect(eight.slots[0]?.choices).toEqual([]);
  });

  it('with stuffed crust chosen, pizzas that cannot be stuffed are not offered', () => {
    const progress = dealProgress(anyTwoLarge, [], testCatalogue, { crust: 'stuffed_crust' });
    expect(titles(progress.slots[0]?.choices ?? [])).toEqual(['Margherita', 'Pepperoni', 'Meat Feast']);
  });

  it('a larger deal size changes which pizzas may be chosen', () => {
    const progress = dealProgress(mealForTwo, [], testCatalogue, { size: 'l' });
    expect(titles(progress.slots[0]?.choices ?? [])).not.toContain('Hawaiian');
  });

  it.each([
    ['a wrong drink', singlePack, [item(2, pepsiBottle.id)], 'DEAL_ITEM_NOT_ALLOWED'],
    ['water where bottles are asked for', mealForTwo, [item(4, water.id)], 'DEAL_ITEM_NOT_ALLOWED'],
    ['a product of another category', mealForTwo, [item(3, chips.id)], 'DEAL_ITEM_NOT_ALLOWED'],
    ['a pizza not sold at the slot size', anyTwoLarge, [item(0, hawaiian.id)], 'DEAL_ITEM_SIZE'],
    ['a side that is not for sale (no price)', mealForTwo, [item(1, unpricedSide.id)], 'DEAL_ITEM_NOT_ALLOWED'],
    ['an item of a deleted product', anyTwoLarge, [item(0, MISSING_ID)], 'UNKNOWN_PRODUCT'],
    ['a second dessert', mealForTwo, [item(3, cookie.id), item(3, cookie.id)], 'DEAL_TOO_MANY'],
  ])('reports %s and does not count it', (_label, deal, chosen, code) => {
    const progress = dealProgress(deal, chosen, testCatalogue);
    expect(progress.issues.map((i) => i.code)).toContain(code);
    expect(progress.complete).toBe(false);
  });

  it("resolves each pizza's size in the deal and the deal's crust", () => {
    const progress = dealProgress(mealForTwo, [item(0, margherita.id), item(0, veganGarden.id)], testCatalogue, { size: 'l' });
    expect(progress.items.map((i) => [i.title, i.size])).toEqual([
      ['Margherita', 'l'],
      ['Vegan Garden', 'l'],
    ]);
    expect(progress.crust).toBe('deep_pan');
    expect(progress.size).toBe('l');
  });
});

describe('isDealComplete', () => {
  const fullMeal = [
    item(0, margherita.id),
    item(0, meatFeast.id),
    item(1, chips.id),
    item(2, garlicBread.id),
    item(3, cookie.id),
    item(4, pepsiBottle.id),
  ];
  it.each([
    ['a full Meal for Two', mealForTwo, fullMeal, true],
    ['Meal for Two without its dessert', mealForTwo, fullMeal.filter((i) => i.slot !== 3), false],
    ['Meal for Two with a wrong extra item', mealForTwo, [...fullMeal, item(4, water.id)], false],
    ['a Single Pack of pizza, side and can', singlePack, [item(0, margherita.id), item(1, chips.id), item(2, cokeCan.id)], true],
    ['a Single Pack without its side', singlePack, [item(0, margherita.id), item(2, cokeCan.id)], false],
    ['Any 2 Large Pizzas with nothing chosen', anyTwoLarge, [], false],
  ])('%s: %s', (_label, deal, chosen, complete) => {
    expect(isDealComplete(deal, chosen, testCatalogue)).toBe(complete);
  });
});
