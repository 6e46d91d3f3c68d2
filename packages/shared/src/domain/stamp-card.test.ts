import { describe, expect, it } from 'vitest';
import {
  stampBalance,
  stampCardRefusal,
  stampCardSettingsSchema,
  stampCardView,
  stampRewardDiscount,
  stampRewardLabel,
  type StampCardReward,
  type StampEntry,
} from './stamp-card';

const GARLIC_BREAD = 'a'.repeat(24);
const PIZZA = 'b'.repeat(24);
const amountOff: StampCardReward = { kind: 'amount', pence: 500 };
const freeBread: StampCardReward = { kind: 'product', productId: GARLIC_BREAD };
const card = (stampsNeeded: number, reward: StampCardReward = amountOff) => ({ stampsNeeded, reward });

const earned = (n: number): StampEntry[] => Array.from({ length: n }, () => ({ entry: 'earned', stamps: 1 }));

describe('stampBalance: the sum of the ledger', () => {
  it.each([
    ['no entries', [], 0],
    ['three earned', earned(3), 3],
    ['one taken back', [...earned(3), { entry: 'reversed', stamps: -1 }], 2],
    ['a reward spent', [...earned(9), { entry: 'redeemed', stamps: -8 }], 1],
    ['a reward spent then given back', [...earned(8), { entry: 'redeemed', stamps: -8 }, { entry: 'restored', stamps: 8 }], 8],
    ['never below nothing', [{ entry: 'reversed', stamps: -1 }], 0],
  ] as const)('%s', (_label, entries, expected) => {
    expect(stampBalance(entries)).toBe(expected);
  });
});

describe('stampCardView: a full card stays full until spent', () => {
  it.each([
    [0, 8, { stamps: 0, needed: 8, rewardReady: false }],
    [3, 8, { stamps: 3, needed: 8, rewardReady: false }],
    [8, 8, { stamps: 8, needed: 8, rewardReady: true }],
    [10, 8, { stamps: 8, needed: 8, rewardReady: true }],
  ] as const)('%i stamps of %i', (balance, needed, expected) => {
    expect(stampCardView(balance, card(needed))).toEqual(expected);
  });
});

describe('stampRewardDiscount: what the reward takes off a priced cart', () => {
  const lines = [
    { productId: PIZZA, unitPrice: 1299 },
    { productId: GARLIC_BREAD, unitPrice: 450 },
    { productId: GARLIC_BREAD, unitPrice: 395 },
  ];
  it.each([
    ['an amount off', amountOff, { lines, total: 2144 }, { applies: true, amount: 500 }],
    ['an amount off, at most the food', { kind: 'amount', pence: 5000 }, { lines, total: 2144 }, { applies: true, amount: 2144 }],
    ['the product free: its cheapest line’s unit price', freeBread, { lines, total: 2144 }, { applies: true, amount: 395 }],
    [
      'the product not in the order',
      freeBread,
      { lines: [{ productId: PIZZA, unitPrice: 1299 }], total: 1299 },
      { applies: false, reason: 'Add a Garlic Bread to your order to take it free' },
    ],
  ] as const)('%s', (_label, reward, cart, expected) => {
    expect(stampRewardDiscount(reward, cart, 'Garlic Bread')).toEqual(expected);
  });
});

describe('stampRewardLabel', () => {
  it.each([
    [amountOff, 'Stamp card: £5.00 off'],
    [freeBread, 'Stamp card: free Garlic Bread'],
  ] as const)('%j', (reward, expected) => {
    expect(stampRewardLabel(reward, 'Garlic Bread')).toBe(expected);
  });
});

describe('stampCardRefusal: why a card cannot be spent', () => {
  it.each([
    ['the card off', null, true, 10, 'The shop has no stamp card at the moment'],
    ['signed out', card(8), false, 0, 'Sign in to use your stamp card'],
    ['one short', card(8), true, 7, 'Your stamp card needs 1 more stamp before its reward'],
    ['empty', card(8), true, 0, 'Your stamp card needs 8 more stamps before its reward'],
    ['full', card(8), true, 8, null],
    ['over full', card(8), true, 9, null],
  ] as const)('%s', (_label, settings, signedIn, balance, expected) => {
    expect(stampCardRefusal(settings, signedIn, balance)).toBe(expected);
  });
});

describe('stampCardSettingsSchema', () => {
  it('takes an amount or a product reward, and refuses a card of one stamp', () => {
    expect(stampCardSettingsSchema.safeParse(card(8)).success).toBe(true);
    expect(stampCardSettingsSchema.safeParse(card(6, freeBread)).success).toBe(true);
    expect(stampCardSettingsSchema.safeParse(card(1)).success).toBe(false);
    expect(stampCardSettingsSchema.safeParse(card(8, { kind: 'product', productId: 'nope' })).success).toBe(false);
  });
});
