import { z } from 'zod';
import { CRUSTS, DRINK_KINDS, SIZES, TOPPING_CATEGORIES, WING_TYPES } from './catalogue-values';
import { MAX_PRICE_PENCE } from './money';

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

/** The longest label of a deal's slot ('Choose 4 regular pizzas'): as long as a product's name. */
export const DEAL_SLOT_LABEL_MAX_LENGTH = 80;
/** The most categories one slot may draw from, and the longest category name (a category's own limit). */
export const DEAL_SLOT_MAX_CATEGORIES = 20;
export const DEAL_SLOT_CATEGORY_MAX_LENGTH = 80;
/** The most items one slot holds, its `count` and its `max` alike. */
export const DEAL_SLOT_MAX_ITEMS = 20;
export const MAX_DEAL_SLOTS = 10;

/**
 * One slot of a deal: what may fill it and how many. The deal builder, the pricing module and the
 * server all read these, so a new deal is data, not code.
 * - `categories`: the product categories that may fill the slot (e.g. ['Pizza', 'Vegan']).
 * - `count`: how many items fill the slot (the deal is incomplete until every slot holds `count`).
 * - `sizes`: for pizza slots, the sizes allowed; absent means the pizzas take the size chosen for the deal.
 * - `drinkKinds`: for drink slots, the drink kinds allowed (cans for the single pack; bottles, not water, otherwise).
 * - `extraEach`: pence charged for each item beyond `count` (Fussy Eaters); `max` caps how many may be added.
 * Every text and number is bounded (issue 19 point 5): every visitor's menu carries the slots, and every quote
 * multiplies `extraEach`, so an admin's slip (or a stolen admin session) cannot make the menu megabytes or a price
 * beyond what pence can count exactly. `extraEach` is a menu price like any other: at most MAX_PRICE_PENCE.
 */
export const dealSlotSchema = z.strictObject({
  kind: z.enum(['pizza', 'side', 'sideToShare', 'dessert', 'drink', 'wings', 'dip']),
  label: z.string().min(1).max(DEAL_SLOT_LABEL_MAX_LENGTH, `A slot's label is at most ${DEAL_SLOT_LABEL_MAX_LENGTH} characters`),
  categories: z
    .array(z.string().min(1).max(DEAL_SLOT_CATEGORY_MAX_LENGTH, `A category name is at most ${DEAL_SLOT_CATEGORY_MAX_LENGTH} characters`))
    .min(1)
    .max(DEAL_SLOT_MAX_CATEGORIES, `A slot draws from at most ${DEAL_SLOT_MAX_CATEGORIES} categories`),
  count: z.number().int().min(1).max(DEAL_SLOT_MAX_ITEMS),
  sizes: z.array(sizeSchema).min(1).max(SIZES.length).optional(),
  drinkKinds: z.array(drinkKindSchema).min(1).max(DRINK_KINDS.length).optional(),
  extraEach: z
    .number()
    .int()
    .min(0)
    .max(MAX_PRICE_PENCE, `extraEach is pence, at most ${MAX_PRICE_PENCE} (£${MAX_PRICE_PENCE / 100}.00)`)
    .optional(),
  max: z.number().int().min(1).max(DEAL_SLOT_MAX_ITEMS).optional(),
});
export type DealSlot = z.infer<typeof dealSlotSchema>;
export const dealSlotsSchema = z.array(dealSlotSchema).max(MAX_DEAL_SLOTS);
