/**
 * `GET`/`PUT /api/shop-settings` (admins): the shop's settings. Decision 0800 brings the order timers and
 * auto-accept, decision 0901 the kitchen's (the quote and the cap per 15-minute slot); later issues add their own
 * fields here. A PUT sends only the fields it changes.
 */
import { z } from 'zod';

const minutes = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number of minutes from ${min} to ${max}`;
  return z.number(message).int(message).min(min, message).max(max, message);
};

export const shopSettingsWireSchema = z.strictObject({
  /** A waiting order is marked late (and rings louder) after this many minutes. */
  lateAfterMinutes: minutes('lateAfterMinutes', 1, 60),
  /** The server rejects an order nobody answered after this many minutes; 0 = never. */
  autoRejectAfterMinutes: minutes('autoRejectAfterMinutes', 0, 120),
  /** Accept every order on arrival with the current quote. */
  autoAccept: z.boolean('autoAccept must be true or false'),
  /** The kitchen's usual time from order to door: the quote with nothing else on (default 45). */
  usualMinutes: minutes('usualMinutes', 5, 240),
  /** Accepted orders not yet on their way that the usual time already allows for (default 5). */
  queueAllowance: z
    .number('queueAllowance must be a whole number of orders from 0 to 100')
    .int('queueAllowance must be a whole number of orders from 0 to 100')
    .min(0, 'queueAllowance must be a whole number of orders from 0 to 100')
    .max(100, 'queueAllowance must be a whole number of orders from 0 to 100'),
  /** Minutes added to the quote for each accepted order beyond the allowance (default 5). */
  minutesPerExtraOrder: minutes('minutesPerExtraOrder', 0, 60),
  /** Orders per 15-minute slot, by when they are due; 0 = no cap (default 0). */
  slotCapacity: z
    .number('slotCapacity must be a whole number of orders from 0 (no cap) to 200')
    .int('slotCapacity must be a whole number of orders from 0 (no cap) to 200')
    .min(0, 'slotCapacity must be a whole number of orders from 0 (no cap) to 200')
    .max(200, 'slotCapacity must be a whole number of orders from 0 (no cap) to 200'),
});
export type ShopSettingsWire = z.infer<typeof shopSettingsWireSchema>;

export const shopSettingsUpdateSchema = shopSettingsWireSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one setting to change');
export type ShopSettingsUpdate = z.infer<typeof shopSettingsUpdateSchema>;
