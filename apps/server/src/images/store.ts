import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newId } from '../db/id';
import { imageVariants, images } from '../db/schema';
import { processImage, type ProcessedImage } from './process';

/** The URL list answers carry for an image; null when there is none. */
export function imageUrl(imageId: string | null | undefined, width?: number): string | null {
  if (!imageId) return null;
  return width ? `/api/images/${imageId}?w=${width}` : `/api/images/${imageId}`;
}

/**
 * Stores already-processed images in one go (the seed renders many at once). Returns their ids in order. A private
 * image (`{private: true}`) is served only by a route that checks who asks, never by `GET /api/images/:id`.
 */
export async function saveImages(db: Db, processed: ProcessedImage[], now: Date, options: { private?: boolean } = {}): Promise<string[]> {
  if (processed.length === 0) return [];
  const ids = processed.map(() => newId(now));
  await db.insert(images).values(
    processed.map((image, i) => ({
      id: ids[i]!,
      mime: image.mime,
      data: image.data,
      width: image.width,
      height: image.height,
      createdAt: now,
      private: options.private ?? false,
    })),
  );
  const variantRows = processed.flatMap((image, i) =>
    image.variants.map((variant) => ({ imageId: ids[i]!, width: variant.width, height: variant.height, data: variant.data })),
  );
  if (variantRows.length > 0) await db.insert(imageVariants).values(variantRows);
  return ids;
}

/** Re-encodes an upload and stores it with its variants. Returns the new image id. */
export async function storeImage(db: Db, input: Buffer, now: Date): Promise<string> {
  const [id] = await saveImages(db, [await processImage(input)], now);
  return id!;
}

export async function deleteImage(db: Db, imageId: string): Promise<void> {
  await db.delete(images).where(eq(images.id, imageId));
}

export interface ImageBytes {
  data: Buffer;
  mime: string;
  width: number;
}

/**
 * The stored image closest to `width`: the smallest variant at least that wide, else the original.
 * Without a width, the original. Null when the id is unknown, or names a private image and `private` is not asked.
 */
export async function loadImage(db: Db, imageId: string, width?: number, options: { private?: boolean } = {}): Promise<ImageBytes | null> {
  const [original] = await db
    .select({ mime: images.mime, width: images.width })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.private, options.private ?? false)));
  if (!original) return null;
  if (width !== undefined && width < original.width) {
    const [variant] = await db
      .select({ data: imageVariants.data, width: imageVariants.width })
      .from(imageVariants)
      .where(and(eq(imageVariants.imageId, imageId), gte(imageVariants.width, width)))
      .orderBy(asc(imageVariants.width))
      .limit(1);
    if (variant) return { data: variant.data, mime: 'image/webp', width: variant.width };
  }
  const [full] = await db.select({ data: images.data }).from(images).where(eq(images.id, imageId));
  return full ? { data: full.data, mime: original.mime, width: original.width } : null;
}
