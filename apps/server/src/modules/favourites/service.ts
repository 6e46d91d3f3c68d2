import { and, asc, eq, getTableColumns, isNull, or } from 'drizzle-orm';
import { FAVOURITE_ALREADY_ADDED, type AddFavouriteAnswer, type FavouriteWire } from '@shop/shared/contract/favourites';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { newId } from '../../db/id';
import { categories, favourites, products, users } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { PRODUCT_NOT_FOUND, toProductWire, type ProductWire } from '../catalogue/public';

export const FAVOURITE_NOT_FOUND = 'Favourite not found';

/** A user's favourites, oldest first, with the products still on sale (a soft-deleted product drops out). */
export async function listFavourites(db: Db, email: string, now: Date): Promise<FavouriteWire<ProductWire>[]> {
  const rows = await db
    .select({ favouriteId: favourites.id, email: users.email, product: getTableColumns(products), categoryName: categories.name })
    .from(favourites)
    .innerJoin(users, eq(favourites.userId, users.id))
    .innerJoin(products, eq(favourites.productId, products.id))
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(and(eq(users.email, email), isNull(products.deletedAt)))
    .orderBy(asc(favourites.createdAt), asc(favourites.id));
  return rows.map((row) => ({
    _id: row.favouriteId,
    id: row.product.id,
    email: row.email,
    product: toProductWire(row.product, row.categoryName, now),
  }));
}

export async function addFavourite(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  userId: string,
  productId: string,
): Promise<AddFavouriteAnswer> {
  const { db } = ctx;
  const now = ctx.now();
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .limit(1);
  if (!product) throw new HttpError('PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND);
  // The unique (user, product) constraint decides duplicates, so two quick taps cannot both insert.
  const inserted = await db
    .insert(favourites)
    .values({ id: newId(), userId, productId, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: favourites.id });
  const row = inserted[0];
  return row ? { insertedId: row.id } : { messege: FAVOURITE_ALREADY_ADDED };
}

/**
 * Deletes one of the user's own favourites, named by its own id (`_id`) or by its product's id (`id`: the spec's
 * Favourite is `{id (product), email}` and its client deletes by that id). A user has a product once at most, so
 * either names one row. Someone else's is answered like a missing one (404).
 */
export async function deleteFavourite(db: Db, userId: string, id: string): Promise<{ deletedCount: number }> {
  const deleted = await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), or(eq(favourites.id, id), eq(favourites.productId, id))))
    .returning({ id: favourites.id });
  if (deleted.length === 0) throw new HttpError('FAVOURITE_NOT_FOUND', FAVOURITE_NOT_FOUND);
  return { deletedCount: deleted.length };
}
