/**
 * `GET`/`PUT /api/shop-settings` (admins): the shop's settings. Decision 0800 brings the order timers and
 * auto-accept; later issues add their own fields here. A PUT sends only the fields it changes.
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
});
export type ShopSettingsWire = z.infer<typeof shopSettingsWireSchema>;

export const shopSettingsUpdateSchema = shopSettingsWireSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one setting to change');
export type ShopSettingsUpdate = z.infer<typeof shopSettingsUpdateSchema>;
