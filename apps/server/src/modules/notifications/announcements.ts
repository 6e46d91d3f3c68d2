import { createHash } from 'node:crypto';
import { desc, eq, isNull } from 'drizzle-orm';
import type { AnnouncementWire, InsertedAnswer } from '@shop/shared/contract/catalogue';
import { shopDateTime } from '@shop/shared/domain/dates';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { newId } from '../../db/id';
import { notifications } from '../../db/schema';
import type { ProcessedImage } from '../../images/process';
import { imageUrl, saveImages } from '../../images/store';
import { recordAudit, type AuditActor } from '../audit/public';
import { HttpError } from '../../http-errors';

// Announcements: the shop's notices to every customer (SPEC.md "Send notification"), stored as notifications with
// no user, so each customer's feed (`GET /api/my-product/{email}`) shows them beside their own order news.

export interface NewAnnouncement {
  title: string;
  description: string;
}

/** Who sent an announcement and the Idempotency-Key they sent it with. */
export interface AnnouncementKey {
  userId: string;
  key: string;
}

/**
 * The id of the announcement an admin's Idempotency-Key stands for: a hash of the two, so the key needs no table of
 * its own and the primary key itself makes a twin request (a double click, a retry) find the first one.
 */
export function announcementIdFor({ userId, key }: AnnouncementKey): string {
  return createHash('sha256').update(`announcement\0${userId}\0${key}`).digest('hex').slice(0, 24);
}

export const ANNOUNCEMENT_KEY_REUSED = 'This Idempotency-Key was used for another notification';

/**
 * `POST /api/allnotification`: stores the notice (and its image, already checked and re-encoded) in one transaction.
 * With a key, a second request with it answers the first one's id and sends nothing more (the same key with other
 * words is 409): its insert waits on the first's row, then finds it.
 */
export async function createAnnouncement(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  input: NewAnnouncement,
  image: ProcessedImage | undefined,
  actor: AuditActor,
  key: AnnouncementKey | null = null,
): Promise<InsertedAnswer & { created: boolean }> {
  const { db } = ctx;
  const now = ctx.now();
  const id = key ? announcementIdFor(key) : newId(now);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(notifications)
      .values({ id, title: input.title, description: input.description, imageId: null, userId: null, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    if (inserted.length === 0) {
      const [first] = await tx
        .select({ title: notifications.title, description: notifications.description })
        .from(notifications)
        .where(eq(notifications.id, id));
      if (first?.title !== input.title || first.description !== input.description)
        throw new HttpError('IDEMPOTENCY_KEY_REUSED', ANNOUNCEMENT_KEY_REUSED);
      return { insertedId: id, created: false };
    }
    const [imageId] = image ? await saveImages(tx, [image], now) : [];
    if (imageId) await tx.update(notifications).set({ imageId }).where(eq(notifications.id, id));
    await recordAudit(tx, now, {
      actor,
      action: 'notification.send',
      subjectType: 'notification',
      subjectId: id,
      summary: `Sent every customer the notice “${input.title}”`,
      after: { title: input.title, description: input.description, picture: imageId ?? null },
    });
    return { insertedId: id, created: true };
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
