import {
  UNKNOWN_ALLERGEN_MESSAGE,
  unknownAllergens,
  type CategoryWire,
  type IngredientWire,
  type ProductInput,
  type ProductWire,
} from '@shop/shared/contract/catalogue';
import { combineAllergens, recordedAllergens, type Allergen } from '@shop/shared/domain/allergens';
import { penceToPounds } from '@shop/shared/domain/money';
import { NOT_SOLD_OUT, soldOutState, type SoldOutMark } from '@shop/shared/domain/sold-out';
import type { categories, products, toppings } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { imageUrl } from '../../images/store';

// The one place where catalogue rows become the spec's wire shapes (its spellings included); the shapes
// themselves are the shared contract's.

export type { CategoryWire, IngredientWire, ProductWire };
/** A product or topping as the lists send it, but for sold out: that depends on the shop clock (domain/sold-out.ts). */
export type ProductBase = Omit<ProductWire, 'soldOut' | 'soldOutUntil'>;
export type IngredientBase = Omit<IngredientWire, 'soldOut' | 'soldOutUntil'>;

type CategoryRow = typeof categories.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type ToppingRow = typeof toppings.$inferSelect;

/** Width of the image variant list answers point at: sharp on a card, a fraction of the original's bytes. */
export const LIST_IMAGE_WIDTH = 480;

/** A size price: pounds, or "" when the size is not sold (the spec's "blank when unused"). */
function sizePrice(pence: number | null): number | '' {
  return pence === null ? '' : penceToPounds(pence);
}

function optionalPrice(pence: number | null): number | null {
  return pence === null ? null : penceToPounds(pence);
}

export function toCategoryWire(row: CategoryRow): CategoryWire {
  return { _id: row.id, categoriName: row.name, order: row.order, imageUrl: imageUrl(row.imageId, LIST_IMAGE_WIDTH) };
}

/** How a product or topping row is marked sold out (NOT_SOLD_OUT itself when it is not). */
export function soldOutMarkOf(row: Pick<ProductRow | ToppingRow, 'soldOutUntil' | 'soldOutUntilBackOn'>): SoldOutMark {
  if (!row.soldOutUntilBackOn && row.soldOutUntil === null) return NOT_SOLD_OUT;
  return { until: row.soldOutUntil, untilTurnedBackOn: row.soldOutUntilBackOn };
}

/** A product as the lists send it, sold out as the shop clock reads it at `now`. */
export function toProductWire(row: ProductRow, categoryName: string | null, now: Date): ProductWire {
  return { ...toProductBase(row, categoryName), ...soldOutState(soldOutMarkOf(row), now) };
}

export function toProductBase(row: ProductRow, categoryName: string | null): ProductBase {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    category: categoryName ?? '',
    regularDiscount: sizePrice(row.priceS),
    mediumDiscount: sizePrice(row.priceM),
    largeDiscount: sizePrice(row.priceL),
    extraLargeDiscount: sizePrice(row.priceXl),
    deep_pan: optionalPrice(row.crustDeepPan),
    thin_crust: optionalPrice(row.crustThin),
    stuffed_crust: optionalPrice(row.crustStuffed),
    normal: optionalPrice(row.wingNormal),
    boneless: optionalPrice(row.wingBoneless),
    drinkKind: row.drinkKind ?? null,
    dealSlots: row.dealSlots ?? null,
    imageUrl: imageUrl(row.imageId, LIST_IMAGE_WIDTH),
    allergens: recordedAllergens(row.allergens),
    vatRate: row.vatRate,
  };
}

export function toIngredientBase(row: ToppingRow): IngredientBase {
  return {
    _id: row.id,
    ToopingName: row.name,
    toopingPrice: penceToPounds(row.price),
    category: row.category,
    imageUrl: imageUrl(row.imageId, 160),
    allergens: recordedAllergens(row.allergens),
  };
}

/**
 * The allergens column a request sets, in the list's order without repeats; null sets it not recorded (decision
 * 1004); undefined (left out) keeps what is stored. A code that is not one of the 14 is refused with 422
 * UNKNOWN_ALLERGEN naming it: nothing is written.
 */
export function allergenColumn(codes: readonly string[] | null | undefined): Allergen[] | null | undefined {
  if (codes === undefined || codes === null) return codes;
  const unknown = unknownAllergens(codes);
  if (unknown.length > 0) throw new HttpError('UNKNOWN_ALLERGEN', UNKNOWN_ALLERGEN_MESSAGE(unknown));
  return combineAllergens(codes);
}

/**
 * The columns a product request sets. `drinkKind` and `dealSlots` only when the request names them. Crust prices
 * are kept only for Pizza and wing type prices only for Wings (the only categories that offer those choices, SPEC.md
 * sections 2 and 3); for any other category they are stored empty whatever was sent, so a side is never stored with
 * crust or wing prices left over from a form that showed another category.
 */
export function fromProductInput(input: ProductInput, categoryId: string, categoryName: string) {
  const crusts = categoryName === 'Pizza';
  const wingTypes = categoryName === 'Wings';
  const allergens = allergenColumn(input.allergens);
  return {
    title: input.title,
    description: input.description,
    categoryId,
    priceS: input.regularDiscount,
    priceM: input.mediumDiscount,
    priceL: input.largeDiscount,
    priceXl: input.extraLargeDiscount,
    crustDeepPan: crusts ? input.deep_pan : null,
    crustThin: crusts ? input.thin_crust : null,
    crustStuffed: crusts ? input.stuffed_crust : null,
    wingNormal: wingTypes ? input.normal : null,
    wingBoneless: wingTypes ? input.boneless : null,
    // A drink kind means something only for drinks; deals limit their drink slots by it.
    ...(input.drinkKind !== undefined ? { drinkKind: categoryName === 'Drinks' ? input.drinkKind : null } : {}),
    ...(input.dealSlots !== undefined ? { dealSlots: input.dealSlots } : {}),
    // Left out, both are kept as they are (a new product: allergens not recorded (NULL, decision 1004), standard rate).
    ...(allergens !== undefined ? { allergens } : {}),
    ...(input.vatRate !== undefined ? { vatRate: input.vatRate } : {}),
  };
}
