import type { DealSlot, DrinkKind } from '@shop/shared/domain/catalogue';
import { penceToPounds } from '@shop/shared/domain/money';
import type { categories, products, toppings } from '../../db/schema';
import { imageUrl } from '../../images/store';

// The one place where catalogue rows become the spec's wire shapes (its spellings included).

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

export interface CategoryWire {
  _id: string;
  categoriName: string;
  order: number;
  imageUrl: string | null;
}

export function toCategoryWire(row: CategoryRow): CategoryWire {
  return { _id: row.id, categoriName: row.name, order: row.order, imageUrl: imageUrl(row.imageId, LIST_IMAGE_WIDTH) };
}

export interface ProductWire {
  _id: string;
  title: string;
  description: string;
  /** The category's name, as the spec's products carry it. */
  category: string;
  regularDiscount: number | '';
  mediumDiscount: number | '';
  largeDiscount: number | '';
  extraLargeDiscount: number | '';
  deep_pan: number | null;
  thin_crust: number | null;
  stuffed_crust: number | null;
  normal: number | null;
  boneless: number | null;
  drinkKind: DrinkKind | null;
  dealSlots: DealSlot[] | null;
  imageUrl: string | null;
}

export function toProductWire(row: ProductRow, categoryName: string | null): ProductWire {
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
  };
}

export interface IngredientWire {
  _id: string;
  ToopingName: string;
  toopingPrice: number;
  category: string;
  imageUrl: string | null;
}

export function toIngredientWire(row: ToppingRow): IngredientWire {
  return {
    _id: row.id,
    ToopingName: row.name,
    toopingPrice: penceToPounds(row.price),
    category: row.category,
    imageUrl: imageUrl(row.imageId, 160),
  };
}
