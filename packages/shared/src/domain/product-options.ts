/**
 * What a product can be ordered as: its sizes, crusts, wing types and topping categories. The menu
 * cards, the deal builder and the pricing module all ask here, so the browser never offers a choice
 * the server would refuse. Pure data in, data out; prices are integer pence.
 */
import type { Allergen } from './allergens';
import type { DealSlot } from './catalogue';
import {
  CRUSTS,
  SIZE_LABELS,
  SIZES,
  WING_SIZE_LABELS,
  type Crust,
  type DrinkKind,
  type Size,
  type ToppingCategory,
  type WingType,
} from './catalogue-values';

/** A product as the pricing rules need it (the server maps its rows to this; the browser its API answers). */
export type PricedProduct = {
  id: string;
  title: string;
  /** A category name of CATEGORY_NAMES ('Pizza', 'Wings', 'Deals', ...). */
  category: string;
  /** Pence per size; a missing, null or zero price means the size is not sold. */
  prices: Partial<Record<Size, number | null>>;
  /** Crust add-ons in pence (Pizza); null when the product has no crust choice. */
  crust: Record<Crust, number> | null;
  /** Wing type add-ons in pence (Wings); null when the product has no type choice. */
  wingTypes: Record<WingType, number> | null;
  /** For Drinks: can, bottle or water, so deals can limit their drink. */
  drinkKind: DrinkKind | null;
  /** For Deals: what fills the deal. */
  dealSlots: DealSlot[] | null;
  /** Its own allergens' codes (domain/allergens.ts), null when not recorded, absent where a caller does not need them. */
  allergens?: readonly Allergen[] | null;
};

/** A topping ("ingredient") as the pricing rules need it. */
export type PricedTopping = {
  id: string;
  name: string;
  category: ToppingCategory;
  /** Pence. */
  price: number;
  /** Its own allergens' codes (domain/allergens.ts), null when not recorded, absent where a caller does not need them. */
  allergens?: readonly Allergen[] | null;
};

/** Everything a price depends on, keyed by id. Anything missing is "no longer available". */
export type PricingCatalogue = {
  products: ReadonlyMap<string, PricedProduct>;
  toppings: ReadonlyMap<string, PricedTopping>;
};

/** The category whose products are deals (priced per size, filled from slots). */
export const DEALS_CATEGORY = 'Deals';

/** The price of one size in pence, or null when that size is not sold (blank, null or zero). */
export function sizePrice(product: PricedProduct, size: Size): number | null {
  const price = product.prices[size];
  return typeof price === 'number' && price > 0 ? price : null;
}

/** The sizes a product is sold in, in the order s, m, l, xl: those whose price is non-zero. */
export function availableSizes(product: PricedProduct): Size[] {
  return SIZES.filter((size) => sizePrice(product, size) !== null);
}

/** The card's default: the first priced of s, m, l, then xl. Null when nothing is priced (not for sale). */
export function defaultSize(product: PricedProduct): Size | null {
  return availableSizes(product)[0] ?? null;
}

export function isDeal(product: PricedProduct): boolean {
  return product.category === DEALS_CATEGORY;
}

/** The crust choice shows only for Pizza with its crust prices (stuffed crust) defined. */
export function hasCrustChoice(product: PricedProduct): boolean {
  return product.category === 'Pizza' && product.crust !== null;
}

/** Crusts that may be chosen at a size: none without a crust choice, only deep_pan at size s. */
export function allowedCrusts(product: PricedProduct, size: Size | null): Crust[] {
  if (!hasCrustChoice(product)) return [];
  return size === 's' ? ['deep_pan'] : [...CRUSTS];
}

/** The wing type choice (Normal, Boneless) shows for Wings with type prices defined. */
export function hasWingTypes(product: PricedProduct): boolean {
  return product.category === 'Wings' && product.wingTypes !== null;
}

const TOPPINGS_BY_PRODUCT_CATEGORY: Readonly<Record<string, readonly ToppingCategory[]>> = {
  Pizza: ['Pizza', 'Crust'],
  Vegan: ['Pizza', 'Crust'],
  Shakes: ['Shakes'],
  Wings: ['Dips'],
  Sides: ['Dips'],
  Nachos: ['Dips'],
  'Sides To Share': ['Dips'],
};

/**
 * Which topping categories a product category may take: pizzas (and vegan pizzas) take Pizza and Crust
 * toppings, shakes take flavours (Shakes), wings and sides take Dips; everything else (Deals, Drinks,
 * Desserts, Dips, Crust) takes none.
 */
export function allowedToppingCategories(productCategory: string): ToppingCategory[] {
  return [...(TOPPINGS_BY_PRODUCT_CATEGORY[productCategory] ?? [])];
}

/** Shakes charge only the first flavour chosen; the other flavours are free. */
export function chargesFirstToppingOnly(productCategory: string): boolean {
  return productCategory === 'Shakes';
}

/**
 * How a size is named to a customer: wings in pieces ('6 Pcs', '10 Pcs'); pizzas and deals in inches;
 * null for a product sold at one price only, where the size means nothing to the customer.
 */
export function sizeLabel(product: PricedProduct, size: Size): string | null {
  if (product.category === 'Wings') return WING_SIZE_LABELS[size] ?? SIZE_LABELS[size];
  if (product.category === 'Pizza' || isDeal(product) || availableSizes(product).length > 1) return SIZE_LABELS[size];
  return null;
}

/** The choices a product card starts with: default size, deep_pan where a crust is chosen, normal wings. */
export function defaultConfiguration(product: PricedProduct): { size: Size | null; crust: Crust | null; type: WingType | null } {
  const hasPizzaSlot = isDeal(product) && (product.dealSlots ?? []).some((slot) => slot.kind === 'pizza');
  return {
    size: defaultSize(product),
    crust: hasCrustChoice(product) || hasPizzaSlot ? 'deep_pan' : null,
    type: hasWingTypes(product) ? 'normal' : null,
  };
}

type StoredPrice = number | null | undefined;

/**
 * Crust add-ons from a product's stored (or wire) prices in pence. A product has a crust choice only when its
 * stuffed crust price is defined (SPEC.md section 2: "crust only for Pizza with stuffed crust defined"); deep pan
 * and thin crust then default to 0 when blank (SPEC.md section 5 defaults).
 */
export function crustPricesFrom(deepPan: StoredPrice, thin: StoredPrice, stuffed: StoredPrice): Record<Crust, number> | null {
  if (stuffed === null || stuffed === undefined) return null;
  return { deep_pan: deepPan ?? 0, thin_crust: thin ?? 0, stuffed_crust: stuffed };
}

/** Wing type add-ons in pence: a type choice exists when either price is defined; a blank one is 0. */
export function wingTypePricesFrom(normal: StoredPrice, boneless: StoredPrice): Record<WingType, number> | null {
  if ((normal === null || normal === undefined) && (boneless === null || boneless === undefined)) return null;
  return { normal: normal ?? 0, boneless: boneless ?? 0 };
}
