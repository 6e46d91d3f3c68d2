import type { CategoryWire, IngredientWire, ProductWire } from '@shop/shared/contract/catalogue';

// The menu as the server answers it: the contract's wire types (type-only imports, so no zod reaches the browser).
/** A category as `GET /api/allcategori` lists it (sorted by `order`). */
export type MenuCategory = CategoryWire;
/** A product as `GET /api/allproduts` lists it; prices are pounds, or "" when that size is unused. */
export type MenuProduct = ProductWire;
/** A topping ("ingredient") as `GET /api/ingredients` lists it; the price is pounds. */
export type MenuTopping = IngredientWire;
