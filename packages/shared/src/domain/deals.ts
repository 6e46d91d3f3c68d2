/**
 * Deals as data (DESIGN.md "Deals as data"). A deal is a Deals product with a price per size and a list
 * of slots; a customer fills each slot with exactly `count` products it allows. The deal builder uses
 * `dealProgress` to show what is still needed and to hide a section once its slot is full; the pricing
 * module uses the same function, so the browser and the server agree on what a complete deal is.
 *
 * Rules:
 * - An item names a slot (its index) and a product. The product must exist, be for sale (have a price)
 *   and be of one of the slot's categories (never itself a deal).
 * - Drink slots with `drinkKinds` take only drinks of those kinds (cans for the single pack; bottles,
 *   which excludes water, for the others).
 * - Pizza slots: a pizza's size in the deal is the deal's size when the slot names no `sizes` (or names
 *   the deal's size); otherwise the first of the slot's `sizes` the pizza is sold in. A pizza not sold
 *   at that size cannot be chosen.
 * - The crust is chosen once for all of the deal's pizzas (default deep_pan). A crust other than deep
 *   pan needs a pizza with a crust choice, and is refused at size s. Each pizza is charged its own
 *   add-on for the chosen crust (so stuffed crust costs each pizza's stuffed add-on, per pizza).
 * - A slot is full at `count` items; the deal is complete when every slot is full and no item is wrong.
 * - Items beyond `count` are allowed up to `max` (absent: no extras) and cost `extraEach` pence each
 *   (Fussy Eaters: the first 4 pizzas are in the deal price, each extra one is charged).
 */
import type { DealSlot } from './catalogue';
import { CRUST_LABELS, SIZE_LABELS, type Crust, type Size } from './catalogue-values';
import type { DealIssueCode } from './pricing-codes';
import { availableSizes, defaultSize, hasCrustChoice, isDeal, type PricedProduct, type PricingCatalogue } from './product-options';

export type DealChoice = { slot: number; productId: string };
export type DealOptions = { size?: Size | null; crust?: Crust | null };

export type { DealIssueCode } from './pricing-codes';

export type DealIssue = { code: DealIssueCode; message: string; slot?: number; productId?: string };

export type ResolvedDealItem = {
  slot: number;
  label: string;
  productId: string;
  title: string;
  category: string;
  /** The pizza's size in the deal; null for items that are not pizzas. */
  size: Size | null;
  /** Pence this item adds for the deal's crust (pizzas only). */
  crustPrice: number;
};

export type SlotProgress = {
  slot: number;
  label: string;
  kind: DealSlot['kind'];
  count: number;
  /** Most items the slot takes (count, or `max` where extras are allowed). */
  max: number;
  filled: number;
  /** Holds its `count`: the builder hides the section. */
  full: boolean;
  /** Items still needed to reach `count`. */
  remaining: number;
  /** Items beyond `count` (charged `extraEach` each). */
  extra: number;
  extraPrice: number;
  /** Products that may still be added to this slot (empty once it holds its maximum). */
  choices: PricedProduct[];
};

export type DealProgress = {
  slots: SlotProgress[];
  /** Valid items, in the order chosen. */
  items: ResolvedDealItem[];
  /** What is wrong with the chosen items (unknown products, wrong slot, wrong size, too many...). */
  issues: DealIssue[];
  /** Every slot full and nothing wrong. */
  complete: boolean;
  /** The deal's size and crust as resolved (defaults applied). */
  size: Size | null;
  crust: Crust | null;
};

export function dealHasPizzaSlot(deal: PricedProduct): boolean {
  return (deal.dealSlots ?? []).some((slot) => slot.kind === 'pizza');
}

/** A pizza's size inside a deal slot, or null when the pizza is not sold at a size the slot allows. */
export function dealPizzaSize(slot: DealSlot, dealSize: Size | null, pizza: PricedProduct): Size | null {
  const sold = availableSizes(pizza);
  const candidates: readonly (Size | null)[] = slot.sizes
    ? dealSize !== null && slot.sizes.includes(dealSize)
      ? [dealSize, ...slot.sizes]
      : slot.sizes
    : [dealSize];
  return candidates.find((size): size is Size => size !== null && sold.includes(size)) ?? null;
}

function quoted(title: string): string {
  return `"${title}"`;
}

type Fit = { ok: true; size: Size | null; crustPrice: number } | { ok: false; issue: DealIssue };

/** Whether a product may fill a slot of a deal at the given size and crust, and what it costs extra. */
export function fitInSlot(slotIndex: number, slot: DealSlot, product: PricedProduct, dealSize: Size | null, crust: Crust | null): Fit {
  const refuse = (code: DealIssueCode, message: string): Fit => ({
    ok: false,
    issue: { code, message, slot: slotIndex, productId: product.id },
  });
  if (isDeal(product) || !slot.categories.includes(product.category)) {
    return refuse('DEAL_ITEM_NOT_ALLOWED', `${quoted(product.title)} cannot be chosen for ${slot.label}`);
  }
  if (availableSizes(product).length === 0) {
    return refuse('DEAL_ITEM_NOT_ALLOWED', `${quoted(product.title)} is not available to order right now`);
  }
  if (slot.drinkKinds && (product.drinkKind === null || !slot.drinkKinds.includes(product.drinkKind))) {
    return refuse('DEAL_ITEM_NOT_ALLOWED', `${quoted(product.title)} is not one of the drinks of this deal`);
  }
  if (slot.kind !== 'pizza') return { ok: true, size: null, crustPrice: 0 };

  const size = dealPizzaSize(slot, dealSize, product);
  if (size === null) {
    const wanted = slot.sizes ?? (dealSize ? [dealSize] : []);
    const names = wanted.map((s) => SIZE_LABELS[s]).join(' or ');
    return refuse('DEAL_ITEM_SIZE', `${quoted(product.title)} is not available${names ? ` in ${names}` : ''}`);
  }
  const chosen: Crust = crust ?? 'deep_pan';
  if (chosen !== 'deep_pan') {
    if (size === 's') return refuse('DEAL_CRUST', `${CRUST_LABELS[chosen]} is not available in the ${SIZE_LABELS.s} size`);
    if (!hasCrustChoice(product)) return refuse('DEAL_CRUST', `${quoted(product.title)} cannot have ${CRUST_LABELS[chosen]}`);
  }
  const crustPrice = hasCrustChoice(product) && product.crust ? product.crust[chosen] : 0;
  return { ok: true, size, crustPrice };
}

/**
 * Where a deal selection stands, slot by slot. `options.size` defaults to the deal's default size and
 * `options.crust` to deep_pan (for deals with pizzas).
 */
export function dealProgress(
  deal: PricedProduct,
  chosenItems: readonly DealChoice[],
  catalogue: PricingCatalogue,
  options: DealOptions = {},
): DealProgress {
  const slots = deal.dealSlots ?? [];
  const size = options.size ?? defaultSize(deal);
  const crust = dealHasPizzaSlot(deal) ? (options.crust ?? 'deep_pan') : null;
  const items: ResolvedDealItem[] = [];
  const issues: DealIssue[] = [];
  const filled = slots.map(() => 0);

  for (const choice of chosenItems) {
    const slot = slots[choice.slot];
    if (!slot) {
      issues.push({
        code: 'DEAL_SLOT_UNKNOWN',
        message: 'This deal has changed. Please choose its items again',
        slot: choice.slot,
        productId: choice.productId,
      });
      continue;
    }
    const product = catalogue.products.get(choice.productId);
    if (!product) {
      issues.push({
        code: 'UNKNOWN_PRODUCT',
        message: 'An item in your deal is no longer available',
        slot: choice.slot,
        productId: choice.productId,
      });
      continue;
    }
    const fit = fitInSlot(choice.slot, slot, product, size, crust);
    if (!fit.ok) {
      issues.push(fit.issue);
      continue;
    }
    const already = filled[choice.slot] ?? 0;
    const max = slotMax(slot);
    if (already >= max) {
      issues.push({
        code: 'DEAL_TOO_MANY',
        message: `${slot.label}: choose ${max === 1 ? 'only 1' : `at most ${max}`}`,
        slot: choice.slot,
        productId: product.id,
      });
      continue;
    }
    filled[choice.slot] = already + 1;
    items.push({
      slot: choice.slot,
      label: slot.label,
      productId: product.id,
      title: product.title,
      category: product.category,
      size: fit.size,
      crustPrice: fit.crustPrice,
    });
  }

  const progress = slots.map((slot, index): SlotProgress => {
    const count = filled[index] ?? 0;
    const max = slotMax(slot);
    const extra = Math.max(0, count - slot.count);
    const choices =
      count >= max ? [] : [...catalogue.products.values()].filter((product) => fitInSlot(index, slot, product, size, crust).ok);
    return {
      slot: index,
      label: slot.label,
      kind: slot.kind,
      count: slot.count,
      max,
      filled: count,
      full: count >= slot.count,
      remaining: Math.max(0, slot.count - count),
      extra,
      extraPrice: extra * (slot.extraEach ?? 0),
      choices,
    };
  });

  return {
    slots: progress,
    items,
    issues,
    complete: issues.length === 0 && progress.every((slot) => slot.full),
    size,
    crust,
  };
}

/** The most items a slot takes: its `count`, or `max` where extras are allowed. */
export function slotMax(slot: DealSlot): number {
  return Math.max(slot.count, slot.max ?? slot.count);
}

/** True when every slot holds its count and every chosen item is allowed. */
export function isDealComplete(
  deal: PricedProduct,
  chosenItems: readonly DealChoice[],
  catalogue: PricingCatalogue,
  options: DealOptions = {},
): boolean {
  return dealProgress(deal, chosenItems, catalogue, options).complete;
}
