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
  imageUrl?: string | null;
}
