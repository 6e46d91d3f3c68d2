/**
 * What a checkout adds to its cart beyond the lines: a promotion code, the stamp card's reward, a tip for the
 * driver. The cart quote takes them and answers what they do (the discount lines, why a code does not apply); the
 * order routes take the same fields and charge exactly what the quote showed (one pricing path).
 */
import { z } from 'zod';
import { DISCOUNT_SOURCES, type OrderDiscount } from '../domain/order-discounts';
import { penceToPounds } from '../domain/money';

export const MAX_PROMO_CODE_LENGTH = 32;
/** The most a tip may be, pounds. */
export const MAX_TIP_POUNDS = 50;
export const TIP_MESSAGE = `tip must be an amount in pounds from 0 to ${MAX_TIP_POUNDS}, to the penny`;
export const TIP_ONLY_FOR_DELIVERY = 'A tip is for the driver: only a delivery order takes one';

/** A code as the customer types it: trimmed, any case (codes are stored upper case). */
export const promoCodeSchema = z
  .string()
  .trim()
  .min(1, 'promoCode cannot be empty: leave it out')
  .max(MAX_PROMO_CODE_LENGTH, `promoCode is at most ${MAX_PROMO_CODE_LENGTH} characters`)
  .transform((code) => code.toUpperCase());

/** Pounds, to the penny. */
export const tipSchema = z
  .number(TIP_MESSAGE)
  .min(0, TIP_MESSAGE)
  .max(MAX_TIP_POUNDS, TIP_MESSAGE)
  .refine((pounds) => Math.abs(pounds * 100 - Math.round(pounds * 100)) < 1e-6, TIP_MESSAGE);

/** The fields the quote and the order routes share. */
export const orderExtrasFields = {
  /** A promotion's code; a code that does not apply refuses the order (422 PROMO_NOT_APPLICABLE) with the reason. */
  promoCode: promoCodeSchema.optional(),
  /** Spend the stamp card's reward on this order (a signed-in customer with a full card). */
  redeemStamps: z.boolean().optional(),
  /** Pounds for the driver (a delivery only); never sent unless the customer chose it. */
  tip: tipSchema.optional(),
};

/** One discount line on the wire, in pounds. */
export const discountWireSchema = z.strictObject({
  source: z.enum(DISCOUNT_SOURCES),
  label: z.string(),
  amount: z.number(),
  code: z.string().nullable(),
});
export type DiscountWire = z.infer<typeof discountWireSchema>;

export function toDiscountWire(discount: OrderDiscount): DiscountWire {
  return { source: discount.source, label: discount.label, amount: penceToPounds(discount.amount), code: discount.code ?? null };
}

/** What the quote says of the code sent: applied, or why not, in words for the customer. */
export const promoOutcomeSchema = z.strictObject({
  code: z.string(),
  applied: z.boolean(),
  /** Why the code does not apply ('This code needs a spend of £20.00 on food'); null when it applies. */
  reason: z.string().nullable(),
});
export type PromoOutcome = z.infer<typeof promoOutcomeSchema>;
