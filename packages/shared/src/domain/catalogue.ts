import { z } from 'zod';
import { CRUSTS, DRINK_KINDS, SIZES, TOPPING_CATEGORIES, WING_TYPES } from './catalogue-values';

// The constants and labels live in catalogue-values.ts (no zod, for the browser's first load); re-exported here.
export {
  CATEGORY_NAMES,
  CRUST_LABELS,
  CRUSTS,
  DRINK_KINDS,
  SIZE_LABELS,
  SIZES,
  TOPPING_CATEGORIES,
  WING_SIZE_LABELS,
  WING_TYPE_LABELS,
  WING_TYPES,
} from './catalogue-values';

export const sizeSchema = z.enum(SIZES);
export type Size = z.infer<typeof sizeSchema>;

export const crustSchema = z.enum(CRUSTS);
export type Crust = z.infer<typeof crustSchema>;

export const wingTypeSchema = z.enum(WING_TYPES);
export type WingType = z.infer<typeof wingTypeSchema>;

export const toppingCategorySchema = z.enum(TOPPING_CATEGORIES);
export type ToppingCategory = z.infer<typeof toppingCategorySchema>;

export const drinkKindSchema = z.enum(DRINK_KINDS);
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
export const dealSlotSchema = z.strictObject({
  kind: z.enum(['pizza', 'side', 'sideToShare', 'dessert', 'drink', 'wings', 'dip']),
  label: z.string().min(1),
  categories: z.array(z.string().min(1)).min(1),
  count: z.number().int().min(1).max(20),
  sizes: z.array(sizeSchema).min(1).optional(),
  drinkKinds: z.array(drinkKindSchema).min(1).optional(),
  extraEach: z.number().int().min(0).optional(),
  max: z.number().int().min(1).max(20).optional(),
});
export type DealSlot = z.infer<typeof dealSlotSchema>;
export const dealSlotsSchema = z.array(dealSlotSchema).max(10);
