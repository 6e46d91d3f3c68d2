import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { TOPPING_CATEGORIES } from '@shop/shared/domain/catalogue';
import { NOT_SOLD_OUT, soldOutState, soldOutWindow, type SoldOutMark } from '@shop/shared/domain/sold-out';
import type { Db } from '../../db/client';
import { categories, meta, products, toppings } from '../../db/schema';
import { strongEtagOf } from '../../http/etag';
import { emitMenuChanged } from './events';
import {
  soldOutMarkOf,
  toCategoryWire,
  toIngredientBase,
  toProductBase,
  type CategoryWire,
  type IngredientBase,
  type IngredientWire,
  type ProductBase,
  type ProductWire,
} from './wire';

// The menu (categories, products on sale, toppings) served from memory: one snapshot per database, its catalogue
// version, and the list answers ready to send with their ETags. Catalogue writes go through catalogueWrite, so
// every process notices them (decision 0201). The answers also have a clock: an item sold out for today is back by
// itself at the next opening (domain/sold-out.ts), so each set of answers is made for the stretch of shop time in
// which no item comes back, and made again once the shop clock leaves it.

// --- the lists the snapshot is built from ---------------------------------------------------------------------

async function listCategories(db: Db): Promise<CategoryWire[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.order), asc(categories.name));
  return rows.map(toCategoryWire);
}

/** A product or topping of the snapshot: its wire shape but for sold out, which the clock decides, and its mark. */
type Listed<T> = { wire: T; mark: SoldOutMark };

/** Products still on sale, in menu order: by their category's order, then by title. */
async function listProducts(db: Db): Promise<Listed<ProductBase>[]> {
  const rows = await db
    .select({ product: getTableColumns(products), categoryName: categories.name })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(isNull(products.deletedAt))
    .orderBy(sql`${categories.order} asc nulls last`, asc(products.title));
  return rows.map((row) => ({ wire: toProductBase(row.product, row.categoryName), mark: soldOutMarkOf(row.product) }));
}

/** Toppings grouped in the spec's category order (Pizza, Crust, Shakes, Dips), by name within each. */
async function listToppings(db: Db): Promise<Listed<IngredientBase>[]> {
  const rows = await db.select().from(toppings).orderBy(asc(toppings.name));
  const rank = (category: string) => TOPPING_CATEGORIES.indexOf(category as (typeof TOPPING_CATEGORIES)[number]);
  return rows.sort((a, b) => rank(a.category) - rank(b.category)).map((row) => ({ wire: toIngredientBase(row), mark: soldOutMarkOf(row) }));
}

// --- the snapshot ---------------------------------------------------------------------------------------------

/** A list answer ready to send: its JSON text and a strong ETag of it. */
export interface CachedAnswer {
  body: string;
  etag: string;
}

export interface MenuSnapshot {
  /** The catalogue version (meta `catalogue_version`) the snapshot was read at. */
  version: string;
  categories: CategoryWire[];
  /** Products and toppings as the lists send them, but for `soldOut`/`soldOutUntil` (see {@link getMenuAnswers}). */
  products: ProductBase[];
  toppings: IngredientBase[];
  /** How each product and topping is marked sold out, by id (absent: on sale). */
  soldOut: { products: ReadonlyMap<string, SoldOutMark>; toppings: ReadonlyMap<string, SoldOutMark> };
}

/** The list answers at a moment of the shop clock, and the stretch of shop time they hold for. */
export interface MenuAnswers {
  categories: CachedAnswer;
  products: CachedAnswer;
  toppings: CachedAnswer;
  /** `GET /products/{categoriName}`, by category name. */
  byCategory: Map<string, CachedAnswer>;
  /** The answer for a category with no products (or none of that name). */
  empty: CachedAnswer;
  /** The shop clock's instants (ms) from which and until which no item comes back or runs out by itself. */
  from: number;
  until: number;
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
  return { body, etag: strongEtagOf(body) };
}

async function readCatalogueVersion(db: Db): Promise<string> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, CATALOGUE_VERSION_KEY));
  return row?.value ?? 'initial';
}

async function buildSnapshot(db: Db, version: string): Promise<MenuSnapshot> {
  const [categoryList, productList, toppingList] = await Promise.all([listCategories(db), listProducts(db), listToppings(db)]);
  const marked = <T extends { _id: string }>(list: Listed<T>[]) =>
    new Map(list.filter((item) => item.mark !== NOT_SOLD_OUT).map((item) => [item.wire._id, item.mark]));
  return {
    version,
    categories: categoryList,
    products: productList.map((item) => item.wire),
    toppings: toppingList.map((item) => item.wire),
    soldOut: { products: marked(productList), toppings: marked(toppingList) },
  };
}

function buildAnswers(snapshot: MenuSnapshot, now: Date): MenuAnswers {
  const stateOf = (marks: ReadonlyMap<string, SoldOutMark>, id: string) => soldOutState(marks.get(id) ?? NOT_SOLD_OUT, now);
  const productList: ProductWire[] = snapshot.products.map((product) => ({
    ...product,
    ...stateOf(snapshot.soldOut.products, product._id),
  }));
  const toppingList: IngredientWire[] = snapshot.toppings.map((topping) => ({
    ...topping,
    ...stateOf(snapshot.soldOut.toppings, topping._id),
  }));
  const byCategory = new Map<string, ProductWire[]>();
  for (const product of productList) {
    const list = byCategory.get(product.category) ?? [];
    list.push(product);
    byCategory.set(product.category, list);
  }
  const { from, until } = soldOutWindow([...snapshot.soldOut.products.values(), ...snapshot.soldOut.toppings.values()], now);
  return {
    categories: cachedAnswer(snapshot.categories),
    products: cachedAnswer(productList),
    toppings: cachedAnswer(toppingList),
    byCategory: new Map([...byCategory].map(([name, list]) => [name, cachedAnswer(list)])),
    empty: cachedAnswer([]),
    from,
    until,
  };
}

async function refreshSnapshot(db: Db, state: MenuCacheState): Promise<MenuSnapshot> {
  const generation = state.generation;
  try {
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
  } catch (error) {
    // A database that does not answer leaves the storefront the menu it last read; the next request checks again.
    if (state.snapshot && state.generation === generation) return state.snapshot;
    throw error;
  }
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

// The answers of each snapshot for the stretch of shop time that holds the last moment they were asked for.
const answersOf = new WeakMap<MenuSnapshot, MenuAnswers>();

/**
 * The menu's list answers (JSON and ETag) at `now`, the shop clock: made once per snapshot and per stretch of shop
 * time in which no sold-out item comes back, so a cached menu never shows yesterday's sold out, and its ETag changes
 * at the day boundary as it does at a write.
 */
export async function getMenuAnswers(db: Db, now: Date): Promise<MenuAnswers> {
  const snapshot = await getMenuSnapshot(db);
  const at = now.getTime();
  let answers = answersOf.get(snapshot);
  if (!answers || at < answers.from || at >= answers.until) {
    answers = buildAnswers(snapshot, now);
    answersOf.set(snapshot, answers);
  }
  return answers;
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

/**
 * Runs a catalogue write in a transaction that also bumps the version, then invalidates this process's cache and,
 * once committed, tells the menu's listeners (every open storefront hears `menu_changed`).
 */
export async function catalogueWrite<T>(db: Db, now: Date, write: (tx: Db) => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await db.transaction(async (tx) => {
      const written = await write(tx);
      await bumpCatalogueVersion(tx, now);
      return written;
    });
  } finally {
    invalidateMenu(db);
  }
  emitMenuChanged(db);
  return result;
}
