/**
 * Order items in SPEC.md section 3's own shape, as a client written against the spec sends them to
 * `POST /api/buy-product` and `POST /api/create-payment-intent`:
 *
 *   { id, title, quantity, totalQuantityPrice, topping, crust, size, type, description, category, toppingsPrice }
 *
 * beside the shop's own cart lines (`cartLineSchema`: productId, quantity, size, crust, type, toppingIds, deal).
 * An item with a `productId` key is a cart line; any other item is read as a spec item. A spec item is turned into
 * a cart line here (`specItemToCartLine`), against the menu, and then priced like any other line: the server never
 * charges a price the client sent (decision 0600).
 *
 * - `id`: the product's id (`_id` in `GET /allproduts`). Unknown or deleted: 'This item is no longer available'.
 * - `size`: s, m, l, xl (section 9); `crust`: deep_pan, thin_crust, stuffed_crust; `type`: normal, boneless. An
 *   empty string or null means "not chosen" (the product's default). Any other spelling is refused by the schema.
 *   The defaults deep_pan and normal are dropped for a product that has no crust or type choice (a spec cart sends
 *   them on every item); any other crust or type there is refused by the pricing rules.
 * - `topping`: the chosen toppings' names, comma-separated (the spec's `toopingNames`), in the order chosen (a
 *   shake charges its first flavour). Each name is looked up among the toppings that product may take, ignoring
 *   letter case and extra spaces; a name may itself contain a comma. Unknown names are refused by name.
 * - `title`, `description`, `category`: shown by the spec's screens; ignored (the menu's are used).
 * - `totalQuantityPrice`, `toppingsPrice`: the client's prices; accepted (a number or a numeric text, as the spec's
 *   cart computes them with two decimals) and ignored: never compared and never charged.
 * - `deal` (**addition**, the cart line's deal selection): a deal's chosen products. A deal sent without it is
 *   refused with 'Please Select All Products!', as the spec's deal builder refuses an incomplete deal.
 * - `quantity`: a whole number from 1 to 99, as for cart lines (0, negative, fractional, huge or text: 400).
 */
import { z } from 'zod';
import { CRUSTS, SIZES, WING_TYPES, type Crust, type Size, type WingType } from '../domain/catalogue-values';
import { dealHasPizzaSlot } from '../domain/deals';
import { DEAL_INCOMPLETE } from '../domain/messages';
import { MAX_QUANTITY, MAX_TOPPINGS, PricingError } from '../domain/pricing';
import {
  allowedToppingCategories,
  hasCrustChoice,
  hasWingTypes,
  isDeal,
  type PricedProduct,
  type PricedTopping,
  type PricingCatalogue,
} from '../domain/product-options';
import { cartLineSchema, dealSelectionSchema, MAX_CART_LINES, objectIdSchema, type CartLine } from './cart';

/** The longest topping text read (20 toppings of long names). */
export const MAX_TOPPING_TEXT = 2000;

const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_QUANTITY}`;

/** A choice spelled as the spec spells it; '' and null mean "not chosen" and become undefined. */
function specChoice<T extends string>(what: string, values: readonly [T, ...T[]]) {
  const message = `${what} must be one of ${values.join(', ')} (or empty)`;
  return z
    .string({ error: message })
    .nullable()
    .optional()
    .transform((value, ctx): T | undefined => {
      if (value === undefined || value === null || value === '') return undefined;
      if ((values as readonly string[]).includes(value)) return value as T;
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    });
}

/** A client's price: a number or a numeric text (the spec's carts use `toFixed(2)`), accepted and ignored. */
const ignoredPrice = z
  .union([z.number(), z.string().max(32)], { error: 'must be a number of pounds (it is ignored: the server prices the order)' })
  .nullable()
  .optional();
const ignoredText = z.string({ error: 'must be text' }).max(1000, 'must be at most 1000 characters').nullable().optional();

/** One order item of SPEC.md section 3, strict (any field the spec does not name, a `price` say, is refused). */
export const specOrderItemSchema = z.strictObject({
  id: objectIdSchema,
  quantity: z.number({ error: QUANTITY_MESSAGE }).int(QUANTITY_MESSAGE).min(1, QUANTITY_MESSAGE).max(MAX_QUANTITY, QUANTITY_MESSAGE),
  size: specChoice('Size', SIZES),
  crust: specChoice('Crust', CRUSTS),
  type: specChoice('Type', WING_TYPES),
  topping: z
    .string({ error: 'must be the topping names, comma-separated' })
    .max(MAX_TOPPING_TEXT, `must be at most ${MAX_TOPPING_TEXT} characters`)
    .nullable()
    .optional(),
  title: ignoredText,
  description: ignoredText,
  category: ignoredText,
  totalQuantityPrice: ignoredPrice,
  toppingsPrice: ignoredPrice,
  deal: dealSelectionSchema.optional(),
});
export type SpecOrderItem = z.output<typeof specOrderItemSchema>;
export type SpecOrderItemInput = z.input<typeof specOrderItemSchema>;

/** An order item as parsed: a cart line, or an item of the spec's shape still to be mapped. */
export type OrderItem = CartLine | SpecOrderItem;

export function isSpecOrderItem(item: OrderItem): item is SpecOrderItem {
  return !('productId' in item);
}

function hasProductId(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'productId' in value;
}

/**
 * One order item in either shape: a cart line when it has a `productId`, else a spec item. Chosen by shape rather
 * than by a zod union, so a refusal names the field that is wrong ('items.0.quantity: ...') instead of 'Invalid input'.
 */
export const orderItemSchema = z.unknown().transform((value, ctx) => {
  const parsed = hasProductId(value) ? cartLineSchema.safeParse(value) : specOrderItemSchema.safeParse(value);
  if (parsed.success) return parsed.data as OrderItem;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: value });
  return z.NEVER;
}) as unknown as z.ZodType<OrderItem, z.input<typeof cartLineSchema> | SpecOrderItemInput>;

export const orderItemsSchema = z.array(orderItemSchema).max(MAX_CART_LINES);

function quoted(text: string): string {
  return `"${text}"`;
}

/** How names are compared: trimmed, inner spaces collapsed, any letter case. */
function normalName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

function takesCrust(product: PricedProduct): boolean {
  return isDeal(product) ? dealHasPizzaSlot(product) : hasCrustChoice(product);
}

/** The spec's default crust (deep_pan) and type (normal) on a product without that choice mean "none". */
function crustFor(product: PricedProduct, crust: Crust | undefined): Crust | undefined {
  return crust === 'deep_pan' && !takesCrust(product) ? undefined : crust;
}

function typeFor(product: PricedProduct, type: WingType | undefined): WingType | undefined {
  return type === 'normal' && !hasWingTypes(product) ? undefined : type;
}

/**
 * The ids of comma-separated topping names, among the toppings `product` may take, in the order written. A name
 * that contains a comma is found by trying the longest run of comma-separated parts first (no longer than the
 * longest name). When two toppings the product may take share a name, the one spelled exactly so wins, else the
 * first in the menu's order.
 */
export function toppingIdsFromNames(product: PricedProduct, text: string, catalogue: PricingCatalogue): string[] {
  const parts = text.split(',');
  if (parts.every((part) => part.trim() === '')) return [];
  const allowed = allowedToppingCategories(product.category);
  if (allowed.length === 0) {
    throw new PricingError('TOPPING_NOT_ALLOWED', `Toppings cannot be added to ${quoted(product.title)}`, product.id);
  }
  const byName = new Map<string, PricedTopping[]>();
  const elsewhere = new Set<string>();
  // The most comma-separated parts one name spans, so a long text never costs more than a few lookups per part.
  let longestName = 1;
  for (const topping of catalogue.toppings.values()) {
    const key = normalName(topping.name);
    if (!allowed.includes(topping.category)) {
      elsewhere.add(key);
      continue;
    }
    byName.set(key, [...(byName.get(key) ?? []), topping]);
    longestName = Math.max(longestName, topping.name.split(',').length);
  }

  const ids: string[] = [];
  let start = 0;
  while (start < parts.length) {
    const first = (parts[start] ?? '').trim();
    if (first === '') {
      start += 1;
      continue;
    }
    let end = Math.min(parts.length, start + longestName);
    let match: PricedTopping[] | undefined;
    for (; end > start; end -= 1) {
      match = byName.get(normalName(parts.slice(start, end).join(',')));
      if (match) break;
    }
    if (!match) {
      if (elsewhere.has(normalName(first))) {
        throw new PricingError('TOPPING_NOT_ALLOWED', `${quoted(first)} cannot be added to ${quoted(product.title)}`, product.id);
      }
      throw new PricingError('UNKNOWN_TOPPING', `There is no topping called ${quoted(first)} for ${quoted(product.title)}`, product.id);
    }
    const written = parts.slice(start, end).join(',').trim();
    const topping = match.find((candidate) => candidate.name.trim() === written) ?? match[0];
    if (topping) ids.push(topping.id);
    if (ids.length > MAX_TOPPINGS) {
      throw new PricingError('TOO_MANY_TOPPINGS', `Choose at most ${MAX_TOPPINGS} toppings`, product.id);
    }
    start = end;
  }
  return ids;
}

/**
 * The cart line a spec item stands for, read against the menu; it is then priced like any line (`quoteCart`), so
 * the client's `totalQuantityPrice` and `toppingsPrice` play no part. Throws a PricingError for an unknown product,
 * an unknown topping name, a deal without its choices.
 */
export function specItemToCartLine(item: SpecOrderItem, catalogue: PricingCatalogue): CartLine {
  const product = catalogue.products.get(item.id);
  if (!product) {
    throw new PricingError('UNKNOWN_PRODUCT', `This item is no longer available: no product on the menu has the id ${item.id}`, item.id);
  }
  if (isDeal(product) && (item.deal === undefined || item.deal.items.length === 0)) {
    throw new PricingError('DEAL_INCOMPLETE', DEAL_INCOMPLETE, product.id);
  }
  const line: CartLine = { productId: product.id, quantity: item.quantity };
  const size: Size | undefined = item.size;
  const crust = crustFor(product, item.crust);
  const type = typeFor(product, item.type);
  const toppingIds = toppingIdsFromNames(product, item.topping ?? '', catalogue);
  if (size !== undefined) line.size = size;
  if (crust !== undefined) line.crust = crust;
  if (type !== undefined) line.type = type;
  if (toppingIds.length > 0) line.toppingIds = toppingIds;
  if (item.deal !== undefined) line.deal = item.deal;
  return line;
}

/** Every item of an order as a cart line; a refusal carries the index of the item it is about. */
export function toCartLines(items: readonly OrderItem[], catalogue: PricingCatalogue): CartLine[] {
  return items.map((item, index) => {
    if (!isSpecOrderItem(item)) return item;
    try {
      return specItemToCartLine(item, catalogue);
    } catch (error) {
      if (error instanceof PricingError) throw new PricingError(error.code, error.message, error.productId, index);
      throw error;
    }
  });
}
