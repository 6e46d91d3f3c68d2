import { desc, eq } from 'drizzle-orm';
import type { DeletedAnswer, InsertedAnswer } from '@shop/shared/contract/catalogue';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { isId, newId } from '../../db/id';
import { banners } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { recordAudit, type AuditActor } from '../audit/public';
import type { ProcessedImage } from '../../images/process';
import { deleteImage, imageUrl, saveImages } from '../../images/store';

export const BANNER_NOT_FOUND = 'Banner not found';

/** The storefront's offers strip, newest first. */
export async function listBanners(db: Db): Promise<Array<{ _id: string; imageUrl: string | null }>> {
  const rows = await db
    .select({ id: banners.id, imageId: banners.imageId })
    .from(banners)
    .orderBy(desc(banners.createdAt), desc(banners.id));
  return rows.map((row) => ({ _id: row.id, imageUrl: imageUrl(row.imageId, 480) }));
}

export async function createBanner(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  image: ProcessedImage,
  actor: AuditActor,
): Promise<InsertedAnswer> {
  const { db } = ctx;
  const now = ctx.now();
  return db.transaction(async (tx) => {
    const [imageId] = await saveImages(tx, [image], now);
    if (!imageId) throw new HttpError('IMAGE_NOT_STORED', 'The banner image could not be stored');
    const id = newId(now);
    await tx.insert(banners).values({ id, imageId, createdAt: now });
    await recordAudit(tx, now, {
      actor,
      action: 'banner.create',
      subjectType: 'banner',
      subjectId: id,
      summary: 'Added a banner to the storefront',
      after: { picture: imageId },
    });
    return { insertedId: id };
  });
}

/** Removes a banner and its image; an unknown or malformed id is 404, as the catalogue's deletes answer. */
export async function deleteBanner(ctx: Pick<ServiceContext, 'db' | 'now'>, id: string, actor: AuditActor): Promise<DeletedAnswer> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const deleted = isId(id) ? await tx.delete(banners).where(eq(banners.id, id)).returning({ imageId: banners.imageId }) : [];
    const row = deleted[0];
    if (!row) throw new HttpError('BANNER_NOT_FOUND', BANNER_NOT_FOUND);
    await deleteImage(tx, row.imageId);
    await recordAudit(tx, now, {
      actor,
      action: 'banner.delete',
      subjectType: 'banner',
      subjectId: id,
      summary: 'Removed a banner from the storefront',
      before: { picture: row.imageId },
    });
    return { deletedCount: deleted.length };
  });
}
