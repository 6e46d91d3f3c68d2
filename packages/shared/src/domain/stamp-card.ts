/**
 * The stamp card (off by default): every completed order of a signed-in customer earns a stamp; `stampsNeeded`
 * stamps give the reward, an amount off an order or one product free. A customer's card is the sum of an
 * append-only ledger of entries, one of each kind per order.
 */
import { z } from 'zod';

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
