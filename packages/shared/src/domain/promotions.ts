/**
 * Promotions the owner makes: a code the customer types, or an automatic offer. Each takes a percentage or an
 * amount off the order's food, one category's lines or one product's lines, or takes the delivery fee off; it
 * applies when its conditions hold (minimum spend, first order, days and times, fulfilment, channel, start and end)
 * and within its limits (per customer, in total). The rule is stored whole (promotions.rule) as this schema checks it.
 */
import { z } from 'zod';
import { FULFILMENTS } from './fulfilment';
import { ORDER_CHANNELS } from './order-channel';

export const PROMOTION_KINDS = ['percent', 'amount', 'free-delivery'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time as HH:MM');

export const promotionTargetSchema = z.discriminatedUnion('on', [
  z.strictObject({ on: z.literal('order') }),
  z.strictObject({ on: z.literal('category'), category: z.string().min(1).max(100) }),
  z.strictObject({ on: z.literal('product'), productId: z.string().regex(/^[0-9a-f]{24}$/, 'Must be a product id') }),
]);
export type PromotionTarget = z.infer<typeof promotionTargetSchema>;

export const promotionConditionsSchema = z.strictObject({
  /** Pence of food (before discounts and the delivery fee); 0: none. */
  minSpend: z.number().int().min(0).max(500_000),
  /** Only a customer's first order (an account's, or a guest's by e-mail or phone number). */
  firstOrder: z.boolean(),
  /** Days of the week it runs, 1 = Monday … 7 = Sunday, in the shop's time; null: every day. */
  days: z.array(z.number().int().min(1).max(7)).min(1).max(7).nullable(),
  /** The hours it runs each day, shop time, from inclusive until exclusive; null: all day. */
  hours: z.strictObject({ from: time, until: time }).nullable(),
  fulfilment: z.enum(FULFILMENTS).nullable(),
  channels: z.array(z.enum(ORDER_CHANNELS)).min(1).nullable(),
  /** ISO instants; null: open-ended. */
  startsAt: z.string().datetime({ offset: true }).nullable(),
  endsAt: z.string().datetime({ offset: true }).nullable(),
});
export type PromotionConditions = z.infer<typeof promotionConditionsSchema>;

export const promotionLimitsSchema = z.strictObject({
  /** Orders per customer; null: no limit. */
  perCustomer: z.number().int().min(1).max(10_000).nullable(),
  /** Orders in all; null: no limit. */
  total: z.number().int().min(1).max(1_000_000).nullable(),
});
export type PromotionLimits = z.infer<typeof promotionLimitsSchema>;

export const promotionRuleSchema = z.strictObject({
  kind: z.enum(PROMOTION_KINDS),
  /** percent: 1–100; amount: pence; free-delivery: 0. */
  value: z.number().int().min(0).max(100_000),
  target: promotionTargetSchema,
  conditions: promotionConditionsSchema,
  limits: promotionLimitsSchema,
});
export type PromotionRule = z.infer<typeof promotionRuleSchema>;
