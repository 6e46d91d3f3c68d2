import { z } from 'zod';

// The schemas are built inside /* @__PURE__ */ IIFEs so a browser chunk that only needs the constants and labels
// below (the storefront's pricing) drops them, and zod with them: zod alone would cost ~24 KB gzip of first load.

/** The 12 categories of SPEC.md, in the spec's order (their `order` field follows this). */
export const CATEGORY_NAMES = [
  'Pizza', 'Wings', 'Vegan', 'Sides', 'Shakes', 'Deals', 'Nachos', 'Sides To Share', 'Drinks', 'Desserts', 'Dips', 'Crust',
] as const;

/** Sizes: pizza 7" (s), 10" (m), 13" (l), 15" (xl); wings 6 pcs (s) or 10 pcs (m). */
export const SIZES = ['s', 'm', 'l', 'xl'] as const;
export const sizeSchema = /* @__PURE__ */ (() => z.enum(SIZES))();
export type Size = z.infer<typeof sizeSchema>;

export const CRUSTS = ['deep_pan', 'thin_crust', 'stuffed_crust'] as const;
export const crustSchema = /* @__PURE__ */ (() => z.enum(CRUSTS))();
export type Crust = z.infer<typeof crustSchema>;

export const WING_TYPES = ['normal', 'boneless'] as const;
export const wingTypeSchema = /* @__PURE__ */ (() => z.enum(WING_TYPES))();
export type WingType = z.infer<typeof wingTypeSchema>;

/** Topping ("ingredient") categories of SPEC.md section 3. */
export const TOPPING_CATEGORIES = ['Pizza', 'Crust', 'Shakes', 'Dips'] as const;
export const toppingCategorySchema = /* @__PURE__ */ (() => z.enum(TOPPING_CATEGORIES))();
export type ToppingCategory = z.infer<typeof toppingCategorySchema>;

/** What a drink is, so deals can limit drinks to cans, or to bottles other than water. */
export const DRINK_KINDS = ['can', 'bottle', 'water'] as const;
export const drinkKindSchema = /* @__PURE__ */ (() => z.enum(DRINK_KINDS))();
export type DrinkKind = z.infer<typeof drinkKindSchema>;

/**
 * One slot of a deal: what may fill it and how many. The deal builder, the pricing module and the
 * server all read these, so a new deal is data, not code.
 * - `categories`: the product categories that may fill the slot (e.g. ['Pizza', 'Vegan']).
 * - `count`: how many items fill the slot (the deal is incomplete until every slot holds `count`).
 * - `sizes`: for pizza slots, the sizes allowed; absent means the pizzas take the size chosen for the deal.
 * - `drinkKinds`: for drink slots, the drink kinds allowed (cans for the single pack; bottles, not water, otherwise).
 * - `extraEach`: pence charged for each item beyond `count` (Fussy Eaters); `max` caps how many may be added.
 */
export const dealSlotSchema = /* @__PURE__ */ (() => z.strictObject({
  kind: z.enum(['pizza', 'side', 'sideToShare', 'dessert', 'drink', 'wings', 'dip']),
  label: z.string().min(1),
  categories: z.array(z.string().min(1)).min(1),
  count: z.number().int().min(1).max(20),
  sizes: z.array(sizeSchema).min(1).optional(),
  drinkKinds: z.array(drinkKindSchema).min(1).optional(),
  extraEach: z.number().int().min(0).optional(),
  max: z.number().int().min(1).max(20).optional(),
}))();
export type DealSlot = z.infer<typeof dealSlotSchema>;
export const dealSlotsSchema = /* @__PURE__ */ (() => z.array(dealSlotSchema).max(10))();

export const SIZE_LABELS: Record<Size, string> = { s: 'Regular 7"', m: 'Medium 10"', l: 'Large 13"', xl: 'Extra Large 15"' };
export const WING_SIZE_LABELS: Partial<Record<Size, string>> = { s: '6 Pcs', m: '10 Pcs' };
export const CRUST_LABELS: Record<Crust, string> = { deep_pan: 'Deep Pan', thin_crust: 'Thin Crust', stuffed_crust: 'Stuffed Crust' };
export const WING_TYPE_LABELS: Record<WingType, string> = { normal: 'Normal', boneless: 'Boneless' };
