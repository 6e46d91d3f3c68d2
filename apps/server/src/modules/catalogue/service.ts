import { createHash, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { and, asc, count, desc, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import {
  CATEGORY_HAS_PRODUCTS,
  type CategoryCreateInput,
  type CategoryDetailWire,
  type CategoryUpdateInput,
  type DeletedAnswer,
  type IngredientCreateInput,
  type InsertedAnswer,
  type ModifiedAnswer,
  type ProductDetailWire,
  type ProductInput,
} from '@shop/shared/contract/catalogue';
import { TOPPING_CATEGORIES } from '@shop/shared/domain/catalogue';
import type { Db } from '../../db/client';
import { isId, newId } from '../../db/id';
import { banners, categories, images, meta, products, toppings } from '../../db/schema';
import { HttpError } from '../../http-errors';
import type { ProcessedImage } from '../../images/process';
import { deleteImage, imageUrl, saveImages } from '../../images/store';
import {
  fromProductInput,
  toCategoryWire,
  toIngredientWire,
  toProductWire,
  type CategoryWire,
  type IngredientWire,
  type ProductWire,
} from './wire';

const CATEGORY_NOT_FOUND = 'Category not found';
export const PRODUCT_NOT_FOUND = 'Product not found';
const TOPPING_NOT_FOUND = 'Topping not found';

// --- reads from the database ----------------------------------------------------------------------------------

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

async function imageBase64(db: Db, imageId: string | null): Promise<string | null> {
  if (!imageId) return null;
  const [row] = await db.select({ data: images.data }).from(images).where(eq(images.id, imageId));
  return row ? row.data.toString('base64') : null;
}

/** The category with this id; a malformed or unknown id answers 404. */
async function findCategory(db: Db, id: string): Promise<typeof categories.$inferSelect> {
  const [row] = isId(id) ? await db.select().from(categories).where(eq(categories.id, id)) : [];
  if (!row) throw new HttpError(404, CATEGORY_NOT_FOUND);
  return row;
}

/** `GET /allcategori/{id}`: the category with its image as base64 WebP, for the edit form. */
export async function getCategory(db: Db, id: string): Promise<CategoryDetailWire> {
  const row = await findCategory(db, id);
  return { ...toCategoryWire(row), file: await imageBase64(db, row.imageId) };
}

/** `GET /allproduts/{id}`: a product on sale with its image as base64 WebP. Deleted products are gone (404). */
export async function getProduct(db: Db, id: string): Promise<ProductDetailWire> {
  const [row] = isId(id)
    ? await db
        .select({ product: getTableColumns(products), categoryName: categories.name })
        .from(products)
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
    : [];
  if (!row) throw new HttpError(404, PRODUCT_NOT_FOUND);
  return { ...toProductWire(row.product, row.categoryName), file: await imageBase64(db, row.product.imageId) };
}

// --- the menu served from memory ------------------------------------------------------------------------------

/** A list answer ready to send: its JSON text and a strong ETag of it. */
export interface CachedAnswer {
  body: string;
  etag: string;
}

export interface MenuSnapshot {
  /** The catalogue version (meta `catalogue_version`) the snapshot was read at. */
  version: string;
  categories: CategoryWire[];
  products: ProductWire[];
  toppings: IngredientWire[];
  answers: {
    categories: CachedAnswer;
    products: CachedAnswer;
    toppings: CachedAnswer;
    /** `GET /products/{categoriName}`, by category name. */
    byCategory: Map<string, CachedAnswer>;
    /** The answer for a category with no products (or none of that name). */
    empty: CachedAnswer;
  };
}

export const CATALOGUE_VERSION_KEY = 'catalogue_version';

/**
 * How long a process trusts its snapshot before asking the database (one primary-key read) whether another
 * process changed the catalogue. Writes made through this process invalidate at once; see decision 0201.
 */
export const MENU_VERSION_CHECK_MS = 1000;

interface MenuCacheState {
  snapshot?: MenuSnapshot;
  /** performance.now() of the last time the snapshot was confirmed current. */
  checkedAt: number;
  /** Bumped by every local write, so a rebuild that started before the write is never kept. */
  generation: number;
  pending?: Promise<MenuSnapshot>;
}

// Keyed by database, so every app (and every test server) in a process has its own cache.
const menuCaches = new WeakMap<Db, MenuCacheState>();

function cacheFor(db: Db): MenuCacheState {
  let state = menuCaches.get(db);
  if (!state) {
    state = { checkedAt: 0, generation: 0 };
    menuCaches.set(db, state);
  }
  return state;
}

function cachedAnswer(value: unknown): CachedAnswer {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

async function readCatalogueVersion(db: Db): Promise<string> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, CATALOGUE_VERSION_KEY));
  return row?.value ?? 'initial';
}

async function buildSnapshot(db: Db, version: string): Promise<MenuSnapshot> {
  const [categoryList, productList, toppingList] = await Promise.all([listCategories(db), listProducts(db), listToppings(db)]);
  const byCategory = new Map<string, ProductWire[]>();
  for (const product of productList) {
    const list = byCategory.get(product.category) ?? [];
    list.push(product);
    byCategory.set(product.category, list);
  }
  return {
    version,
    categories: categoryList,
    products: productList,
    toppings: toppingList,
    answers: {
      categories: cachedAnswer(categoryList),
      products: cachedAnswer(productList),
      toppings: cachedAnswer(toppingList),
      byCategory: new Map([...byCategory].map(([name, list]) => [name, cachedAnswer(list)])),
      empty: cachedAnswer([]),
    },
  };
}

async function refreshSnapshot(db: Db, state: MenuCacheState): Promise<MenuSnapshot> {
  const generation = state.generation;
  // The version is read before the data: a write landing in between leaves a newer version behind, so the
  // next check rebuilds rather than keeping data older than it claims.
  const version = await readCatalogueVersion(db);
  if (state.snapshot && state.snapshot.version === version && state.generation === generation) {
    state.checkedAt = performance.now();
    return state.snapshot;
  }
  const snapshot = await buildSnapshot(db, version);
  if (state.generation === generation) {
    state.snapshot = snapshot;
    state.checkedAt = performance.now();
  }
  return snapshot;
}

/**
 * The menu (categories, products on sale, toppings) and its ready-made answers, from memory. Rebuilt after any
 * catalogue write in this process, and within {@link MENU_VERSION_CHECK_MS} of a write made by another process.
 */
export function getMenuSnapshot(db: Db): Promise<MenuSnapshot> {
  const state = cacheFor(db);
  if (state.snapshot && performance.now() - state.checkedAt < MENU_VERSION_CHECK_MS) return Promise.resolve(state.snapshot);
  if (!state.pending) {
    const pending = refreshSnapshot(db, state).finally(() => {
      if (state.pending === pending) delete state.pending;
    });
    state.pending = pending;
  }
  return state.pending;
}

/** Drops this process's snapshot; the next read rebuilds it. Call after a catalogue write has committed. */
export function invalidateMenu(db: Db): void {
  const state = cacheFor(db);
  state.generation += 1;
  delete state.snapshot;
  delete state.pending;
}

/** Records a catalogue change for every process; run inside the write's transaction. */
export async function bumpCatalogueVersion(db: Db, now: Date): Promise<void> {
  const value = `${now.toISOString()}-${randomUUID()}`;
  await db
    .insert(meta)
    .values({ key: CATALOGUE_VERSION_KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: meta.key, set: { value, updatedAt: now } });
}

/** Runs a catalogue write in a transaction that also bumps the version, then invalidates this process's cache. */
async function catalogueWrite<T>(db: Db, now: Date, write: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const result = await write(tx);
      await bumpCatalogueVersion(tx, now);
      return result;
    });
  } finally {
    invalidateMenu(db);
  }
}

async function saveImage(db: Db, image: ProcessedImage | undefined, now: Date): Promise<string | undefined> {
  if (!image) return undefined;
  const [imageId] = await saveImages(db, [image], now);
  return imageId;
}

// --- categories ---------------------------------------------------------------------------------------------

async function assertCategoryNameFree(db: Db, name: string, exceptId?: string): Promise<void> {
  const sameName = sql`lower(${categories.name}) = lower(${name})`;
  const [clash] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(exceptId ? and(sameName, ne(categories.id, exceptId)) : sameName);
  if (clash) throw new HttpError(409, `A category named "${name}" already exists`);
}

export async function createCategory(db: Db, input: CategoryCreateInput, image: ProcessedImage | undefined, now: Date): Promise<InsertedAnswer> {
  return catalogueWrite(db, now, async (tx) => {
    await assertCategoryNameFree(tx, input.categoriName);
    const imageId = await saveImage(tx, image, now);
    const id = newId(now);
    await tx.insert(categories).values({ id, name: input.categoriName, order: input.order, imageId: imageId ?? null, createdAt: now });
    return { insertedId: id };
  });
}

export async function updateCategory(
  db: Db,
  id: string,
  input: CategoryUpdateInput,
  image: ProcessedImage | undefined,
  now: Date,
): Promise<ModifiedAnswer> {
  return catalogueWrite(db, now, async (tx) => {
    const row = await findCategory(tx, id);
    await assertCategoryNameFree(tx, input.categoriName, id);
    const imageId = await saveImage(tx, image, now);
    await tx
      .update(categories)
      .set({ name: input.categoriName, ...(input.order !== undefined ? { order: input.order } : {}), ...(imageId ? { imageId } : {}) })
      .where(eq(categories.id, id));
    // An image id is served as immutable, so a new picture gets a new id and the old one goes.
    if (imageId && row.imageId) await deleteImage(tx, row.imageId);
    return { modifiedCount: 1 };
  });
}

/**
 * Refused (409) while the category still has products on sale: removing it would orphan them from the menu
 * (decision 0200). Products deleted earlier keep their rows for past orders and simply lose the category.
 */
export async function deleteCategory(db: Db, id: string, now: Date): Promise<DeletedAnswer> {
  return catalogueWrite(db, now, async (tx) => {
    const row = await findCategory(tx, id);
    const [live] = await tx
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.categoryId, id), isNull(products.deletedAt)));
    const liveCount = Number(live?.n ?? 0);
    if (liveCount > 0) throw new HttpError(409, CATEGORY_HAS_PRODUCTS(liveCount));
    const deleted = await tx.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    if (row.imageId) await deleteImage(tx, row.imageId);
    return { deletedCount: deleted.length };
  });
}

// --- products -----------------------------------------------------------------------------------------------

async function categoryByName(db: Db, name: string): Promise<{ id: string; name: string }> {
  const [row] = await db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.name, name));
  if (!row) throw new HttpError(400, `category: there is no category named "${name}"`);
  return row;
}

export async function createProduct(db: Db, input: ProductInput, image: ProcessedImage | undefined, now: Date): Promise<InsertedAnswer> {
  return catalogueWrite(db, now, async (tx) => {
    const category = await categoryByName(tx, input.category);
    const imageId = await saveImage(tx, image, now);
    const id = newId(now);
    await tx.insert(products).values({ id, ...fromProductInput(input, category.id, category.name), imageId: imageId ?? null, createdAt: now });
    return { insertedId: id };
  });
}

/** Replaces the product's fields; keeps its deal slots and drink kind unless the request names them. */
export async function updateProduct(db: Db, id: string, input: ProductInput, image: ProcessedImage | undefined, now: Date): Promise<ModifiedAnswer> {
  return catalogueWrite(db, now, async (tx) => {
    const [row] = isId(id) ? await tx.select().from(products).where(and(eq(products.id, id), isNull(products.deletedAt))) : [];
    if (!row) throw new HttpError(404, PRODUCT_NOT_FOUND);
    const category = await categoryByName(tx, input.category);
    const imageId = await saveImage(tx, image, now);
    await tx
      .update(products)
      .set({ ...fromProductInput(input, category.id, category.name), ...(imageId ? { imageId } : {}), updatedAt: now })
      .where(eq(products.id, id));
    if (imageId && row.imageId) await deleteImage(tx, row.imageId);
    return { modifiedCount: 1 };
  });
}

/** Soft delete: the product leaves every list, while past orders that name it keep their row. */
export async function deleteProduct(db: Db, id: string, now: Date): Promise<DeletedAnswer> {
  return catalogueWrite(db, now, async (tx) => {
    const deleted = isId(id)
      ? await tx
          .update(products)
          .set({ deletedAt: now, updatedAt: now })
          .where(and(eq(products.id, id), isNull(products.deletedAt)))
          .returning({ id: products.id })
      : [];
    if (deleted.length === 0) throw new HttpError(404, PRODUCT_NOT_FOUND);
    return { deletedCount: deleted.length };
  });
}

// --- toppings -----------------------------------------------------------------------------------------------

export async function createTopping(db: Db, input: IngredientCreateInput, now: Date): Promise<InsertedAnswer> {
  return catalogueWrite(db, now, async (tx) => {
    const id = newId(now);
    await tx.insert(toppings).values({ id, name: input.ToopingName, category: input.category, price: input.toopingPrice, createdAt: now });
    return { insertedId: id };
  });
}

/** Orders keep the names and prices of their toppings in their own lines, so a topping can go for good. */
export async function deleteTopping(db: Db, id: string, now: Date): Promise<DeletedAnswer> {
  return catalogueWrite(db, now, async (tx) => {
    const deleted = isId(id) ? await tx.delete(toppings).where(eq(toppings.id, id)).returning({ imageId: toppings.imageId }) : [];
    if (deleted.length === 0) throw new HttpError(404, TOPPING_NOT_FOUND);
    const imageId = deleted[0]?.imageId;
    if (imageId) await deleteImage(tx, imageId);
    return { deletedCount: deleted.length };
  });
}

// --- banners ------------------------------------------------------------------------------------------------

/** The storefront's offers strip, newest first. */
export async function listBanners(db: Db): Promise<Array<{ _id: string; imageUrl: string | null }>> {
  const rows = await db.select({ id: banners.id, imageId: banners.imageId }).from(banners).orderBy(desc(banners.createdAt), desc(banners.id));
  return rows.map((row) => ({ _id: row.id, imageUrl: imageUrl(row.imageId, 480) }));
}

export async function createBanner(db: Db, image: ProcessedImage, now: Date): Promise<InsertedAnswer> {
  return db.transaction(async (tx) => {
    const imageId = await saveImage(tx, image, now);
    if (!imageId) throw new HttpError(400, 'The banner image could not be stored');
    const id = newId(now);
    await tx.insert(banners).values({ id, imageId, createdAt: now });
    return { insertedId: id };
  });
}
