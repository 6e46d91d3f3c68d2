/**
 * `GET`/`PUT /api/shop-settings` (admins): the shop's settings. Decision 0800 brings the order timers and
 * auto-accept, decision 0901 the kitchen's (the quote and the cap per 15-minute slot), decision 1002 the shop itself
 * (the trader, its post code, collection's usual time); later issues add their own fields here. A PUT sends only the
 * fields it changes. `GET /api/shop-trader` (everyone) is the trader as the storefront shows it.
 */
import { z } from 'zod';
import { poundsAsPence } from './pounds';
import { MAX_MINIMUM_ORDER_PENCE } from '../domain/minimum-order';
import { stampCardSettingsSchema } from '../domain/stamp-card';
import { normaliseUkPhone, normaliseUkPostcode, normaliseVatNumber, TRADER_ADDRESS_LINES, TRADER_TEXT_MAX } from '../domain/shop-identity';

const minutes = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number of minutes from ${min} to ${max}`;
  return z.number(message).int(message).min(min, message).max(max, message);
};

const traderText = (name: string, what: string) => {
  const message = `${name} must be ${what}, 1 to ${TRADER_TEXT_MAX} characters`;
  return z.string(message).trim().min(1, message).max(TRADER_TEXT_MAX, message);
};
const ADDRESS_MESSAGE = `traderAddress must be ${TRADER_ADDRESS_LINES.min} to ${TRADER_ADDRESS_LINES.max} lines of up to ${TRADER_TEXT_MAX} characters: the street, the town and the post code`;
const traderAddressField = z
  .array(z.string(ADDRESS_MESSAGE).trim().max(TRADER_TEXT_MAX, ADDRESS_MESSAGE), ADDRESS_MESSAGE)
  .transform((lines) => lines.filter((line) => line !== ''))
  .pipe(z.array(z.string()).min(TRADER_ADDRESS_LINES.min, ADDRESS_MESSAGE).max(TRADER_ADDRESS_LINES.max, ADDRESS_MESSAGE));
const PHONE_MESSAGE = 'traderPhone must be a UK phone number such as 020 7946 0321 or +44 20 7946 0321';
const traderPhoneField = z
  .string(PHONE_MESSAGE)
  .max(40, PHONE_MESSAGE)
  .transform((v, ctx) => {
    const phone = normaliseUkPhone(v);
    if (phone === null) ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
    return phone ?? v;
  });
const EMAIL_MESSAGE = 'traderEmail must be an e-mail address such as hello@example.com';
const traderEmailField = z.string(EMAIL_MESSAGE).trim().max(TRADER_TEXT_MAX, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE));
const VAT_MESSAGE = 'vatNumber must be a UK VAT number such as GB123456789, or null when the shop is not VAT-registered';
const vatNumberField = z
  .string(VAT_MESSAGE)
  .max(40, VAT_MESSAGE)
  .transform((v, ctx) => {
    const vat = normaliseVatNumber(v);
    if (vat === null) ctx.addIssue({ code: 'custom', message: VAT_MESSAGE });
    return vat ?? v;
  });
const POSTCODE_MESSAGE = 'shopPostcode must be a UK post code such as BS1 4DJ';
const postcodeField = z
  .string(POSTCODE_MESSAGE)
  .max(20, POSTCODE_MESSAGE)
  .transform((v, ctx) => {
    const postcode = normaliseUkPostcode(v);
    if (postcode === null) ctx.addIssue({ code: 'custom', message: POSTCODE_MESSAGE });
    return postcode ?? v;
  });

const TILE_URL_MESSAGE =
  'mapTileUrl must be an https URL template with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png, or null for no map';
const mapTileUrlField = z
  .string(TILE_URL_MESSAGE)
  .trim()
  .max(500, TILE_URL_MESSAGE)
  .refine((v) => {
    if (!v.startsWith('https://') || !['{z}', '{x}', '{y}'].every((part) => v.includes(part))) return false;
    try {
      return new URL(v.replace(/\{[a-z]+\}/g, '0')).protocol === 'https:';
    } catch {
      return false;
    }
  }, TILE_URL_MESSAGE);

const MAX_MINIMUM_POUNDS = MAX_MINIMUM_ORDER_PENCE / 100;
/** Pounds on the wire ('12.5'), pence once parsed (1250). */
const minimumPounds = (name: string) => poundsAsPence(name, MAX_MINIMUM_POUNDS, '10.00');

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
  /** Collection's usual time from order to ready (issue 22 point 3; default 20). */
  collectionMinutes: minutes('collectionMinutes', 5, 240),
  /** The shop's own post code ('BS1 4DJ'): the delivery area's centre; null while not set (every UK post code is taken). */
  shopPostcode: z.string().nullable(),
  /** The trader (decision 1002) as the footer, checkout and receipts show it: saved, else the environment's, else the placeholder. */
  traderName: z.string(),
  /** The address lines, first to last. */
  traderAddress: z.array(z.string()),
  traderPhone: z.string(),
  traderEmail: z.string(),
  /** null: not VAT-registered (no VAT lines on receipts). */
  vatNumber: z.string().nullable(),
  /**
   * The minimum order per fulfilment, pounds of food before any delivery fee (default 10 each); a
   * delivery zone's larger minimum still applies on top.
   */
  minimumOrder: z.strictObject({ delivery: z.number(), collection: z.number() }),
  /**
   * The most a counter login may refund of one order, pounds (default 5; decision 1401). Only the owner changes it
   * (the payment settings).
   */
  counterRefundLimit: z.number(),
  /** An order placed ahead prints its kitchen ticket this many minutes before its slot (default 30). */
  ticketLeadMinutes: z.number(),
  /** At the end of the trading day, what was left open is closed, so the board starts the next day empty (default on). */
  autoCloseDay: z.boolean(),
  /**
   * The stamp card (domain/stamp-card.ts): `{stampsNeeded, reward}`, the reward `{kind: 'amount', pence}` or
   * `{kind: 'product', productId}`; null: off (the default).
   */
  stampCard: stampCardSettingsSchema.nullable(),
  // The driver's cash-up (decision 1701).
  /** Pounds a driver is paid per delivery dropped (default 0: the shop pays no per-drop rate). */
  payPerDrop: z.number(),
  // The board's watchdog (decision 1700): minutes; 0 turns that warning off.
  /** A delivery ready this long with no driver warns the board (default 10). */
  unassignedWarnMinutes: z.number(),
  /** A delivery on the way this long past its time warns the board (default 15). */
  lateDeliveryWarnMinutes: z.number(),
  // The tracker and the order updates (decision 1702).
  /** The tracker's map tiles: an https URL template with {z}, {x} and {y}; null: no map (the default). */
  mapTileUrl: z.string().nullable(),
  /** The tiles' attribution as their provider asks it to be shown ('© OpenStreetMap contributors'). */
  mapAttribution: z.string().nullable(),
  /** Web Push updates (accepted, on the way, delivered) to customers who allow them (default on). */
  pushUpdates: z.boolean(),
  /** Text message updates to the order's phone, when an SMS provider is set up (default off). */
  smsUpdates: z.boolean(),
});
export type ShopSettingsWire = z.infer<typeof shopSettingsWireSchema>;

/**
 * A PUT's body: any of the settings, checked and normalised ('bs1 4dj' is saved as 'BS1 4DJ', 'gb 123 4567 89' as
 * 'GB123456789'). vatNumber null: not VAT-registered (whatever SHOP_VAT_NUMBER says); shopPostcode null: back to
 * SHOP_POSTCODE, or not set.
 */
export const shopSettingsUpdateSchema = shopSettingsWireSchema
  .extend({
    shopPostcode: postcodeField.nullable(),
    traderName: traderText('traderName', 'the shop’s trading name'),
    traderAddress: traderAddressField,
    traderPhone: traderPhoneField,
    traderEmail: traderEmailField,
    vatNumber: vatNumberField.nullable(),
    minimumOrder: z.strictObject(
      { delivery: minimumPounds('minimumOrder.delivery'), collection: minimumPounds('minimumOrder.collection') },
      'minimumOrder must be {delivery, collection} in pounds',
    ),
    counterRefundLimit: poundsAsPence('counterRefundLimit', 1000, '5.00'),
    ticketLeadMinutes: minutes('ticketLeadMinutes', 0, 240),
    autoCloseDay: z.boolean('autoCloseDay must be true or false'),
    payPerDrop: poundsAsPence('payPerDrop', 100, '1.50'),
    unassignedWarnMinutes: minutes('unassignedWarnMinutes', 0, 240),
    lateDeliveryWarnMinutes: minutes('lateDeliveryWarnMinutes', 0, 240),
    mapTileUrl: mapTileUrlField.nullable(),
    mapAttribution: z.string('mapAttribution must be text').trim().max(300, 'mapAttribution is at most 300 characters').nullable(),
    pushUpdates: z.boolean('pushUpdates must be true or false'),
    smsUpdates: z.boolean('smsUpdates must be true or false'),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one setting to change');
export type ShopSettingsUpdate = z.infer<typeof shopSettingsUpdateSchema>;

/** `GET /api/shop-trader`: who the customer contracts with, as the footer, checkout and receipts show it. */
export const shopTraderSchema = z.strictObject({
  name: z.string(),
  /** The address lines, first to last. */
  address: z.array(z.string()),
  phone: z.string(),
  email: z.string(),
  /** null: not VAT-registered. */
  vatNumber: z.string().nullable(),
});
export type ShopTrader = z.infer<typeof shopTraderSchema>;

/** One VAT rate of an order's receipt: pounds, and the receipt's words for it. */
export const receiptVatRateSchema = z.strictObject({
  rate: z.enum(['standard', 'zero']),
  percent: z.number(),
  /** Pounds paid at this rate, VAT included. */
  gross: z.number(),
  /** Pounds of VAT in it. */
  vat: z.number(),
  /** 'VAT at 20% included: £6.15 of £36.88', 'Zero-rated (0% VAT): £3.50'. */
  text: z.string(),
});

/**
 * `GET /api/receipts/{id}` (the order's customer, or an admin): who the order is from and, for a VAT-registered shop,
 * its VAT number and the VAT included per rate (decision 1002); `vat` null without a VAT number.
 */
export const orderReceiptSchema = z.strictObject({
  trader: shopTraderSchema,
  vat: z.strictObject({ vatNumber: z.string(), rates: z.array(receiptVatRateSchema) }).nullable(),
});
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;
