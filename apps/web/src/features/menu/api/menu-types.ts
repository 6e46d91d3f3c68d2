import type { DealSlot, DrinkKind } from '@shop/shared/domain/catalogue';
import type { WirePrice } from '../../../lib/money';

/** A category as `GET /api/allcategori` lists it (sorted by `order`). */
export interface MenuCategory {
  _id: string;
  categoriName: string;
  order: number;
  imageUrl?: string | null;
}

/** A product as `GET /api/allproduts` lists it; prices are pounds, or "" when that size is unused. */
export interface MenuProduct {
  _id: string;
  title: string;
  description: string;
  category: string;
  regularDiscount: WirePrice;
  mediumDiscount: WirePrice;
  largeDiscount: WirePrice;
  extraLargeDiscount: WirePrice;
  deep_pan?: WirePrice;
  thin_crust?: WirePrice;
  stuffed_crust?: WirePrice;
  normal?: WirePrice;
  boneless?: WirePrice;
  /** Drinks: can, bottle or water (deals limit their drink by kind). */
  drinkKind?: DrinkKind | null;
  /** Deals: what fills the deal. */
  dealSlots?: DealSlot[] | null;
  imageUrl?: string | null;
}

/** A topping ("ingredient") as `GET /api/ingredients` lists it; the price is pounds. */
export interface MenuTopping {
  _id: string;
  ToopingName: string;
  toopingPrice: number;
  category: string;
  imageUrl?: string | null;
}
