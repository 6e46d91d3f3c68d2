import { asc, eq, getTableColumns, isNull, and, sql } from 'drizzle-orm';
import { TOPPING_CATEGORIES } from '@shop/shared/domain/catalogue';
import type { Db } from '../../db/client';
import { categories, products, toppings } from '../../db/schema';
import { toCategoryWire, toIngredientWire, toProductWire, type CategoryWire, type IngredientWire, type ProductWire } from './wire';

export async function listCategories(db: Db): Promise<CategoryWire[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.order), asc(categories.name));
  return rows.map(toCategoryWire);
}

/** Products still on sale, in menu order: by their category's order, then by title. */
export async function listProducts(db: Db, categoryName?: string): Promise<ProductWire[]> {
  const live = isNull(products.deletedAt);
  const rows = await db
    .select({ product: getTableColumns(products), categoryName: categories.name })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(categoryName === undefined ? live : and(live, eq(categories.name, categoryName)))
    .orderBy(sql`${categories.order} asc nulls last`, asc(products.title));
  return rows.map((row) => toProductWire(row.product, row.categoryName));
}

/** Toppings grouped in the spec's category order (Pizza, Crust, Shakes, Dips), by name within each. */
export async function listToppings(db: Db): Promise<IngredientWire[]> {
  const rows = await db.select().from(toppings).orderBy(asc(toppings.name));
  const rank = (category: string) => TOPPING_CATEGORIES.indexOf(category as (typeof TOPPING_CATEGORIES)[number]);
  return rows.sort((a, b) => rank(a.category) - rank(b.category)).map(toIngredientWire);
}
