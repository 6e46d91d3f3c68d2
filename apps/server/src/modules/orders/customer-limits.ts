import { and, count, eq, gt, sql } from 'drizzle-orm';
import { CUSTOMER_LIMITS, mayStartOrder, ORDER_LIMIT_REACHED } from '@shop/shared/domain/customer-limits';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { HttpError } from '../../http-errors';

export const HOUR_MS = 60 * 60_000;

/** The order limits of CUSTOMER_LIMITS, widened by `multiplier` (RATE_LIMIT_MULTIPLIER: test and load environments only). */
export function orderLimits(multiplier = 1): { perHour: number; perDay: number } {
  return { perHour: CUSTOMER_LIMITS.ordersPerHour * multiplier, perDay: CUSTOMER_LIMITS.ordersPerDay * multiplier };
}

/**
 * 429 ORDER_LIMIT_REACHED when the customer has started as many orders as CUSTOMER_LIMITS allows in the last hour or
 * day (the shop's clock). The placing statement itself applies the limits (it inserts nothing for an account over
 * them, at no extra round trip); this is asked only when it inserted nothing, after a known Idempotency-Key has
 * answered its order, to tell the customer why. Requests racing each other in parallel may pass the limit together,
 * so a burst can end at most a few orders (the connections answering at once) above it.
 */
export async function refuseOverOrderLimit(db: Db, userId: string, now: Date, multiplier = 1): Promise<void> {
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  const [recent] = await db
    .select({ lastDay: count(), lastHour: sql<number>`count(*) filter (where ${orders.createdAt} > ${hourAgo}::timestamptz)` })
    .from(orders)
    .where(and(eq(orders.userId, userId), gt(orders.createdAt, new Date(now.getTime() - 24 * HOUR_MS))));
  if (mayStartOrder({ lastHour: Number(recent?.lastHour ?? 0), lastDay: Number(recent?.lastDay ?? 0) }, multiplier)) return;
  throw new HttpError('ORDER_LIMIT_REACHED', ORDER_LIMIT_REACHED);
}
