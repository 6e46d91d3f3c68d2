/**
 * What delivering to a post code adds (decision 1001): `GET /api/delivery-check`'s answer, and the cart quote's
 * `delivery` when it is sent a post code. In a file of its own (zod only), so the cart's contract, which the
 * storefront's first load reads, does not bring the zones' post code parser with it.
 */
import { z } from 'zod';

/**
 * `delivers` false with the words to show (the district and the shop's phone) for a post code outside every zone or
 * not a UK one; else the zone (null while the shop's post code is not set), its fee and minimum in pounds, and message
 * null.
 */
export const deliveryCheckAnswerSchema = z.strictObject({
  delivers: z.boolean(),
  postcode: z.string(),
  zone: z.string().nullable(),
  fee: z.number(),
  minimumOrder: z.number(),
  message: z.string().nullable(),
});
export type DeliveryCheckAnswer = z.infer<typeof deliveryCheckAnswerSchema>;

export const POSTCODE_QUERY_MESSAGE = 'postcode must be a post code of up to 20 characters';
export const postcodeQueryField = z.string(POSTCODE_QUERY_MESSAGE).trim().min(1, POSTCODE_QUERY_MESSAGE).max(20, POSTCODE_QUERY_MESSAGE);
