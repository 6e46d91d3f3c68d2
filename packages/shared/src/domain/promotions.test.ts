import { describe, expect, it } from 'vitest';
import {
  capLines,
  combinePromotions,
  daysText,
  decidePromotion,
  inSchedule,
  promotionLabel,
  promotionRuleSchema,
  type PromotionHistory,
  type PromotionOrder,
  type PromotionRule,
  type PromotionToDecide,
} from './promotions';

const PIZZA = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const WINGS = 'bbbbbbbbbbbbbbbbbbbbbbbb';
// Thursday 26 November 2026, 18:30 in London (GMT).
const THURSDAY_EVENING = new Date('2026-11-26T18:30:00Z');

function rule(
  overrides: Omit<Partial<PromotionRule>, 'conditions' | 'limits'> & {
    conditions?: Partial<PromotionRule['conditions']>;
    limits?: Partial<PromotionRule['limits']>;
  } = {},
): PromotionRule {
  return promotionRuleSchema.parse({
    kind: overrides.kind ?? 'percent',
    value: overrides.value ?? 10,
    target: overrides.target ?? { on: 'order' },
    conditions: {
      minSpend: 0,
      firstOrder: false,
      days: null,
      hours: null,
      fulfilment: null,
      channels: null,
      startsAt: null,
      endsAt: null,
      ...overrides.conditions,
    },
    limits: { perCustomer: null, total: null, ...overrides.limits },
  });
}

function promotion(r: PromotionRule, extra: Partial<PromotionToDecide> = {}): PromotionToDecide {
  return { code: 'PIZZA10', name: 'Pizza ten', active: true, rule: r, ...extra };
}

const ORDER: PromotionOrder = {
  lines: [
    { productId: PIZZA, category: 'Pizzas', lineTotal: 1299 },
    { productId: WINGS, category: 'Wings', lineTotal: 550 },
  ],
  subtotal: 1849,
  deliveryFee: 250,
  fulfilment: 'delivery',
  channel: 'web',
  now: THURSDAY_EVENING,
};
const FRESH: PromotionHistory = { earlierOrders: 0, customerUses: 0, totalUses: 0 };

describe('decidePromotion: what one promotion takes off an order, or why not', () => {
  it.each<[string, PromotionRule, Partial<PromotionOrder>, Partial<PromotionHistory>, number | string]>([
    ['10% of the food, to the nearest penny', rule(), {}, {}, 185], // 184.9
    [
      'a half penny rounds up',
      rule({ value: 50 }),
      { lines: [{ productId: PIZZA, category: 'Pizzas', lineTotal: 1001 }], subtotal: 1001 },
      {},
      501,
    ],
    ['100% of the food', rule({ value: 100 }), {}, {}, 1849],
    ['15% of one category', rule({ value: 15, target: { on: 'category', category: 'Wings' } }), {}, {}, 83], // 82.5
    ['20% of one product', rule({ value: 20, target: { on: 'product', productId: PIZZA } }), {}, {}, 260], // 259.8
    ['an amount off the order', rule({ kind: 'amount', value: 500 }), {}, {}, 500],
    ['an amount is capped at its target', rule({ kind: 'amount', value: 800, target: { on: 'category', category: 'Wings' } }), {}, {}, 550],
    ['free delivery takes the fee off', rule({ kind: 'free-delivery', value: 0 }), {}, {}, 250],
    [
      'free delivery when the fee is nothing still applies, with nothing off',
      rule({ kind: 'free-delivery', value: 0 }),
      { deliveryFee: 0 },
      {},
      0,
    ],
    [
      'free delivery is for delivery orders',
      rule({ kind: 'free-delivery', value: 0 }),
      { fulfilment: 'collection', deliveryFee: 0 },
      {},
      'This code is for delivery orders',
    ],
    [
      'a category not in the order',
      rule({ target: { on: 'category', category: 'Desserts' } }),
      {},
      {},
      'This code is for Desserts: add some to your order',
    ],
    [
      'a minimum spend short',
      rule({ conditions: { minSpend: 2000 } }),
      { subtotal: 1550 },
      {},
      'This code needs £20.00 of food: add £4.50 more',
    ],
    ['a minimum spend met exactly', rule({ kind: 'amount', value: 300, conditions: { minSpend: 1849 } }), {}, {}, 300],
    [
      'a collection-only code on a delivery',
      rule({ conditions: { fulfilment: 'collection' } }),
      {},
      {},
      'This code is for collection orders',
    ],
    [
      'a collection-only code before the fulfilment is known',
      rule({ conditions: { fulfilment: 'collection' } }),
      { fulfilment: null },
      {},
      'This code is for collection orders',
    ],
    [
      'a collection-only code on a collection',
      rule({ conditions: { fulfilment: 'collection' } }),
      { fulfilment: 'collection', deliveryFee: 0 },
      {},
      185,
    ],
    [
      'outside its days',
      rule({ conditions: { days: [1, 2, 3], hours: { from: '17:00', until: '21:00' } } }),
      {},
      {},
      'This code runs Monday to Wednesday, 17:00 to 21:00',
    ],
    [
      'outside its hours',
      rule({ conditions: { days: [1, 2, 3, 4], hours: { from: '17:00', until: '18:00' } } }),
      {},
      {},
      'This code runs Monday to Thursday, 17:00 to 18:00',
    ],
    ['within its days and hours', rule({ conditions: { days: [1, 2, 3, 4], hours: { from: '17:00', until: '21:00' } } }), {}, {}, 185],
    ['hours alone', rule({ conditions: { hours: { from: '11:00', until: '14:00' } } }), {}, {}, 'This code runs every day, 11:00 to 14:00'],
    ['before it starts', rule({ conditions: { startsAt: '2026-12-01T00:00:00Z' } }), {}, {}, 'This code starts on 1 December 2026'],
    ['after it ends', rule({ conditions: { endsAt: '2026-11-26T18:00:00Z' } }), {}, {}, 'This code has ended'],
    ['at its end exactly', rule({ conditions: { endsAt: THURSDAY_EVENING.toISOString() } }), {}, {}, 'This code has ended'],
    [
      'a first-order code for a returning customer',
      rule({ conditions: { firstOrder: true } }),
      {},
      { earlierOrders: 2 },
      'This code is for your first order',
    ],
    ['a first-order code for a new customer', rule({ conditions: { firstOrder: true } }), {}, {}, 185],
    ['a first-order code for a visitor not known yet', rule({ conditions: { firstOrder: true } }), {}, { earlierOrders: null }, 185],
    ['used once, limit one a customer', rule({ limits: { perCustomer: 1 } }), {}, { customerUses: 1 }, 'You have already used this code'],
    [
      'used three times, limit three',
      rule({ limits: { perCustomer: 3 } }),
      {},
      { customerUses: 3 },
      'You have already used this code 3 times',
    ],
    ['used twice, limit three', rule({ limits: { perCustomer: 3 } }), {}, { customerUses: 2 }, 185],
    ['used up in total', rule({ limits: { total: 100 } }), {}, { totalUses: 100 }, 'This code has been used up'],
    ['the last use in total', rule({ limits: { total: 100 } }), {}, { totalUses: 99 }, 185],
    [
      'a website code on the phone',
      rule({ conditions: { channels: ['web', 'guest'] } }),
      { channel: 'phone' },
      {},
      'This code is for website orders',
    ],
    [
      'an account code for a guest',
      rule({ conditions: { channels: ['web'] } }),
      { channel: 'guest' },
      {},
      'This code is for customers with an account: sign in to use it',
    ],
    [
      'a phone and counter code on the website',
      rule({ conditions: { channels: ['phone', 'counter'] } }),
      {},
      {},
      'This code is for phone and counter orders',
    ],
  ])('%s', (_name, r, order, history, expected) => {
    const decision = decidePromotion(promotion(r, { targetTitle: 'Margherita' }), { ...ORDER, ...order }, { ...FRESH, ...history });
    expect(decision).toEqual(typeof expected === 'number' ? { applies: true, amount: expected } : { applies: false, reason: expected });
  });

  it('names the product a product code is for', () => {
    const r = rule({ target: { on: 'product', productId: 'cccccccccccccccccccccccc' } });
    expect(decidePromotion(promotion(r, { targetTitle: 'Garlic Bread' }), ORDER, FRESH)).toEqual({
      applies: false,
      reason: 'This code is for Garlic Bread: add it to your order',
    });
  });

  it('says a switched-off code is not running', () => {
    expect(decidePromotion(promotion(rule(), { active: false }), ORDER, FRESH)).toEqual({
      applies: false,
      reason: 'This code is not running at the moment',
    });
  });
});

describe('inSchedule: days and hours on the shop clock', () => {
  it.each<[string, string, number[] | null, { from: string; until: string } | null, boolean]>([
    ['summer time: 17:30 BST is 16:30 UTC', '2026-07-02T16:30:00Z', null, { from: '17:00', until: '21:00' }, true],
    ['winter: 16:30 UTC is 16:30 GMT', '2026-11-26T16:30:00Z', null, { from: '17:00', until: '21:00' }, false],
    ['until is exclusive', '2026-11-26T21:00:00Z', null, { from: '17:00', until: '21:00' }, false],
    ['from is inclusive', '2026-11-26T17:00:00Z', null, { from: '17:00', until: '21:00' }, true],
    ['past midnight counts for the day it started', '2026-11-28T01:00:00Z', [5], { from: '22:00', until: '02:00' }, true], // Saturday 01:00
    ['past midnight, not the next day', '2026-11-28T23:00:00Z', [5], { from: '22:00', until: '02:00' }, false], // Saturday 23:00
    ['Sunday is 7', '2026-11-29T12:00:00Z', [7], null, true],
  ])('%s', (_name, at, days, hours, expected) => {
    expect(inSchedule({ days, hours }, new Date(at))).toBe(expected);
  });

  it.each([
    [[1, 2, 3, 4], 'Monday to Thursday'],
    [[6, 7], 'Saturday and Sunday'],
    [[1, 3, 5], 'Monday, Wednesday and Friday'],
    [[5, 1, 2, 3], 'Monday to Wednesday and Friday'],
    [[2], 'Tuesday'],
  ])('days %j read %s', (days, text) => {
    expect(daysText(days)).toBe(text);
  });
});

describe('promotionLabel: the discount line', () => {
  it.each<[string, Partial<PromotionToDecide>, string]>([
    ['a percent code', { rule: rule() }, 'PIZZA10: 10% off'],
    [
      'an amount off a category',
      { rule: rule({ kind: 'amount', value: 200, target: { on: 'category', category: 'Pizzas' } }) },
      'PIZZA10: £2.00 off Pizzas',
    ],
    [
      'a product',
      { rule: rule({ value: 25, target: { on: 'product', productId: PIZZA } }), targetTitle: 'Margherita' },
      'PIZZA10: 25% off Margherita',
    ],
    ['a free-delivery code', { code: 'FREEDEL', rule: rule({ kind: 'free-delivery', value: 0 }) }, 'FREEDEL: Free delivery'],
    ['an automatic free delivery', { code: null, name: 'Free delivery', rule: rule({ kind: 'free-delivery', value: 0 }) }, 'Free delivery'],
    [
      'an automatic offer by its name',
      { code: null, name: 'Tuesday pizzas', rule: rule({ value: 20, target: { on: 'category', category: 'Pizzas' } }) },
      'Tuesday pizzas: 20% off Pizzas',
    ],
  ])('%s', (_name, extra, label) => {
    expect(promotionLabel({ ...promotion(rule()), ...extra })).toBe(label);
  });
});

describe('combinePromotions: the code and at most the best automatic offer, never more than the goods', () => {
  const line = (id: string, amount: number, code: string | null = null) => ({ promotionId: id, code, label: id, amount });

  it.each<[string, ReturnType<typeof line> | null, ReturnType<typeof line>[], number, [string, number][]]>([
    ['the code alone', line('code', 185, 'PIZZA10'), [], 2099, [['code', 185]]],
    [
      'the code and the best automatic offer',
      line('code', 185, 'PIZZA10'),
      [line('a', 100), line('b', 250), line('c', 200)],
      2099,
      [
        ['code', 185],
        ['b', 250],
      ],
    ],
    ['a tie keeps the first', null, [line('a', 250), line('b', 250)], 2099, [['a', 250]]],
    ['automatic offers worth nothing are left out', null, [line('a', 0)], 2099, []],
    [
      'the second line is cut to what is left',
      line('code', 1849, 'ALL'),
      [line('a', 500)],
      2099,
      [
        ['code', 1849],
        ['a', 250],
      ],
    ],
    ['an automatic offer with nothing left is left out', line('code', 2099, 'ALL'), [line('a', 500)], 2099, [['code', 2099]]],
    ['a code worth nothing stays', line('code', 0, 'FREEDEL'), [], 2099, [['code', 0]]],
  ])('%s', (_name, code, automatic, goods, expected) => {
    expect(combinePromotions(code, automatic, goods).map((each) => [each.promotionId, each.amount])).toEqual(expected);
  });

  it('capLines cuts in order', () => {
    expect(capLines([{ amount: 500 }, { amount: 500 }, { amount: 500 }], 1200).map((each) => each.amount)).toEqual([500, 500, 200]);
  });
});
