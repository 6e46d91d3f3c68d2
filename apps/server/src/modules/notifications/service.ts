import { eq, isNull, or } from 'drizzle-orm';
import type { CustomerNotificationWire } from '@shop/shared/contract/orders';
import { shopDateTime } from '@shop/shared/domain/dates';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { statusLabel, statusSentence } from '@shop/shared/domain/status-label';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { imageUrl } from '../../images/store';
import { findUserIdByEmail } from '../auth/public';
import { listStatusChangesOf } from '../orders/public';

/**
 * `GET /api/my-product/{email}`: the user's notifications, newest first: every status change of their
 * placed orders (from the order history), and the shop's notices sent to them or to every customer.
 */
export async function listCustomerNotifications(db: Db, email: string): Promise<CustomerNotificationWire[]> {
  const userId = await findUserIdByEmail(db, email);
  if (!userId) return [];
  const changes = await listStatusChangesOf(db, userId);
  const notices = await db
    .select()
    .from(notifications)
    .where(or(eq(notifications.userId, userId), isNull(notifications.userId)));

  const fromChanges: CustomerNotificationWire[] = changes.map((change) => ({
    _id: change.id,
    kind: 'order',
    // A collection's 'On the way' is 'Ready to collect' (decision 1005); the wire's status stays the stored value.
    title: `Order ${displayOrderId(change.orderId)}: ${statusLabel(change.status, change.fulfilment)}`,
    description: statusSentence(change.status, change.fulfilment),
    orderId: change.orderId,
    status: change.status,
    imageUrl: null,
    ...shopDateTime(change.at),
    createdAt: change.at.toISOString(),
  }));
  const fromNotices: CustomerNotificationWire[] = notices.map((notice) => ({
    _id: notice.id,
    kind: 'notice',
    title: notice.title,
    description: notice.description,
    orderId: notice.orderId,
    status: null,
    imageUrl: imageUrl(notice.imageId, 160),
    ...shopDateTime(notice.createdAt),
    createdAt: notice.createdAt.toISOString(),
  }));
  return [...fromChanges, ...fromNotices].sort((a, b) =>
    a.createdAt === b.createdAt ? b._id.localeCompare(a._id) : b.createdAt.localeCompare(a.createdAt),
  );
}
