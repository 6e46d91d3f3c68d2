import { describe, expect, it } from 'vitest';
import {
  ALLERGENS,
  allergenNames,
  allergenVerdict,
  avoidedInOptions,
  combineAllergens,
  combineKnownAllergens,
  containsAnyAllergen,
  dealAllergenVerdict,
  dealHiddenBy,
  dishHiddenBy,
  hiddenDishesWords,
  isAllergen,
  lineAllergens,
  recordedAllergens,
  type AllergenCatalogue,
} from './allergens';

const catalogue: AllergenCatalogue = {
  products: new Map([
    ['margherita', { allergens: ['milk', 'gluten'] }],
    ['vegan', { allergens: ['gluten'] }],
    ['shake', { allergens: ['milk'] }],
    ['chips', { allergens: [] }],
    ['wings', { allergens: ['celery', 'mustard'] }],
    ['deal', { allergens: [] }],
    ['cola', {}],
    ['unrecorded-pizza', { allergens: null }],
    ['unrecorded-deal', { allergens: null }],
  ]),
  toppings: new Map([
    ['pepperoni', { allergens: ['sulphites', 'mustard'] }],
    ['cheese', { allergens: ['milk'] }],
    ['oreo', { allergens: ['soya', 'gluten', 'milk'] }],
    ['garlic-dip', { allergens: ['eggs', 'milk', 'mustard'] }],
    ['onion', { allergens: [] }],
    ['unrecorded-olives', { allergens: null }],
  ]),
};

describe('combineAllergens', () => {
  it.each([
    { lists: [[]], want: [] },
    { lists: [['milk', 'gluten']], want: ['gluten', 'milk'] },
    { lists: [['sulphites'], ['celery']], want: ['celery', 'sulphites'] },
    { lists: [['milk'], ['milk', 'eggs'], undefined, null], want: ['eggs', 'milk'] },
    { lists: [['milk', 'cheese', 'Milk']], want: ['milk'] },
    { lists: [[...ALLERGENS].reverse()], want: [...ALLERGENS] },
  ])('$lists → $want', ({ lists, want }) => {
    expect(combineAllergens(...(lists as string[][]))).toEqual(want);
  });
});

describe('combineKnownAllergens and recordedAllergens: null is not recorded, never none (decision 1004)', () => {
  it.each([
    { lists: [[]], want: [] },
    { lists: [['milk'], []], want: ['milk'] },
    { lists: [null], want: null },
    { lists: [['milk'], null], want: null },
    { lists: [[], null, ['gluten']], want: null },
    { lists: [undefined, ['eggs']], want: ['eggs'] },
  ])('$lists → $want', ({ lists, want }) => {
    expect(combineKnownAllergens(...(lists as Array<string[] | null | undefined>))).toEqual(want);
  });
  it.each([
    { codes: null, want: null },
    { codes: [], want: [] },
    { codes: ['milk', 'gluten', 'cheese'], want: ['gluten', 'milk'] },
    { codes: undefined, want: [] },
  ])('a record of $codes → $want', ({ codes, want }) => {
    expect(recordedAllergens(codes)).toEqual(want);
  });
});

describe('lineAllergens: unknown (null) when any part is not recorded (decision 1004)', () => {
  it.each([
    { name: 'a pizza not recorded', line: { productId: 'unrecorded-pizza' } },
    { name: 'a pizza not recorded, with recorded toppings', line: { productId: 'unrecorded-pizza', toppingIds: ['cheese'] } },
    { name: 'a recorded pizza with a topping not recorded', line: { productId: 'margherita', toppingIds: ['onion', 'unrecorded-olives'] } },
    {
      name: 'a recorded deal with a choice not recorded',
      line: { productId: 'deal', deal: { items: [{ productId: 'vegan' }, { productId: 'unrecorded-pizza' }] } },
    },
    {
      name: "a deal choice's topping not recorded",
      line: { productId: 'deal', deal: { items: [{ productId: 'vegan', toppingIds: ['unrecorded-olives'] }] } },
    },
    {
      name: 'a deal not recorded, its choices recorded',
      line: { productId: 'unrecorded-deal', deal: { items: [{ productId: 'chips' }] } },
    },
  ])('$name → null', ({ line }) => {
    expect(lineAllergens(line, catalogue)).toBeNull();
  });
  it('a line whose every part is recorded as none is none ([])', () => {
    expect(lineAllergens({ productId: 'chips', toppingIds: ['onion'] }, catalogue)).toEqual([]);
  });
});

describe('lineAllergens: the product plus every choice, in the list order, once each', () => {
  it.each([
    { name: 'a plain pizza', line: { productId: 'margherita' }, want: ['gluten', 'milk'] },
    {
      name: 'a pizza with pepperoni and cheese',
      line: { productId: 'margherita', toppingIds: ['pepperoni', 'cheese'] },
      want: ['gluten', 'milk', 'mustard', 'sulphites'],
    },
    { name: 'a vegan pizza with onion', line: { productId: 'vegan', toppingIds: ['onion'] }, want: ['gluten'] },
    { name: 'a vegan pizza with extra cheese', line: { productId: 'vegan', toppingIds: ['cheese'] }, want: ['gluten', 'milk'] },
    { name: 'a stuffed crust adds milk', line: { productId: 'vegan', crust: 'stuffed_crust' }, want: ['gluten', 'milk'] },
    { name: 'a thin crust adds nothing', line: { productId: 'vegan', crust: 'thin_crust' }, want: ['gluten'] },
    { name: 'a shake with an Oreo flavour', line: { productId: 'shake', toppingIds: ['oreo'] }, want: ['gluten', 'milk', 'soya'] },
    {
      name: 'wings with a garlic dip',
      line: { productId: 'wings', toppingIds: ['garlic-dip'] },
      want: ['celery', 'eggs', 'milk', 'mustard'],
    },
    { name: 'chips', line: { productId: 'chips' }, want: [] },
    { name: 'a drink with nothing recorded', line: { productId: 'cola' }, want: [] },
    { name: 'a product no longer on the menu', line: { productId: 'gone', toppingIds: ['gone-too'] }, want: [] },
    {
      name: 'a deal: every choice counts',
      line: { productId: 'deal', deal: { items: [{ productId: 'vegan' }, { productId: 'chips' }, { productId: 'wings' }] } },
      want: ['celery', 'gluten', 'mustard'],
    },
    {
      name: "a deal with a stuffed crust and a choice's own toppings",
      line: {
        productId: 'deal',
        deal: { crust: 'stuffed_crust', items: [{ productId: 'vegan', toppingIds: ['pepperoni'] }, { productId: 'chips' }] },
      },
      want: ['gluten', 'milk', 'mustard', 'sulphites'],
    },
  ])('$name', ({ line, want }) => {
    expect(lineAllergens(line, catalogue)).toEqual(want);
  });
});

describe('the filter', () => {
  it.each([
    { own: ['gluten', 'milk'], options: [['milk']], avoid: [], want: 'show' },
    { own: ['gluten', 'milk'], options: [], avoid: ['milk'], want: 'hide' },
    { own: ['gluten'], options: [['onion'], ['milk']], avoid: ['milk'], want: 'mark' },
    { own: ['gluten'], options: [[], ['sulphites']], avoid: ['milk', 'peanuts'], want: 'show' },
    { own: [], options: [], avoid: ['peanuts'], want: 'show' },
    { own: undefined, options: [undefined], avoid: ['peanuts'], want: 'show' },
    { own: ['gluten'], options: [['milk']], avoid: ['peanuts', 'gluten'], want: 'hide' },
    // Decision 1004: a dish not recorded is never shown as free of anything, nor hidden as if it contained it.
    { own: null, options: [], avoid: ['milk'], want: 'mark' },
    { own: null, options: [['milk']], avoid: ['milk'], want: 'mark' },
    { own: null, options: [], avoid: [], want: 'show' },
    { own: ['gluten'], options: [[], null], avoid: ['milk'], want: 'mark' },
    { own: ['milk'], options: [null], avoid: ['milk'], want: 'hide' },
  ])('a dish with $own, options $options, avoiding $avoid: $want', ({ own, options, avoid, want }) => {
    expect(allergenVerdict(own, options, avoid)).toBe(want);
  });

  it.each([
    { name: 'every pizza of a slot has milk: hidden', slots: [[['gluten', 'milk'], ['milk']], [[]]], avoid: ['milk'], want: 'hide' },
    { name: 'a slot has a choice without milk: marked', slots: [[['gluten', 'milk'], ['gluten']], [[]]], avoid: ['milk'], want: 'mark' },
    { name: 'no choice has it: shown', slots: [[['gluten']], [[]]], avoid: ['milk'], want: 'show' },
    { name: 'an empty slot does not hide', slots: [[], [['gluten']]], avoid: ['milk'], want: 'show' },
  ])('a deal: $name', ({ slots, avoid, want }) => {
    expect(dealAllergenVerdict([], slots, avoid)).toBe(want);
  });

  it.each([
    { name: 'a choice not recorded: marked', own: [], slots: [[['gluten'], null]], want: 'mark' },
    { name: 'the deal not recorded: marked', own: null, slots: [[['gluten']]], want: 'mark' },
    { name: 'not recorded, but a slot offers only milk: hidden', own: null, slots: [[['milk']], [null]], want: 'hide' },
  ])('a deal: $name', ({ own, slots, want }) => {
    expect(dealAllergenVerdict(own, slots, ['milk'])).toBe(want);
  });

  it('a deal whose own record has an avoided allergen is hidden', () => {
    expect(dealAllergenVerdict(['fish'], [[[]]], ['fish'])).toBe('hide');
  });

  it('names which avoided allergens the choices hold', () => {
    expect(avoidedInOptions([['milk', 'gluten'], ['eggs'], undefined], ['eggs', 'milk', 'peanuts'])).toEqual(['eggs', 'milk']);
  });

  it('containsAnyAllergen', () => {
    expect(containsAnyAllergen(['milk'], ['milk'])).toBe(true);
    expect(containsAnyAllergen(['milk'], [])).toBe(false);
    expect(containsAnyAllergen(undefined, ['milk'])).toBe(false);
  });
});

describe('codes and names', () => {
  it('knows the 14 codes and nothing else', () => {
    expect(ALLERGENS).toHaveLength(14);
    expect(isAllergen('milk')).toBe(true);
    expect(isAllergen('cheese')).toBe(false);
    expect(isAllergen(3)).toBe(false);
  });
  it('reads names in the list order', () => {
    expect(allergenNames(['milk', 'gluten'])).toEqual(['Cereals containing gluten', 'Milk']);
  });
});

describe('hiddenDishesWords: what a menu section says of the dishes the filter hid, from those dishes only', () => {
  const avoid = ['gluten', 'milk'];
  const dish = (own: string[]) => dishHiddenBy(own, avoid);
  it.each([
    { name: 'nothing hidden', hidden: [], shown: 3, count: null, every: null },
    { name: 'one dish with milk, others shown', hidden: [dish(['milk'])], shown: 2, count: '1 dish with milk hidden here.', every: null },
    {
      name: 'the vegan section: gluten only, though milk is avoided too',
      hidden: [dish(['gluten']), dish(['gluten', 'soya'])],
      shown: 0,
      count: '2 dishes with gluten hidden here.',
      every: 'Every dish here contains gluten.',
    },
    {
      name: 'the pizza section: every dish has both',
      hidden: [dish(['gluten', 'milk']), dish(['milk', 'gluten', 'sulphites'])],
      shown: 0,
      count: '2 dishes with gluten or milk hidden here.',
      every: 'Every dish here contains gluten and milk.',
    },
    {
      name: 'all have gluten, some milk',
      hidden: [dish(['gluten', 'milk']), dish(['gluten'])],
      shown: 0,
      count: '2 dishes with gluten or milk hidden here.',
      every: 'Every dish here contains gluten; some also contain milk.',
    },
    {
      name: 'each has one, not the same one',
      hidden: [dish(['gluten']), dish(['milk'])],
      shown: 0,
      count: '2 dishes with gluten or milk hidden here.',
      every: 'Every dish here contains gluten or milk.',
    },
    {
      name: 'some shown: no sentence about every dish',
      hidden: [dish(['gluten'])],
      shown: 1,
      count: '1 dish with gluten hidden here.',
      every: null,
    },
    {
      name: 'tree nuts are named as such',
      hidden: [dishHiddenBy(['nuts', 'peanuts'], ['nuts', 'peanuts', 'sesame'])],
      shown: 0,
      count: '1 dish with tree nuts or peanuts hidden here.',
      every: 'Every dish here contains tree nuts and peanuts.',
    },
  ])('$name', ({ hidden, shown, count, every }) => {
    expect(hiddenDishesWords(hidden, shown)).toEqual({ count, every });
  });

  it.each([
    { name: 'own allergens', own: ['milk'], slots: [], want: { sure: ['milk'], any: ['milk'] } },
    {
      name: 'a slot of gluten-only pizzas',
      own: [],
      slots: [[['gluten'], ['gluten', 'milk']], [[]]],
      want: { sure: ['gluten'], any: ['gluten', 'milk'] },
    },
    { name: 'a slot whose choices differ', own: [], slots: [[['gluten'], ['milk']]], want: { sure: [], any: ['gluten', 'milk'] } },
    { name: 'a slot with a free choice hides nothing', own: [], slots: [[['gluten'], []]], want: { sure: [], any: [] } },
  ])('a deal: $name', ({ own, slots, want }) => {
    expect(dealHiddenBy(own, slots, avoid)).toEqual(want);
  });
});
