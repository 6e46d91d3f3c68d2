import { and, eq, isNotNull, notInArray } from 'drizzle-orm';
import { FINAL_STATUSES } from '@shop/shared/domain/order-status';
import type { Db, InTransaction } from '../../db/client';
import { orders, type AddressSnapshot } from '../../db/schema';

/** Whether one of the customer's placed orders is neither delivered nor canceled (the kitchen and driver need it). */
export async function hasOpenOrders(db: Db | InTransaction, userId: string): Promise<boolean> {
  const open = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.placedAt), notInArray(orders.status, [...FINAL_STATUSES])))
    .limit(1);
  return open.length > 0;
}

/**
 * An erased account's orders keep every figure (totals, items, payment, status, dates) and lose who they were for:
 * name, e-mail, phone, address and notes. Answers their ids.
 */
export async function anonymiseOrdersOf(
  tx: InTransaction,
  userId: string,
  erased: { email: string; address: AddressSnapshot },
  now: Date,
): Promise<string[]> {
  const rows = await tx
    .update(orders)
    .set({ email: erased.email, address: erased.address, note: '', allergyNote: '', updatedAt: now })
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id });
  return rows.map((row) => row.id);
}
