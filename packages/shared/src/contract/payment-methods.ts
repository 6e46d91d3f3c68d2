import { z } from 'zod';

/**
 * How a card payment was made, as the provider says (payments.method): a card typed in, a saved card, a wallet
 * through Stripe's Express Checkout Element, or the test provider's test wallet.
 */
export const PAYMENT_METHOD_KINDS = ['card', 'saved_card', 'apple_pay', 'google_pay', 'link', 'test_wallet'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/**
 * A signed-in customer's saved card, as the provider keeps it (Stripe's PaymentMethod, or the test provider's
 * stand-in): its brand, last four digits and expiry. The shop never sees or stores the number.
 */
export const savedCardSchema = z.strictObject({
  /** The provider's id (Stripe's `pm_...`, the test provider's `pm_test_...`). */
  id: z.string(),
  /** 'visa', 'mastercard', 'amex', ... as the provider names it. */
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  /** Paying with it asks for the card's security code (CVC) again. */
  needsCvc: z.boolean(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** `GET /api/payment-methods` answer: the signed-in customer's saved cards, newest first. */
export const savedCardsAnswerSchema = z.array(savedCardSchema);
export type SavedCardsAnswer = z.infer<typeof savedCardsAnswerSchema>;

/** `DELETE /api/payment-methods/{id}` path: the provider's id of one of the customer's saved cards. */
export const paymentMethodParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });

/** `DELETE /api/payment-methods/{id}` answer. */
export const savedCardRemovedSchema = z.strictObject({ removed: z.literal(true) });

/** The test provider's wallet button: what the test confirm takes instead of a card. */
export const TEST_WALLET = 'test_wallet';
