/**
 * The cart on the wire: what `POST /api/cart/quote` and `POST /api/buy-product` accept as items, and
 * what the quote answers. Strict objects: an unknown field (a client `price`, say) is refused here, and
 * prices are always recomputed by the server from the database.
 */
import { z } from 'zod';
import { ALLERGENS } from '../domain/allergens';
import { crustSchema, sizeSchema, wingTypeSchema } from '../domain/catalogue';
import { penceToPounds } from '../domain/money';
import { deliveryCheckAnswerSchema, postcodeQueryField } from './delivery-check';
import { FULFILMENTS } from '../domain/fulfilment';
import { STAFF_CHANNELS } from '../domain/order-channel';
import { discountWireSchema, orderExtrasFields, promoOutcomeSchema, toDiscountWire, type PromoOutcome } from './order-extras';
import { discountTotal, orderTotal, type OrderDiscount } from '../domain/order-discounts';
import { MAX_QUANTITY, MAX_TOPPINGS, type CartQuote, type PricedLine } from '../domain/pricing';

export const MAX_CART_LINES = 50;
/** Slots of a deal are at most 10 (dealSlotsSchema), each of at most 20 items. */
export const MAX_DEAL_ITEMS = 200;

/** Ids are 24 lowercase hex characters, like a Mongo ObjectId. */
export const objectIdSchema = z.string().regex(/^[0-9a-f]{24}$/, 'Must be an id of 24 lowercase hex characters');

export const dealItemSchema = z.strictObject({
  /** Index into the deal's slots. */
  slot: z.number().int().min(0).max(9),
  productId: objectIdSchema,
});
export type DealItem = z.infer<typeof dealItemSchema>;

export const dealSelectionSchema = z.strictObject({
  size: sizeSchema.optional(),
  /** Chosen once for every pizza in the deal. */
  crust: crustSchema.nullable().optional(),
  items: z.array(dealItemSchema).max(MAX_DEAL_ITEMS),
});
export type DealSelection = z.infer<typeof dealSelectionSchema>;

/** One configured item in the cart. Quantity is a whole number from 1 to 99 (0, negative, fractional refused). */
export const cartLineSchema = z.strictObject({
  productId: objectIdSchema,
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
  size: sizeSchema.optional(),
  crust: crustSchema.nullable().optional(),
  type: wingTypeSchema.nullable().optional(),
  toppingIds: z.array(objectIdSchema).max(MAX_TOPPINGS).optional(),
  deal: dealSelectionSchema.optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartLinesSchema = z.array(cartLineSchema).max(MAX_CART_LINES);

/** `POST /api/cart/quote` body; with `postcode` (a delivery's), the answer says what delivering there adds (decision 1001). */
export const cartQuoteRequestSchema = z.strictObject({
  items: cartLinesSchema,
  postcode: postcodeQueryField.optional(),
  /** Delivered or collected, when checkout knows: a promotion may be for one, and a tip is for a delivery only. */
  fulfilment: z.enum(FULFILMENTS).optional(),
  /** The staff's New order: quote a phone or counter order's promotions (asked by one who takes orders; else ignored). */
  channel: z.enum(STAFF_CHANNELS).optional(),
  ...orderExtrasFields,
});
export type CartQuoteRequest = z.infer<typeof cartQuoteRequestSchema>;

/**
 * One priced line on the wire, in pounds, with the cart item field names of SPEC.md section 3
 * (`price` per unit, `totalToopingPrice` per unit, `totalQuantityPrice` = price × quantity).
 */
export const quotedLineSchema = z.strictObject({
  productId: z.string(),
  title: z.string(),
  category: z.string(),
  quantity: z.number().int(),
  size: sizeSchema.nullable(),
  sizeLabel: z.string().nullable(),
  crust: crustSchema.nullable(),
  type: wingTypeSchema.nullable(),
  toopingNames: z.string(),
  totalToopingPrice: z.number(),
  price: z.number(),
  totalQuantityPrice: z.number(),
  dealItems: z.array(z.strictObject({ slot: z.number().int(), productId: z.string(), title: z.string(), size: sizeSchema.nullable() })),
  /**
   * The line's allergens (issue 22): its product's, toppings', crust's and deal items', codes in the 14's order; null
   * when some part's are not recorded (decision 1004: the storefront says 'ask us', never 'none').
   */
  allergens: z.array(z.enum(ALLERGENS)).nullable(),
});
export type QuotedLine = z.infer<typeof quotedLineSchema>;

/** `POST /api/cart/quote` answer: what the server would charge, in pounds. */
export const cartQuoteAnswerSchema = z.strictObject({
  items: z.array(quotedLineSchema),
  subtotal: z.number(),
  total: z.number(),
  meetsMinimum: z.boolean(),
  minimumOrder: z.number(),
  /** Only when a post code was sent: its delivery fee and minimum, or why the shop does not deliver there (decision 1001). */
  delivery: deliveryCheckAnswerSchema.optional(),
  /**
   * Pounds: the lowest and highest delivery fee of the shop's zones, told in the cart before checkout (decision 1005);
   * null while the shop has no zones (no post code set: every post code is delivered free).
   */
  deliveryFees: z.strictObject({ from: z.number(), to: z.number() }).nullable().optional(),
  /** The codes of the shop's delivery zones ('BS1', 'BS6 5'), which checkout's terms name; null while it has none. */
  deliveryArea: z.array(z.string()).nullable().optional(),
  /** The discount lines the order would get (automatic offers, the code sent, the stamp card's reward); [] when none. */
  discounts: z.array(discountWireSchema),
  /** Pounds: their sum. */
  discount: z.number(),
  /** Pounds: the tip sent (0 without one). */
  tip: z.number(),
  /** The code sent: applied, or why not; null without a code. */
  promo: promoOutcomeSchema.nullable(),
  /**
   * Pounds: what the order would cost: subtotal, the delivery fee (the post code's, when sent and delivered to; 0 for
   * a collection), less the discounts, plus the tip.
   */
  toPay: z.number(),
});
export type CartQuoteAnswer = z.infer<typeof cartQuoteAnswerSchema>;

export function toQuotedLine(line: PricedLine): QuotedLine {
  return {
    productId: line.productId,
    title: line.title,
    category: line.category,
    quantity: line.quantity,
    size: line.size,
    sizeLabel: line.sizeLabel,
    crust: line.crust,
    type: line.type,
    toopingNames: line.toopingNames,
    totalToopingPrice: penceToPounds(line.toppingsPrice),
    price: penceToPounds(line.unitPrice),
    totalQuantityPrice: penceToPounds(line.lineTotal),
    dealItems: line.dealItems.map(({ slot, productId, title, size }) => ({ slot, productId, title, size })),
    allergens: line.allergens,
  };
}

/** What the checkout's extras did to a quote: discount lines, the tip, the code's outcome, the delivery fee counted (pence). */
export interface QuoteExtras {
  discounts: readonly OrderDiscount[];
  tip: number;
  promo: PromoOutcome | null;
  deliveryFee: number;
}

const NO_EXTRAS: QuoteExtras = { discounts: [], tip: 0, promo: null, deliveryFee: 0 };

export function toCartQuoteAnswer(quote: CartQuote, extras: QuoteExtras = NO_EXTRAS): CartQuoteAnswer {
  return {
    items: quote.lines.map(toQuotedLine),
    subtotal: penceToPounds(quote.subtotal),
    total: penceToPounds(quote.total),
    meetsMinimum: quote.meetsMinimum,
    minimumOrder: penceToPounds(quote.minimumOrder),
    discounts: extras.discounts.map(toDiscountWire),
    discount: penceToPounds(discountTotal(extras.discounts)),
    tip: penceToPounds(extras.tip),
    promo: extras.promo,
    toPay: penceToPounds(
      orderTotal({ subtotal: quote.subtotal, deliveryFee: extras.deliveryFee, discounts: extras.discounts, tip: extras.tip }),
    ),
  };
}
