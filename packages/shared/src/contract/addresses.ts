/**
 * Delivery addresses on the wire (SPEC.md sections 3 and 7): `_id, firstname, lastname, Email, phone,
 * address, address2, city, postcode`, spelled as the spec spells them. Strict: unknown fields are refused.
 */
import { z } from 'zod';
import { canonicalPhone, PHONE_MESSAGE } from '../domain/phone';
import { emailField } from './auth';

export { PHONE_MESSAGE };

/** The outward code, then the inward code (digit and two letters), e.g. 'SW1A 1AA', 'M1 1AE', 'B33 8TH'. */
const UK_POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/;

export const POSTCODE_MESSAGE = 'Please enter a UK post code such as SW1A 1AA';
export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** 'sw1a1aa' → 'SW1A 1AA'; null when it is not shaped like a UK post code. */
export function normalisePostcode(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (!UK_POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

const requiredText = (label: string, max = 100) =>
  z.string(`${label} is required`).trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);

/** Lengths bounded before the patterns run: the longest post code is 8 characters, a phone number of 15 digits with its spacing about 20. */
const postcodeSchema = z
  .string(POSTCODE_MESSAGE)
  .max(20, POSTCODE_MESSAGE)
  .transform((value, ctx) => {
    const postcode = normalisePostcode(value);
    if (postcode === null) {
      ctx.addIssue({ code: 'custom', message: POSTCODE_MESSAGE });
      return z.NEVER;
    }
    return postcode;
  });

/** A phone number as the shop stores it (E.164, domain/phone.ts), for an address, a contact and a lookup. */
export const phoneSchema = z
  .string(PHONE_MESSAGE)
  .max(40, PHONE_MESSAGE)
  .transform((value, ctx) => {
    const phone = canonicalPhone(value);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return phone;
  });

const addressFields = {
  firstname: requiredText('First name'),
  lastname: z.string().trim().max(100, 'Last name is at most 100 characters'),
  Email: emailField(EMAIL_MESSAGE),
  phone: phoneSchema,
  address: requiredText('Address', 200),
  address2: z.string().trim().max(200, 'Address line 2 is at most 200 characters'),
  city: requiredText('Town/City'),
  postcode: postcodeSchema,
};

/** `POST /api/address-collection` body. `lastname` and `address2` may be left out. */
export const addressInputSchema = z.strictObject({
  ...addressFields,
  lastname: addressFields.lastname.default(''),
  address2: addressFields.address2.default(''),
});
export type AddressInput = z.input<typeof addressInputSchema>;
export type Address = z.output<typeof addressInputSchema>;

/** `PUT /api/address-collection/{id}` body: any of the fields; the ones sent replace the stored values. */
export const addressUpdateSchema = z.strictObject(addressFields).partial();
export type AddressUpdate = z.input<typeof addressUpdateSchema>;

/** One address as the API answers it. */
export const addressWireSchema = z.strictObject({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  Email: z.string(),
  phone: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  postcode: z.string(),
});
export type AddressWire = z.infer<typeof addressWireSchema>;
