/**
 * The stamp card (off by default): every completed order of a signed-in customer earns a stamp; `stampsNeeded`
 * stamps give the reward, an amount off an order or one product free. A customer's card is the sum of an
 * append-only ledger of entries, one of each kind per order.
 */
import { z } from 'zod';
import { formatPounds } from './money';
import type { PricedLine } from './pricing';

/**
 * earned: a completed order's stamp (+1); reversed: that stamp taken back, its order refunded or canceled (-1);
 * redeemed: stamps spent on a reward (-stampsNeeded); restored: given back, the order that spent them canceled (+N).
 */
export const LOYALTY_ENTRIES = ['earned', 'reversed', 'redeemed', 'restored'] as const;
export type LoyaltyEntry = (typeof LOYALTY_ENTRIES)[number];

export const stampCardRewardSchema = z.discriminatedUnion('kind', [
  /** Pence off the order's food. */
  z.strictObject({ kind: z.literal('amount'), pence: z.number().int().min(1).max(100_000) }),
  /** One of this product free (its default size), taken off when it is in the order. */
  z.strictObject({ kind: z.literal('product'), productId: z.string().regex(/^[0-9a-f]{24}$/, 'Must be a product id') }),
]);
export type StampCardReward = z.infer<typeof stampCardRewardSchema>;

export const stampCardSettingsSchema = z.strictObject({
  stampsNeeded: z.number().int().min(2).max(50),
  reward: stampCardRewardSchema,
});
export type StampCardSettings = z.infer<typeof stampCardSettingsSchema>;

/** One ledger entry as the card counts it. */
export interface StampEntry {
  entry: LoyaltyEntry;
  stamps: number;
}

/** The stamps a customer holds: the sum of the entries, never below nothing. */
export function stampBalance(entries: readonly StampEntry[]): number {
  return Math.max(
    0,
    entries.reduce((sum, entry) => sum + entry.stamps, 0),
  );
}

/** The card as the customer sees it. */
export interface StampCardView {
  /** The stamps on the card, at most `needed`: a full card stays full until its reward is spent. */
  stamps: number;
  needed: number;
  rewardReady: boolean;
}

/**
 * The card for a balance. The balance counts up past a full card (an order delivered before the reward is spent
 * still earns); spending takes `needed` off, so the extra stamps start the next card.
 */
export function stampCardView(balance: number, settings: StampCardSettings): StampCardView {
  const needed = settings.stampsNeeded;
  return { stamps: Math.min(Math.max(balance, 0), needed), needed, rewardReady: balance >= needed };
}

/** 'Stamp card: £5.00 off', 'Stamp card: free Garlic Bread': the discount line, and the reward the card promises. */
export function stampRewardLabel(reward: StampCardReward, productTitle: string): string {
  return reward.kind === 'amount' ? `Stamp card: ${formatPounds(reward.pence)} off` : `Stamp card: free ${productTitle}`;
}

/** What the reward asks of the order before it applies: null for an amount off. */
export function stampRewardCondition(reward: StampCardReward, productTitle: string): string | null {
  return reward.kind === 'product' ? `Add a ${productTitle} to your order to take it free` : null;
}

/** The part of a priced cart the reward reads. */
export interface StampRewardCart {
  lines: ReadonlyArray<Pick<PricedLine, 'productId' | 'unitPrice'>>;
  /** Pence of food. */
  total: number;
}

export type StampRewardOutcome = { applies: true; amount: number } | { applies: false; reason: string };

/**
 * The reward's discount on a priced cart (pence): an amount off the food, at most the food; or one of the product
 * free, the unit price of its cheapest line in the order (what the customer chose of it, toppings and all), refused
 * while the order has none.
 */
export function stampRewardDiscount(reward: StampCardReward, cart: StampRewardCart, productTitle: string): StampRewardOutcome {
  if (reward.kind === 'amount') return { applies: true, amount: Math.min(reward.pence, Math.max(cart.total, 0)) };
  const prices = cart.lines.filter((line) => line.productId === reward.productId).map((line) => line.unitPrice);
  if (prices.length === 0) return { applies: false, reason: stampRewardCondition(reward, productTitle) ?? '' };
  return { applies: true, amount: Math.min(Math.min(...prices), Math.max(cart.total, 0)) };
}

/** Why a card cannot be spent yet, in the customer's words; null when it can. */
export function stampCardRefusal(settings: StampCardSettings | null, signedIn: boolean, balance: number): string | null {
  if (!settings) return 'The shop has no stamp card at the moment';
  if (!signedIn) return 'Sign in to use your stamp card';
  if (balance < settings.stampsNeeded) {
    const more = settings.stampsNeeded - Math.max(balance, 0);
    return `Your stamp card needs ${more} more stamp${more === 1 ? '' : 's'} before its reward`;
  }
  return null;
}
