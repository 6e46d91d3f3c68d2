/**
 * Who orders without an account: a guest at the storefront's checkout, or a caller or walk-in whose order the staff
 * take. A name and a phone number always (the shop calls when something is wrong); an e-mail for a guest (the
 * receipt and the tracking link go there), optional for a caller.
 */
import { z } from 'zod';
import { addressInputSchema, EMAIL_MESSAGE, phoneSchema } from './addresses';
import { emailField } from './auth';

export const GUEST_NAME_MESSAGE = 'Your name is required';

const nameSchema = z.string(GUEST_NAME_MESSAGE).trim().min(1, GUEST_NAME_MESSAGE).max(100, 'The name is at most 100 characters');

/** `guest` of `POST /api/buy-product` and `POST /api/create-payment-intent` without a session. */
export const guestSchema = z.strictObject({
  name: nameSchema,
  email: emailField(EMAIL_MESSAGE),
  phone: phoneSchema,
});
export type Guest = z.output<typeof guestSchema>;
export type GuestInput = z.input<typeof guestSchema>;

/** A caller or walk-in, as the staff take their order: the e-mail only when they give one. */
export const callerSchema = z.strictObject({
  name: nameSchema,
  phone: phoneSchema,
  email: emailField(EMAIL_MESSAGE).optional(),
});
export type Caller = z.output<typeof callerSchema>;

/**
 * A delivery address typed at the order, not saved to an account: the fields of an address, with the name, e-mail and
 * phone taken from the guest or caller when left out.
 */
export const orderAddressSchema = addressInputSchema.partial({ firstname: true, Email: true, phone: true });
export type OrderAddressInput = z.input<typeof orderAddressSchema>;
export type OrderAddress = z.output<typeof orderAddressSchema>;
