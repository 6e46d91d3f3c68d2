import { and, count, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import {
  type AvailabilityAnswer,
  type AvailabilityRequest,
  CATEGORY_HAS_PRODUCTS,
  type CategoryCreateInput,
  type CategoryDetailWire,
  type CategoryUpdateInput,
  type DeletedAnswer,
  type IngredientCreateInput,
  type IngredientUpdateInput,
  type InsertedAnswer,
  type ModifiedAnswer,
  type ProductDetailWire,
  type ProductInput,
} from '@shop/shared/contract/catalogue';
import { formatPounds } from '@shop/shared/domain/money';
import { soldOutMarkFor, soldOutState } from '@shop/shared/domain/sold-out';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { isId, newId } from '../../db/id';
import { categories, images, products, toppings } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { recordChange, describeChanges, recordAudit, type AuditActor } from '../audit/public';
import type { ProcessedImage } from '../../images/process';
import { deleteImage, saveImages } from '../../images/store';
import { availabilityState, PRODUCT_LABELS, productState, toppingState } from './audited';
import { catalogueWrite } from './menu-cache';
import { allergenColumn, fromProductInput, toCategoryWire, toProductWire } from './wire';
import { readOpeningHours } from '../settings/public';

// The catalogue's admin work: one category or product for the edit forms, and every write. The lists the storefront
// reads are served from memory (menu-cache.ts); each write here goes through catalogueWrite so they follow.

const CATEGORY_NOT_FOUND = 'Category not found';
export const PRODUCT_NOT_FOUND = 'Product not found';
const TOPPING_NOT_FOUND = 'Topping not found';

// --- one record, for the edit forms ---------------------------------------------------------------------------

async function imageBase64(db: Db, imageId: string | null): Promise<string | null> {
  if (!imageId) return null;
  const [row] = await db.select({ data: images.data }).from(images).where(eq(images.id, imageId));
  return row ? row.data.toString('base64') : null;
}

/** The category with this id; a malformed or unknown id answers 404. */
async function findCategory(db: Db, id: string): Promise<typeof categories.$inferSelect> {
  const [row] = isId(id) ? await db.select().from(categories).where(eq(categories.id, id)) : [];
  if (!row) throw new HttpError('CATEGORY_NOT_FOUND', CATEGORY_NOT_FOUND);
  return row;
}

/** `GET /allcategori/{id}`: the category with its image as base64 WebP, for the edit form. */
export async function getCategory(db: Db, id: string): Promise<CategoryDetailWire> {
  const row = await findCategory(db, id);
  return { ...toCategoryWire(row), file: await imageBase64(db, row.imageId) };
}

/** `GET /allproduts/{id}`: a product on sale with its image as base64 WebP. Deleted products are gone (404). */
export async function getProduct(ctx: Pick<ServiceContext, 'db' | 'now'>, id: string): Promise<ProductDetailWire> {
  const { db } = ctx;
  const [row] = isId(id)
    ? await db
        .select({ product: getTableColumns(products), categoryName: categories.name })
        .from(products)
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
    : [];
  if (!row) throw new HttpError('PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND);
  return { ...toProductWire(row.product, row.categoryName, ctx.now()), file: await imageBase64(db, row.product.imageId) };
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
  if (clash) throw new HttpError('CATEGORY_NAME_TAKEN', `A category named "${name}" already exists`);
}

export async function createCategory(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  input: CategoryCreateInput,
  image: ProcessedImage | undefined,
  actor: AuditActor,
): Promise<InsertedAnswer> {
  const { db } = ctx;
  const now = ctx.now();
  return catalogueWrite(db, now, async (tx) => {
    await assertCategoryNameFree(tx, input.categoriName);
    const imageId = await saveImage(tx, image, now);
    const id = newId(now);
    await tx.insert(categories).values({ id, name: input.categoriName, order: input.order, imageId: imageId ?? null, createdAt: now });
    await recordAudit(tx, now, {
      actor,
      action: 'category.create',
      subjectType: 'category',
      subjectId: id,
      summary: `Added the category ${input.categoriName}`,
      after: { name: input.categoriName, order: input.order, picture: imageId ?? null },
    });
    return { insertedId: id };
  });
}

export async function updateCategory(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  id: string,
  input: CategoryUpdateInput,
  image: ProcessedImage | undefined,
  actor: AuditActor,
): Promise<ModifiedAnswer> {
  const { db } = ctx;
  const now = ctx.now();
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
    await recordChange(tx, now, {
      actor,
      action: 'category.update',
      subjectType: 'category',
      subjectId: id,
      summary: (change) => `Changed the category ${row.name}: ${describeChanges(change)}`,
      before: { name: row.name, order: row.order, picture: row.imageId },
      after: { name: input.categoriName, order: input.order ?? row.order, picture: imageId ?? row.imageId },
    });
    return { modifiedCount: 1 };
  });
}

/**
 * Refused (409) while the category still has products on sale: removing it would orphan them from the menu
 * (decision 0200). Products deleted earlier keep their rows for past orders and simply lose the category.
 */
export async function deleteCategory(ctx: Pick<ServiceContext, 'db' | 'now'>, id: string, actor: AuditActor): Promise<DeletedAnswer> {
  const { db } = ctx;
  const now = ctx.now();
  return catalogueWrite(db, now, async (tx) => {
    const row = await findCategory(tx, id);
    const [live] = await tx
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.categoryId, id), isNull(products.deletedAt)));
    const liveCount = Number(live?.n ?? 0);
    if (liveCount > 0) throw new HttpError('CATEGORY_HAS_PRODUCTS', CATEGORY_HAS_PRODUCTS(liveCount));
    const deleted = await tx.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    if (row.imageId) await deleteImage(tx, row.imageId);
    await recordAudit(tx, now, {
      actor,
      action: 'category.delete',
      subjectType: 'category',
      subjectId: id,
      summary: `Removed the category ${row.name}`,
      before: { name: row.name, order: row.order },
    });
    return { deletedCount: deleted.length };
  });
}

// --- products -----------------------------------------------------------------------------------------------

async function categoryByName(db: Db, name: string): Promise<{ id: string; name: string }> {
  const [row] = await db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.name, name));
  if (!row) throw new HttpError('UNKNOWN_CATEGORY', `category: there is no category named "${name}"`);
  return row;
}

export async function createProduct(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  input: ProductInput,
  image: ProcessedImage | undefined,
  actor: AuditActor,
): Promise<InsertedAnswer> {
  const { db } = ctx;
  const now = ctx.now();
  return catalogueWrite(db, now, async (tx) => {
    const category = await categoryByName(tx, input.category);
    const imageId = await saveImage(tx, image, now);
    const id = newId(now);
    const [row] = await tx
      .insert(products)
      .values({ id, ...fromProductInput(input, category.id, category.name), imageId: imageId ?? null, createdAt: now })
      .returning();
    if (row) {
      await recordAudit(tx, now, {
        actor,
        action: 'product.create',
        subjectType: 'product',
        subjectId: id,
        summary: `Added ${row.title} to ${category.name}`,
        after: productState(row, category.name),
      });
    }
    return { insertedId: id };
  });
}

/** Replaces the product's fields; keeps its deal slots and drink kind unless the request names them. */
export async function updateProduct(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  id: string,
  input: ProductInput,
  image: ProcessedImage | undefined,
  actor: AuditActor,
): Promise<ModifiedAnswer> {
  const { db } = ctx;
  const now = ctx.now();
  return catalogueWrite(db, now, async (tx) => {
    const [row] = isId(id)
      ? await tx
          .select()
          .from(products)
          .where(and(eq(products.id, id), isNull(products.deletedAt)))
      : [];
    if (!row) throw new HttpError('PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND);
    const category = await categoryByName(tx, input.category);
    const imageId = await saveImage(tx, image, now);
    const [updated] = await tx
      .update(products)
      .set({ ...fromProductInput(input, category.id, category.name), ...(imageId ? { imageId } : {}), updatedAt: now })
      .where(eq(products.id, id))
      .returning();
    if (imageId && row.imageId) await deleteImage(tx, row.imageId);
    const [oldCategory] = row.categoryId
      ? await tx.select({ name: categories.name }).from(categories).where(eq(categories.id, row.categoryId))
      : [];
    if (updated) {
      await recordChange(tx, now, {
        actor,
        action: 'product.update',
        subjectType: 'product',
        subjectId: id,
        summary: (change) => `Changed ${row.title}: ${describeChanges(change, PRODUCT_LABELS)}`,
        before: productState(row, oldCategory?.name ?? null),
        after: productState(updated, category.name),
      });
    }
    return { modifiedCount: 1 };
  });
}

/** Soft delete: the product leaves every list, while past orders that name it keep their row. */
export async function deleteProduct(ctx: Pick<ServiceContext, 'db' | 'now'>, id: string, actor: AuditActor): Promise<DeletedAnswer> {
  const { db } = ctx;
  const now = ctx.now();
  return catalogueWrite(db, now, async (tx) => {
    const deleted = isId(id)
      ? await tx
          .update(products)
          .set({ deletedAt: now, updatedAt: now })
          .where(and(eq(products.id, id), isNull(products.deletedAt)))
          .returning({ id: products.id, title: products.title })
      : [];
    if (deleted.length === 0) throw new HttpError('PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND);
    await recordAudit(tx, now, {
      actor,
      action: 'product.delete',
      subjectType: 'product',
      subjectId: id,
      summary: `Removed ${deleted[0]?.title ?? 'a product'} from the menu`,
      before: { title: deleted[0]?.title ?? null, onMenu: true },
      after: { onMenu: false },
    });
    return { deletedCount: deleted.length };
  });
}

/**
 * `PUT /allproduts/{id}/availability` and `PUT /ingredients/{id}/availability`: a product or a topping (a crust, dip or
 * flavour) sold out for today (until the shop day's next opening, from the shop clock) or until turned back on, or
 * back on sale. A catalogue write like any other, so the menu and its ETags change at once. A deleted product is 404.
 */
export async function setAvailability(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  item: { kind: 'product' | 'topping'; id: string },
  input: AvailabilityRequest,
  actor: AuditActor,
): Promise<AvailabilityAnswer> {
  const { kind, id } = item;
  const now = ctx.now();
  const mark = soldOutMarkFor(input.soldOut, input.until, now, await readOpeningHours(ctx.db));
  const marked = { soldOutUntil: mark.until, soldOutUntilBackOn: mark.untilTurnedBackOn };
  return catalogueWrite(ctx.db, now, async (tx) => {
    const table = kind === 'product' ? products : toppings;
    const columns = {
      name: kind === 'product' ? products.title : toppings.name,
      soldOutUntil: table.soldOutUntil,
      soldOutUntilBackOn: table.soldOutUntilBackOn,
    };
    const [before] = !isId(id)
      ? []
      : kind === 'product'
        ? await tx
            .select(columns)
            .from(products)
            .where(and(eq(products.id, id), isNull(products.deletedAt)))
            .for('update')
        : await tx.select(columns).from(toppings).where(eq(toppings.id, id)).for('update');
    if (!before) {
      throw kind === 'product'
        ? new HttpError('PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND)
        : new HttpError('TOPPING_NOT_FOUND', TOPPING_NOT_FOUND);
    }
    if (kind === 'product')
      await tx
        .update(products)
        .set({ ...marked, updatedAt: now })
        .where(eq(products.id, id));
    else await tx.update(toppings).set(marked).where(eq(toppings.id, id));
    await recordAudit(tx, now, {
      actor,
      action: input.soldOut ? `${kind}.sold-out` : `${kind}.back-on-sale`,
      subjectType: kind,
      subjectId: id,
      summary: input.soldOut
        ? `Marked ${before.name} sold out ${mark.untilTurnedBackOn ? 'until turned back on' : 'for today'}`
        : `Put ${before.name} back on sale`,
      before: availabilityState(before, now),
      after: availabilityState({ soldOutUntil: mark.until, soldOutUntilBackOn: mark.untilTurnedBackOn }, now),
    });
    return { _id: id, ...soldOutState(mark, now) };
  });
}

// --- toppings -----------------------------------------------------------------------------------------------

export async function createTopping(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  input: IngredientCreateInput,
  actor: AuditActor,
): Promise<InsertedAnswer> {
  const { db } = ctx;
  const now = ctx.now();
  // Left out: not recorded (decision 1004), never 'contains none'.
  const allergens = allergenColumn(input.allergens) ?? null;
  return catalogueWrite(db, now, async (tx) => {
    const id = newId(now);
    const [row] = await tx
      .insert(toppings)
      .values({ id, name: input.ToopingName, category: input.category, price: input.toopingPrice, allergens, createdAt: now })
      .returning();
    if (row) {
      await recordAudit(tx, now, {
        actor,
        action: 'topping.create',
        subjectType: 'topping',
        subjectId: id,
        summary: `Added the topping ${row.name} at ${formatPounds(row.price)}`,
        after: toppingState(row),
      });
    }
    return { insertedId: id };
  });
}

/**
 * `PUT /ingredients/{id}`: the topping's name, price, category and (when sent) allergens. Orders keep their toppings'
 * names and prices in their own lines, so a change reaches only what is ordered after it; an unknown id is 404.
 */
export async function updateTopping(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  id: string,
  input: IngredientUpdateInput,
  actor: AuditActor,
): Promise<ModifiedAnswer> {
  const now = ctx.now();
  const allergens = allergenColumn(input.allergens);
  return catalogueWrite(ctx.db, now, async (tx) => {
    const [before] = isId(id) ? await tx.select().from(toppings).where(eq(toppings.id, id)).for('update') : [];
    const changed = before
      ? await tx
          .update(toppings)
          .set({
            name: input.ToopingName,
            category: input.category,
            price: input.toopingPrice,
            ...(allergens !== undefined ? { allergens } : {}),
          })
          .where(eq(toppings.id, id))
          .returning()
      : [];
    const [after] = changed;
    if (!before || !after) throw new HttpError('TOPPING_NOT_FOUND', TOPPING_NOT_FOUND);
    await recordChange(tx, now, {
      actor,
      action: 'topping.update',
      subjectType: 'topping',
      subjectId: id,
      summary: (change) => `Changed the topping ${before.name}: ${describeChanges(change)}`,
      before: toppingState(before),
      after: toppingState(after),
    });
    return { modifiedCount: 1 };
  });
}

/** Orders keep the names and prices of their toppings in their own lines, so a topping can go for good. */
export async function deleteTopping(ctx: Pick<ServiceContext, 'db' | 'now'>, id: string, actor: AuditActor): Promise<DeletedAnswer> {
  const { db } = ctx;
  const now = ctx.now();
  return catalogueWrite(db, now, async (tx) => {
    const deleted = isId(id) ? await tx.delete(toppings).where(eq(toppings.id, id)).returning() : [];
    const [row] = deleted;
    if (!row) throw new HttpError('TOPPING_NOT_FOUND', TOPPING_NOT_FOUND);
    await recordAudit(tx, now, {
      actor,
      action: 'topping.delete',
      subjectType: 'topping',
      subjectId: id,
      summary: `Removed the topping ${row.name}`,
      before: toppingState(row),
    });
    const imageId = row.imageId;
    if (imageId) await deleteImage(tx, imageId);
    return { deletedCount: deleted.length };
  });
}

/** How many categories and (not deleted) products the shop has: the back office's dashboard cards. */
export async function countCatalogue(db: Db): Promise<{ categories: number; products: number }> {
  const [row] = await db
    .select({
      categories: sql<number>`(select count(*) from ${categories})`.mapWith(Number),
      products: sql<number>`(select count(*) from ${products} where ${isNull(products.deletedAt)})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return { categories: row?.categories ?? 0, products: row?.products ?? 0 };
}
