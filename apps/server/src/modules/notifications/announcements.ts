import { desc, isNull } from 'drizzle-orm';
import type { AnnouncementWire, InsertedAnswer } from '@shop/shared/contract/catalogue';
import { shopDateTime } from '@shop/shared/domain/dates';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { newId } from '../../db/id';
import { notifications } from '../../db/schema';
import type { ProcessedImage } from '../../images/process';
import { imageUrl, saveImages } from '../../images/store';
import { recordAudit, type AuditActor } from '../audit/public';

// Announcements: the shop's notices to every customer (SPEC.md "Send notification"), stored as notifications with
// no user, so each customer's feed (`GET /api/my-product/{email}`) shows them beside their own order news.

export interface NewAnnouncement {
  title: string;
  description: string;
}

/** `POST /api/allnotification`: stores the notice (and its image, already checked and re-encoded) in one transaction. */
export async function createAnnouncement(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  input: NewAnnouncement,
  image: ProcessedImage | undefined,
  actor: AuditActor,
): Promise<InsertedAnswer> {
  const { db } = ctx;
  const now = ctx.now();
  return db.transaction(async (tx) => {
    const [imageId] = image ? await saveImages(tx, [image], now) : [];
    const id = newId(now);
    await tx
      .insert(notifications)
      .values({ id, title: input.title, description: input.description, imageId: imageId ?? null, userId: null, createdAt: now });
    await recordAudit(tx, now, {
      actor,
      action: 'notification.send',
      subjectType: 'notification',
      subjectId: id,
      summary: `Sent every customer the notice “${input.title}”`,
      after: { title: input.title, description: input.description, picture: imageId ?? null },
    });
    return { insertedId: id };
  });
}

/** `GET /api/allnotification` (admins): every announcement, newest first. */
export async function listAnnouncements(db: Db): Promise<AnnouncementWire[]> {
  const rows = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      description: notifications.description,
      imageId: notifications.imageId,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(isNull(notifications.userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: imageUrl(row.imageId, 480),
    ...shopDateTime(row.createdAt),
    createdAt: row.createdAt.toISOString(),
  }));
}
