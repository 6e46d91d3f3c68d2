/**
 * The shop's live state (issue 21, decision 0901): busy mode and pause, set by an admin (`PUT /api/shop-status`),
 * the slots a customer may order ahead for (`GET /api/order-slots`), and the `shop_status` socket event. The state
 * itself reads as `GET /api/opening-status` answers it (orderingStatusSchema in contract/orders.ts).
 */
import { z } from 'zod';
import { orderingStatusSchema } from './orders';

/** Busy mode's extra minutes (the back office offers 15, 30 and 45). */
export const BUSY_EXTRA_RANGE = { min: 5, max: 120 } as const;
/** How long busy mode lasts (the back office offers 30, 60 and 90 minutes, or until turned off: null). */
export const BUSY_FOR_RANGE = { min: 5, max: 720 } as const;
/** How long a pause lasts (the back office offers 15, 30 and 60 minutes, or the rest of today). */
export const PAUSE_FOR_RANGE = { min: 5, max: 240 } as const;

const wholeMinutes = (name: string, { min, max }: { min: number; max: number }) => {
  const message = `${name} must be a whole number of minutes from ${min} to ${max}`;
  return z.number(message).int(message).min(min, message).max(max, message);
};

export const busyRequestSchema = z.strictObject({
  extraMinutes: wholeMinutes('extraMinutes', BUSY_EXTRA_RANGE),
  /** null: until turned off. */
  forMinutes: wholeMinutes('forMinutes', BUSY_FOR_RANGE).nullable(),
});

export const PAUSE_ONE_OF = 'Send pause as {forMinutes} or {untilEndOfDay: true}';

/** `{forMinutes}`, or `{untilEndOfDay: true}`: until the end of the shop's day (the close of the session running, or opening later today). */
export const pauseRequestSchema = z
  .strictObject({
    forMinutes: wholeMinutes('forMinutes', PAUSE_FOR_RANGE).optional(),
    untilEndOfDay: z.literal(true, 'untilEndOfDay must be true').optional(),
  })
  .refine((pause) => (pause.forMinutes === undefined) !== (pause.untilEndOfDay === undefined), PAUSE_ONE_OF);

/**
 * `PUT /api/shop-status` body (admins): `busy` on (`{extraMinutes, forMinutes}`) or off (null), `pause` on
 * (`{forMinutes}` or `{untilEndOfDay: true}`) or off (null); either or both. Its answer is the opening status.
 */
export const shopStatusUpdateSchema = z
  .strictObject({
    busy: busyRequestSchema.nullable().optional(),
    pause: pauseRequestSchema.nullable().optional(),
  })
  .refine((body) => body.busy !== undefined || body.pause !== undefined, 'Send busy or pause (null turns one off)');
export type ShopStatusUpdate = z.infer<typeof shopStatusUpdateSchema>;

/** `PUT /api/shop-status` answer, and the `shop_status` event's payload: the opening status after the change. */
export const shopStatusAnswerSchema = orderingStatusSchema;

/** One slot to order ahead for: its start (ISO) and how the customer reads it ('Sat 19:30', Europe/London). */
export const orderSlotSchema = z.strictObject({ at: z.string(), label: z.string() });
export type OrderSlot = z.infer<typeof orderSlotSchema>;

/**
 * `GET /api/order-slots` (anyone): whether an order for as soon as possible is taken now (`asap`), the quote, and
 * the 15-minute slots of today's and tomorrow's sessions an order may be scheduled for, earliest first.
 */
export const orderSlotsAnswerSchema = z.strictObject({
  asap: z.boolean(),
  quoteMinutes: z.number().int(),
  slots: z.array(orderSlotSchema),
});
export type OrderSlotsAnswer = z.infer<typeof orderSlotsAnswerSchema>;

/**
 * Server to client, to every connection signed in or not: busy mode, the pause or the kitchen's settings changed.
 * The payload is the opening status at that moment (`GET /api/opening-status`'s answer). A state ending by itself
 * (its `until` passing) sends nothing: a client refetches the opening status at that time.
 */
export { SHOP_STATUS } from './socket-names';
export const shopStatusEventSchema = orderingStatusSchema;
