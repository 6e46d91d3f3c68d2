import { and, count, eq, gt, sql } from 'drizzle-orm';
import { mayStartOrder, ORDER_LIMIT_REACHED } from '@shop/shared/domain/customer-limits';
import type { Db } from '../../db/client';
import { idempotencyKeys, orders } from '../../db/schema';
import { HttpError } from '../../http-errors';

const HOUR_MS = 60 * 60_000;

/**
 * 429 ORDER_LIMIT_REACHED when the customer has started as many orders as CUSTOMER_LIMITS allows in the last hour or
 * day (the shop's clock), unless the request repeats an Idempotency-Key already used: its answer is the order it
 * placed. `multiplier` is RATE_LIMIT_MULTIPLIER (test and load environments only). One indexed count (orders_user_created_at_idx) per order. Requests racing each other in parallel may pass
 * it together, so a burst can end at most a few orders (the connections answering at once) above the limit.
 */
export async function refuseOverOrderLimit(db: Db, userId: string, key: string | null, now: Date, multiplier = 1): Promise<void> {
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  const [recent] = await db
    .select({ lastDay: count(), lastHour: sql<number>`count(*) filter (where ${orders.createdAt} > ${hourAgo}::timestamptz)` })
    .from(orders)
    .where(and(eq(orders.userId, userId), gt(orders.createdAt, new Date(now.getTime() - 24 * HOUR_MS))));
  if (mayStartOrder({ lastHour: Number(recent?.lastHour ?? 0), lastDay: Number(recent?.lastDay ?? 0) }, multiplier)) return;
  if (key) {
    const [used] = await db
      .select({ id: idempotencyKeys.id })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .limit(1);
    if (used) return;
  }
  throw new HttpError('ORDER_LIMIT_REACHED', ORDER_LIMIT_REACHED);
}
