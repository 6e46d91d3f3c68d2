/**
 * `GET /api/loyalty` (a signed-in customer): the stamp card as the profile and checkout show it (decision 1601).
 */
import { z } from 'zod';
import { LOYALTY_ENTRIES } from '../domain/stamp-card';

/** How many of the latest ledger entries the answer lists. */
export const LOYALTY_ENTRIES_SHOWN = 10;

export const loyaltyEntryWireSchema = z.strictObject({
  entry: z.enum(LOYALTY_ENTRIES),
  /** +1 earned, -1 reversed, -N redeemed, +N restored. */
  stamps: z.number().int(),
  /** The order it is for; null once that order is gone. */
  orderId: z.string().nullable(),
  at: z.string(),
});
export type LoyaltyEntryWire = z.infer<typeof loyaltyEntryWireSchema>;

export const loyaltyAnswerSchema = z.strictObject({
  /** The shop runs a stamp card; false: nothing else to show (stamps 0, needed 0, reward null). */
  enabled: z.boolean(),
  /** The stamps on the card, at most `needed`: a full card stays full until its reward is spent. */
  stamps: z.number().int(),
  needed: z.number().int(),
  rewardReady: z.boolean(),
  reward: z
    .strictObject({
      kind: z.enum(['amount', 'product']),
      /** 'Stamp card: £5.00 off', 'Stamp card: free Garlic Bread'. */
      label: z.string(),
      /** What the order needs for the reward to apply ('Add a Garlic Bread to your order to take it free'); null for an amount. */
      condition: z.string().nullable(),
    })
    .nullable(),
  /** The latest entries, newest first. */
  entries: z.array(loyaltyEntryWireSchema),
});
export type LoyaltyAnswer = z.infer<typeof loyaltyAnswerSchema>;
