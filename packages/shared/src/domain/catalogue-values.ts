/**
 * The catalogue's constants and labels without zod, so browser code that only needs them (the storefront's
 * pricing, cards and cart) does not download zod (~24 KB gzip). `catalogue.ts` builds its schemas from these
 * and re-exports them.
 */

/** The 12 categories of SPEC.md, in the spec's order (their `order` field follows this). */
export const CATEGORY_NAMES = [
  'Pizza',
  'Wings',
  'Vegan',
  'Sides',
  'Shakes',
  'Deals',
  'Nachos',
  'Sides To Share',
  'Drinks',
  'Desserts',
  'Dips',
  'Crust',
] as const;

/** Sizes: pizza 7" (s), 10" (m), 13" (l), 15" (xl); wings 6 pcs (s) or 10 pcs (m). */
export const SIZES = ['s', 'm', 'l', 'xl'] as const;
export type Size = (typeof SIZES)[number];

export const CRUSTS = ['deep_pan', 'thin_crust', 'stuffed_crust'] as const;
export type Crust = (typeof CRUSTS)[number];

export const WING_TYPES = ['normal', 'boneless'] as const;
export type WingType = (typeof WING_TYPES)[number];

/** Topping ("ingredient") categories of SPEC.md section 3. */
export const TOPPING_CATEGORIES = ['Pizza', 'Crust', 'Shakes', 'Dips'] as const;
export type ToppingCategory = (typeof TOPPING_CATEGORIES)[number];

/** What a drink is, so deals can limit drinks to cans, or to bottles other than water. */
export const DRINK_KINDS = ['can', 'bottle', 'water'] as const;
export type DrinkKind = (typeof DRINK_KINDS)[number];

export const SIZE_LABELS: Record<Size, string> = { s: 'Regular 7"', m: 'Medium 10"', l: 'Large 13"', xl: 'Extra Large 15"' };
export const WING_SIZE_LABELS: Partial<Record<Size, string>> = { s: '6 Pcs', m: '10 Pcs' };
export const CRUST_LABELS: Record<Crust, string> = { deep_pan: 'Deep Pan', thin_crust: 'Thin Crust', stuffed_crust: 'Stuffed Crust' };
export const WING_TYPE_LABELS: Record<WingType, string> = { normal: 'Normal', boneless: 'Boneless' };
