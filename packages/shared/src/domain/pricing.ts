/**
 * The one pricing module: the browser shows these prices and the server charges them. Integer pence
 * throughout; a line's total is its unit price times its quantity, a cart's total the sum of its lines,
 * so there is nothing to round.
 *
 * Rules (SPEC.md sections 2, 4, 5 and 9):
 * - A product is sold in the sizes whose price is non-zero; the default size is the first priced of
 *   s, m, l, then xl. A size that is not priced is refused; a product with no price is not for sale.
 * - Crust is chosen only for Pizza with crust prices (stuffed crust) defined; the default is deep_pan.
 *   Size s forces deep_pan: thin and stuffed crust are refused at s. Any other product refuses a crust.
 * - Wings: sizes s ('6 Pcs') and m ('10 Pcs'); type normal or boneless (default normal) adds its price.
 *   Any other product refuses a type.
 * - Toppings: Pizza and Vegan take 'Pizza' and 'Crust' toppings; Shakes take 'Shakes' flavours, of which
 *   only the first chosen is charged and the others are free; Wings, Sides, Nachos and Sides To Share
 *   take 'Dips'; every other category takes none. Unknown, duplicate or disallowed toppings are refused.
 * - Unit price = size price + crust add-on + wing type add-on + toppings.
 * - Deals: the deal's price at the chosen deal size (or its single price), plus each pizza's add-on for
 *   the crust chosen once for the deal, plus `extraEach` for each item beyond a slot's `count` (Fussy
 *   Eaters). Every slot must hold its `count` ('Please Select All Products!'); see deals.ts for what may
 *   fill a slot.
 * - Quantity: a whole number from 1 to 99.
 * - A cart meets the minimum when its total is at least £10.00.
 * Anything wrong throws a PricingError with a code and a message a customer can read.
 */
import type { CartLine } from '../contract/cart';
import { lineAllergens, type Allergen } from './allergens';
import { CRUST_LABELS, SIZE_LABELS, WING_TYPE_LABELS, type Crust, type Size, type WingType } from './catalogue-values';
import { dealHasPizzaSlot, dealProgress } from './deals';
import { DEAL_INCOMPLETE } from './messages';
import { formatPounds, MAX_ORDER_PENCE, MIN_ORDER_PENCE } from './money';
import type { PricingErrorCode } from './pricing-codes';
import {
  allowedCrusts,
  allowedToppingCategories,
  chargesFirstToppingOnly,
  defaultSize,
  hasCrustChoice,
  hasWingTypes,
  isDeal,
  sizeLabel,
  sizePrice,
  type PricedProduct,
  type PricedTopping,
  type PricingCatalogue,
} from './product-options';

export type { PricedProduct, PricedTopping, PricingCatalogue } from './product-options';
export { allowedToppingCategories, availableSizes, defaultSize } from './product-options';

export type { PricingErrorCode } from './pricing-codes';

/** A cart line that cannot be priced. `message` is meant for the customer; `lineIndex` is set by quoteCart. */
export class PricingError extends Error {
  override readonly name = 'PricingError';
  constructor(
    readonly code: PricingErrorCode,
    message: string,
    readonly productId?: string,
    readonly lineIndex?: number,
  ) {
    super(message);
  }
}

export const MAX_QUANTITY = 99;
export const MAX_TOPPINGS = 20;

export type PricedLineTopping = { id: string; name: string; category: PricedTopping['category']; price: number; charged: number };
export type PricedDealItem = { slot: number; label: string; productId: string; title: string; size: Size | null };

export type PricedLine = {
  productId: string;
  title: string;
  category: string;
  quantity: number;
  size: Size | null;
  /** '6 Pcs', 'Large 13"', ... or null for single-price products. */
  sizeLabel: string | null;
  crust: Crust | null;
  crustLabel: string | null;
  type: WingType | null;
  typeLabel: string | null;
  toppings: PricedLineTopping[];
  /** The spec's comma-separated topping text, e.g. 'Mushroom, Olives'. */
  toopingNames: string;
  /** Toppings per unit, in pence (as charged: free shake flavours count 0). */
  toppingsPrice: number;
  sizePrice: number;
  /** Crust add-on per unit (a deal: the sum over its pizzas). */
  crustPrice: number;
  typePrice: number;
  /** Deal items beyond their slot's count, per unit. */
  dealExtrasPrice: number;
  unitPrice: number;
  /** unitPrice × quantity, the spec's totalQuantityPrice. */
  lineTotal: number;
  dealItems: PricedDealItem[];
  dealItemTitles: string[];
  /**
   * The line's allergens (domain/allergens.ts lineAllergens): the product's, its toppings', crust's and deal items';
   * null when some part's are not recorded (decision 1004).
   */
  allergens: Allergen[] | null;
};

/** The product and the choices of a line, with their labels: what an order keeps and shows of it. */
export type PricedLineChoices = Pick<
  PricedLine,
  'title' | 'category' | 'quantity' | 'size' | 'sizeLabel' | 'crust' | 'crustLabel' | 'type' | 'typeLabel'
>;

export type CartQuote = {
  lines: PricedLine[];
  subtotal: number;
  total: number;
  meetsMinimum: boolean;
  minimumOrder: number;
  /** False when the total is over MAX_ORDER_PENCE: such an order is refused with ORDER_TOO_LARGE. */
  withinMaximum: boolean;
};

export const ORDER_TOO_LARGE = `Orders over ${formatPounds(MAX_ORDER_PENCE)} cannot be placed online: please call the shop`;

function quoted(title: string): string {
  return `"${title}"`;
}

function checkQuantity(quantity: number, product: PricedProduct): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
    throw new PricingError('INVALID_QUANTITY', `Quantity must be a whole number from 1 to ${MAX_QUANTITY}`, product.id);
  }
}

function resolveSize(product: PricedProduct, requested: Size | undefined): { size: Size; price: number } {
  const size = requested ?? defaultSize(product);
  if (size === null) {
    throw new PricingError('NOT_FOR_SALE', `${quoted(product.title)} is not available to order right now`, product.id);
  }
  const price = sizePrice(product, size);
  if (price === null) {
    const label = sizeLabel(product, size) ?? SIZE_LABELS[size];
    throw new PricingError('SIZE_NOT_AVAILABLE', `${quoted(product.title)} is not available in ${label}`, product.id);
  }
  return { size, price };
}

function resolveCrust(product: PricedProduct, size: Size, requested: Crust | null | undefined): { crust: Crust | null; price: number } {
  if (!hasCrustChoice(product)) {
    if (requested != null) {
      throw new PricingError('CRUST_NOT_AVAILABLE', `${quoted(product.title)} has no crust choice`, product.id);
    }
    return { crust: null, price: 0 };
  }
  const crust = requested ?? 'deep_pan';
  if (!allowedCrusts(product, size).includes(crust)) {
    throw new PricingError('CRUST_NOT_AT_SIZE', `${CRUST_LABELS[crust]} is not available in the ${SIZE_LABELS[size]} size`, product.id);
  }
  return { crust, price: product.crust?.[crust] ?? 0 };
}

function resolveType(product: PricedProduct, requested: WingType | null | undefined): { type: WingType | null; price: number } {
  if (!hasWingTypes(product) || !product.wingTypes) {
    if (requested != null) {
      throw new PricingError('TYPE_NOT_AVAILABLE', `${quoted(product.title)} has no type choice`, product.id);
    }
    return { type: null, price: 0 };
  }
  const type = requested ?? 'normal';
  return { type, price: product.wingTypes[type] };
}

function resolveToppings(product: PricedProduct, ids: readonly string[], catalogue: PricingCatalogue): PricedLineTopping[] {
  if (ids.length === 0) return [];
  const allowed = allowedToppingCategories(product.category);
  if (allowed.length === 0) {
    throw new PricingError('TOPPING_NOT_ALLOWED', `Toppings cannot be added to ${quoted(product.title)}`, product.id);
  }
  if (ids.length > MAX_TOPPINGS) {
    throw new PricingError('TOO_MANY_TOPPINGS', `Choose at most ${MAX_TOPPINGS} toppings`, product.id);
  }
  const seen = new Set<string>();
  const firstOnly = chargesFirstToppingOnly(product.category);
  return ids.map((id, index) => {
    const topping = catalogue.toppings.get(id);
    if (!topping) {
      throw new PricingError('UNKNOWN_TOPPING', `A topping you chose for ${quoted(product.title)} is no longer available`, product.id);
    }
    if (seen.has(id)) {
      throw new PricingError('DUPLICATE_TOPPING', `${quoted(topping.name)} is chosen twice for ${quoted(product.title)}`, product.id);
    }
    seen.add(id);
    if (!allowed.includes(topping.category)) {
      throw new PricingError('TOPPING_NOT_ALLOWED', `${quoted(topping.name)} cannot be added to ${quoted(product.title)}`, product.id);
    }
    const charged = firstOnly && index > 0 ? 0 : topping.price;
    return { id: topping.id, name: topping.name, category: topping.category, price: topping.price, charged };
  });
}

function agree<T>(product: PricedProduct, what: string, a: T | null | undefined, b: T | null | undefined): T | null | undefined {
  if (a != null && b != null && a !== b) {
    throw new PricingError('CONFLICTING_CHOICE', `Two different ${what} were chosen for ${quoted(product.title)}`, product.id);
  }
  return a ?? b;
}

function priceDeal(line: CartLine, deal: PricedProduct, catalogue: PricingCatalogue): PricedLine {
  if (line.type != null) throw new PricingError('TYPE_NOT_AVAILABLE', `${quoted(deal.title)} has no type choice`, deal.id);
  if ((line.toppingIds ?? []).length > 0) {
    throw new PricingError('TOPPING_NOT_ALLOWED', `Toppings cannot be added to ${quoted(deal.title)}`, deal.id);
  }
  const { size, price } = resolveSize(deal, agree(deal, 'sizes', line.deal?.size, line.size) ?? undefined);
  const requestedCrust = agree(deal, 'crusts', line.deal?.crust, line.crust);
  if (requestedCrust != null && !dealHasPizzaSlot(deal)) {
    throw new PricingError('CRUST_NOT_AVAILABLE', `${quoted(deal.title)} has no crust choice`, deal.id);
  }
  const progress = dealProgress(deal, line.deal?.items ?? [], catalogue, { size, crust: requestedCrust ?? null });
  const issue = progress.issues[0];
  if (issue) throw new PricingError(issue.code, issue.message, issue.productId ?? deal.id);
  if (!progress.complete) throw new PricingError('DEAL_INCOMPLETE', DEAL_INCOMPLETE, deal.id);

  const crustPrice = progress.items.reduce((sum, item) => sum + item.crustPrice, 0);
  const dealExtrasPrice = progress.slots.reduce((sum, slot) => sum + slot.extraPrice, 0);
  const unitPrice = price + crustPrice + dealExtrasPrice;
  const dealItems = progress.items.map(({ slot, label, productId, title, size: itemSize }) => ({
    slot,
    label,
    productId,
    title,
    size: itemSize,
  }));
  return {
    productId: deal.id,
    title: deal.title,
    category: deal.category,
    quantity: line.quantity,
    size,
    sizeLabel: sizeLabel(deal, size),
    crust: progress.crust,
    crustLabel: progress.crust ? CRUST_LABELS[progress.crust] : null,
    type: null,
    typeLabel: null,
    toppings: [],
    toopingNames: '',
    toppingsPrice: 0,
    sizePrice: price,
    crustPrice,
    typePrice: 0,
    dealExtrasPrice,
    unitPrice,
    lineTotal: unitPrice * line.quantity,
    dealItems,
    dealItemTitles: dealItems.map((item) => item.title),
    allergens: lineAllergens({ productId: deal.id, deal: { crust: progress.crust, items: dealItems } }, catalogue),
  };
}

/** Prices one cart line against the catalogue, or throws a PricingError saying what is wrong. */
export function priceLine(line: CartLine, catalogue: PricingCatalogue): PricedLine {
  const product = catalogue.products.get(line.productId);
  if (!product) throw new PricingError('UNKNOWN_PRODUCT', 'This item is no longer available', line.productId);
  checkQuantity(line.quantity, product);
  if (isDeal(product)) return priceDeal(line, product, catalogue);
  if (line.deal) throw new PricingError('NOT_A_DEAL', `${quoted(product.title)} is not a deal`, product.id);

  const { size, price } = resolveSize(product, line.size);
  const crust = resolveCrust(product, size, line.crust);
  const type = resolveType(product, line.type);
  const toppings = resolveToppings(product, line.toppingIds ?? [], catalogue);
  const toppingsPrice = toppings.reduce((sum, topping) => sum + topping.charged, 0);
  const unitPrice = price + crust.price + type.price + toppingsPrice;
  return {
    productId: product.id,
    title: product.title,
    category: product.category,
    quantity: line.quantity,
    size,
    sizeLabel: sizeLabel(product, size),
    crust: crust.crust,
    crustLabel: crust.crust ? CRUST_LABELS[crust.crust] : null,
    type: type.type,
    typeLabel: type.type ? WING_TYPE_LABELS[type.type] : null,
    toppings,
    toopingNames: toppings.map((topping) => topping.name).join(', '),
    toppingsPrice,
    sizePrice: price,
    crustPrice: crust.price,
    typePrice: type.price,
    dealExtrasPrice: 0,
    unitPrice,
    lineTotal: unitPrice * line.quantity,
    dealItems: [],
    dealItemTitles: [],
    allergens: lineAllergens({ productId: product.id, crust: crust.crust, toppingIds: toppings.map((topping) => topping.id) }, catalogue),
  };
}

/**
 * Prices a whole cart against a minimum (pence: the fulfilment's, domain/minimum-order.ts; the spec's £10 by default).
 * The first line that cannot be priced throws, with its `lineIndex`.
 */
export function quoteCart(lines: readonly CartLine[], catalogue: PricingCatalogue, minimumOrder = MIN_ORDER_PENCE): CartQuote {
  const priced = lines.map((line, index) => {
    try {
      return priceLine(line, catalogue);
    } catch (error) {
      if (error instanceof PricingError) throw new PricingError(error.code, error.message, error.productId, index);
      throw error;
    }
  });
  const subtotal = priced.reduce((sum, line) => sum + line.lineTotal, 0);
  // No delivery charge inside the 3-mile radius; beyond it the charge is arranged by phone (SPEC.md section 1).
  const total = subtotal;
  return {
    lines: priced,
    subtotal,
    total,
    meetsMinimum: total >= minimumOrder,
    minimumOrder,
    withinMaximum: total <= MAX_ORDER_PENCE,
  };
}

type Resolved = { size: Size | null; crust: Crust | null; type: WingType | null };

function resolvedChoices(line: CartLine, product: PricedProduct | undefined): Resolved {
  if (!product)
    return { size: line.size ?? line.deal?.size ?? null, crust: line.crust ?? line.deal?.crust ?? null, type: line.type ?? null };
  if (isDeal(product)) {
    return {
      size: line.deal?.size ?? line.size ?? defaultSize(product),
      crust: dealHasPizzaSlot(product) ? (line.deal?.crust ?? line.crust ?? 'deep_pan') : null,
      type: null,
    };
  }
  return {
    size: line.size ?? defaultSize(product),
    crust: hasCrustChoice(product) ? (line.crust ?? 'deep_pan') : null,
    type: hasWingTypes(product) ? (line.type ?? 'normal') : null,
  };
}

function dealKey(line: CartLine): string {
  return (line.deal?.items ?? [])
    .map((item) => `${item.slot}:${item.productId}`)
    .sort()
    .join('|');
}

/**
 * Whether two cart lines are the same configured item, so adding one again raises the quantity instead
 * of appending a line. Same product, size, crust, type, the same set of toppings with the same first
 * topping (a shake charges its first flavour, so order can change the price), and the same deal items
 * (in any order). With a catalogue, omitted choices count as their defaults (no size = default size).
 */
export function sameConfiguration(a: CartLine, b: CartLine, catalogue?: PricingCatalogue): boolean {
  if (a.productId !== b.productId) return false;
  const product = catalogue?.products.get(a.productId);
  const ra = resolvedChoices(a, product);
  const rb = resolvedChoices(b, product);
  if (ra.size !== rb.size || ra.crust !== rb.crust || ra.type !== rb.type) return false;
  const ta = a.toppingIds ?? [];
  const tb = b.toppingIds ?? [];
  if (ta.length !== tb.length || ta[0] !== tb[0]) return false;
  if ([...ta].sort().join('|') !== [...tb].sort().join('|')) return false;
  return dealKey(a) === dealKey(b);
}
