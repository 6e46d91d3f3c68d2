/**
 * The delivery area (issue 22 point 2, decision 1001): `GET`/`POST /api/delivery-zones`, `PUT`/`DELETE
 * /api/delivery-zones/:id` (admins) edit the zones; `GET /api/delivery-check?postcode=` (anyone) says at once whether
 * the shop delivers to a post code, at what fee and from what minimum. Money in pounds, as every answer has it.
 */
import { z } from 'zod';
import { normaliseZoneCode, ZONE_CODE_MESSAGE } from '../domain/delivery-zones';
import { postcodeQueryField } from './delivery-check';
import { poundsAsPence } from './pounds';

/** The most a zone's fee or minimum may be, in pounds. */
export const MAX_ZONE_POUNDS = 100;

/** Pounds on the wire ('2.5'), pence once parsed (250). */
const pounds = (name: string) => poundsAsPence(name, MAX_ZONE_POUNDS, '2.50');

const zoneCodeField = z
  .string(ZONE_CODE_MESSAGE)
  .max(12, ZONE_CODE_MESSAGE)
  .transform((value, ctx) => {
    const code = normaliseZoneCode(value);
    if (code === null) {
      ctx.addIssue({ code: 'custom', message: ZONE_CODE_MESSAGE });
      return z.NEVER;
    }
    return code;
  });

export const deliveryZoneWireSchema = z.strictObject({
  _id: z.string(),
  /** 'BS1' (a district) or 'BS6 5' (a sector). */
  code: z.string(),
  /** Pounds. */
  fee: z.number(),
  /** Pounds: the food's total (after deals, before the fee) an order delivered here must reach. */
  minimumOrder: z.number(),
});
export type DeliveryZoneWire = z.infer<typeof deliveryZoneWireSchema>;

/** `GET /api/delivery-zones`: the shop's post code (null while not set: every post code is taken) and its zones by code. */
export const deliveryZonesAnswerSchema = z.strictObject({
  shopPostcode: z.string().nullable(),
  zones: z.array(deliveryZoneWireSchema),
});
export type DeliveryZonesAnswer = z.infer<typeof deliveryZonesAnswerSchema>;

/** `POST /api/delivery-zones` body: a zone code in any case or spacing ('bs6  5' is saved as 'BS6 5'). */
export const deliveryZoneCreateSchema = z.strictObject({
  code: zoneCodeField,
  fee: pounds('fee'),
  minimumOrder: pounds('minimumOrder').default(0),
});
/** Parsed: the code normalised, the money in pence. */
export type DeliveryZoneCreate = z.output<typeof deliveryZoneCreateSchema>;

/** `PUT /api/delivery-zones/:id` body: the fields to change. */
export const deliveryZoneUpdateSchema = z
  .strictObject({ code: zoneCodeField, fee: pounds('fee'), minimumOrder: pounds('minimumOrder') })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send code, fee or minimumOrder to change');
/** Parsed: the code normalised, the money in pence. */
export type DeliveryZoneUpdate = z.output<typeof deliveryZoneUpdateSchema>;

export const deliveryCheckQuerySchema = z.object({ postcode: postcodeQueryField });

export { deliveryCheckAnswerSchema, POSTCODE_QUERY_MESSAGE, type DeliveryCheckAnswer } from './delivery-check';
