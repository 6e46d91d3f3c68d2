import { eq, isNull } from 'drizzle-orm';
import type { Size } from '@shop/shared/domain/catalogue';
import {
  crustPricesFrom, wingTypePricesFrom,
  type PricedProduct, type PricedTopping, type PricingCatalogue,
} from '@shop/shared/domain/product-options';
import type { Db } from '../../db/client';
import { categories, products, toppings } from '../../db/schema';

type ProductRow = typeof products.$inferSelect;
type ToppingRow = typeof toppings.$inferSelect;

/** A product row as the pricing rules see it (prices are already pence in the database). */
export function toPricedProduct(row: ProductRow, categoryName: string | null): PricedProduct {
  const prices: Partial<Record<Size, number | null>> = { s: row.priceS, m: row.priceM, l: row.priceL, xl: row.priceXl };
  return {
    id: row.id,
    title: row.title,
    category: categoryName ?? '',
    prices,
    crust: crustPricesFrom(row.crustDeepPan, row.crustThin, row.crustStuffed),
    wingTypes: wingTypePricesFrom(row.wingNormal, row.wingBoneless),
    drinkKind: row.drinkKind ?? null,
    dealSlots: row.dealSlots ?? null,
  };
}

export function toPricedTopping(row: ToppingRow): PricedTopping {
  return { id: row.id, name: row.name, category: row.category, price: row.price };
}

/**
 * Everything a price depends on, read from the database: the products still on sale (soft-deleted ones are
 * "no longer available") and every topping. The server prices carts and orders only from this.
 */
export async function loadPricingCatalogue(db: Db): Promise<PricingCatalogue> {
  const [productRows, toppingRows] = await Promise.all([
    db
      .select({ product: products, categoryName: categories.name })
      .from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(isNull(products.deletedAt)),
    db.select().from(toppings),
  ]);
  return {
    products: new Map(productRows.map(({ product, categoryName }) => [product.id, toPricedProduct(product, categoryName)])),
    toppings: new Map(toppingRows.map((row) => [row.id, toPricedTopping(row)])),
  };
}
