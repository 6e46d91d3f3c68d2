import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CATEGORY_NAMES } from '@shop/shared/domain/catalogue';
import { processImage, type ProcessedImage } from '../../images/process';
import { saveImages } from '../../images/store';
import { hashPassword } from '../../modules/auth/public';
import type { Db } from '../client';
import { newId } from '../id';
import { categories, meta, products, toppings, users } from '../schema';
import { drawCategory, drawProduct } from './draw';
import { MENU_PRODUCTS, MENU_TOPPINGS, type CategoryName } from './menu';

export const SEED_MARKER_KEY = 'seeded_at';
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export const ADMIN_PASSWORD_REQUIRED =
  'ADMIN_PASSWORD must be set for the first start in production: the admin account is created now, and a generated password would be printed in the log';

export interface SeedOptions {
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
  log: (message: string) => void;
  /** The shop clock; stored as every seeded row's creation time. */
  now?: Date;
  /**
   * Without adminPassword, generate one and show it once (default). False in production (decision 0702): a password
   * printed in the log is the admin account of whoever reads the log, so a first start there needs ADMIN_PASSWORD.
   */
  generatePassword?: boolean;
}

export interface SeedResult {
  /** False when the database had been seeded before; then nothing was written. */
  seeded: boolean;
  adminEmail: string;
  /** Only when the seed generated the admin's password: shown once, never stored in clear. */
  generatedPassword?: string;
}

interface SeedImages {
  categories: ProcessedImage[];
  products: ProcessedImage[];
}

// The drawings never change, so a process (a test run seeding many databases) renders them once.
let seedImages: Promise<SeedImages> | undefined;

/**
 * One picture at a time (decision 1102): drawn 16 at once, sharp ran them on four libuv threads and libvips kept
 * eight worker threads, each with its own fontconfig font map (librsvg draws the titles' text) and malloc memory,
 * which stayed in the shop after the seed: about 10 MB more resident for good. One at a time took no longer here.
 */
async function renderAll(svgs: string[]): Promise<ProcessedImage[]> {
  const out: ProcessedImage[] = [];
  for (const svg of svgs) out.push(await processImage(Buffer.from(svg)));
  return out;
}

function renderSeedImages(): Promise<SeedImages> {
  seedImages ??= (async () => ({
    categories: await renderAll(CATEGORY_NAMES.map((name) => drawCategory(name))),
    products: await renderAll(MENU_PRODUCTS.map((product) => drawProduct(product))),
  }))().catch((error: unknown) => {
    seedImages = undefined;
    throw error;
  });
  return seedImages;
}

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ key: meta.key }).from(meta).where(eq(meta.key, SEED_MARKER_KEY));
  return rows.length > 0;
}

/**
 * Fills an empty database with the menu, its pictures and the admin account. A database seeded before is
 * left exactly as it is, so restarts keep every change the shop made.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  const adminEmail = (options.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  if (await isSeeded(db)) return { seeded: false, adminEmail };

  if (!options.adminPassword && options.generatePassword === false) throw new Error(ADMIN_PASSWORD_REQUIRED);
  const started = Date.now();
  const now = options.now ?? new Date();
  const generatedPassword = options.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const [art, passwordHash] = await Promise.all([renderSeedImages(), hashPassword(options.adminPassword ?? generatedPassword!)]);

  const seeded = await db.transaction(async (tx) => {
    // The marker row doubles as the lock: a second process starting at the same moment waits on this
    // insert, finds the key taken once the first commits, and writes nothing.
    const claimed = await tx
      .insert(meta)
      .values({ key: SEED_MARKER_KEY, value: now.toISOString(), updatedAt: now })
      .onConflictDoNothing()
      .returning({ key: meta.key });
    if (claimed.length === 0) return false;

    const categoryImageIds = await saveImagesInChunks(tx, art.categories, now);
    const productImageIds = await saveImagesInChunks(tx, art.products, now);

    const categoryIds = new Map<CategoryName, string>();
    const categoryRows = CATEGORY_NAMES.map((name, i) => {
      const id = newId(now);
      categoryIds.set(name, id);
      return { id, name, order: i + 1, imageId: categoryImageIds[i] ?? null, createdAt: now };
    });
    await tx.insert(categories).values(categoryRows);

    await tx.insert(products).values(
      MENU_PRODUCTS.map((product, i) => ({
        id: newId(now),
        title: product.title,
        description: product.description,
        categoryId: categoryIds.get(product.category) ?? null,
        priceS: product.prices.s ?? null,
        priceM: product.prices.m ?? null,
        priceL: product.prices.l ?? null,
        priceXl: product.prices.xl ?? null,
        crustDeepPan: product.crust?.deepPan ?? null,
        crustThin: product.crust?.thin ?? null,
        crustStuffed: product.crust?.stuffed ?? null,
        wingNormal: product.wings?.normal ?? null,
        wingBoneless: product.wings?.boneless ?? null,
        drinkKind: product.drinkKind ?? null,
        dealSlots: product.dealSlots ?? null,
        allergens: product.allergens,
        imageId: productImageIds[i] ?? null,
        createdAt: now,
      })),
    );

    await tx.insert(toppings).values(
      MENU_TOPPINGS.map((topping) => ({
        id: newId(now),
        name: topping.name,
        category: topping.category,
        price: topping.price,
        allergens: topping.allergens,
        createdAt: now,
      })),
    );

    await tx.insert(users).values({ id: newId(now), email: adminEmail, username: 'Admin', role: 'owner', passwordHash, createdAt: now });
    return true;
  });

  if (!seeded) return { seeded: false, adminEmail };
  options.log(
    `Seeded ${CATEGORY_NAMES.length} categories, ${MENU_PRODUCTS.length} products and ${MENU_TOPPINGS.length} toppings in ${Date.now() - started} ms`,
  );
  return generatedPassword ? { seeded: true, adminEmail, generatedPassword } : { seeded: true, adminEmail };
}

// Keeps each INSERT's parameter payload modest (a few hundred KB) on both drivers.
async function saveImagesInChunks(db: Db, processed: ProcessedImage[], now: Date): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < processed.length; i += 20) {
    ids.push(...(await saveImages(db, processed.slice(i, i + 20), now)));
  }
  return ids;
}
