import { and, eq } from 'drizzle-orm';
import type { UpdateOrderStatusAnswer } from '@shop/shared/contract/orders';
import { statusChangeRefusal, type OrderStatus } from '@shop/shared/domain/order-status';
import type { ServiceContext } from '../../context';
import { newId } from '../../db/id';
import { orders, orderStatusHistory } from '../../db/schema';
import { HttpError } from '../../http-errors';
import type { SessionUser } from '../auth/public';
import { emitOrderStatusChanged } from './events';
import { isPlaced, ORDER_NOT_FOUND } from './reads';

// A change that lost a race is tried again on the status it lost to; each try either applies, finds nothing to
// do, or is refused, and a lost race means another admin's change did apply, so a few tries always settle.
const MAX_TRIES = 5;

/**
 * `PUT /api/update-sell-products/{id}` (admins): moves a placed order to `status` under decision 0003's rules
 * (`statusChangeRefusal`). The same status again changes nothing (`modifiedCount: 0`); a refused change is 409
 * with the rule's words. An applied change updates the order only if its status is still the one the rule was
 * checked against (`where status = <read>`), and records the history row (the shop clock's time and the admin) in
 * the same transaction, so two admins at once cannot both apply a change from the same status, nor record a
 * change that did not happen. The order's customer is told after the commit.
 */
export async function updateOrderStatus(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  admin: SessionUser,
  orderId: string,
  status: OrderStatus,
): Promise<UpdateOrderStatusAnswer> {
  const { db } = ctx;
  const now = ctx.now();
  for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
    const order = (
      await db
        .select({ status: orders.status, userId: orders.userId, placedAt: orders.placedAt })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1)
    )[0];
    // A card order not paid yet is the customer's business only: the shop cannot see it, let alone move it.
    if (!order || !isPlaced(order)) throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    if (order.status === status) return { modifiedCount: 0 };
    const refusal = statusChangeRefusal(order.status, status);
    if (refusal) throw new HttpError('INVALID_STATUS_CHANGE', refusal);

    const applied = await db.transaction(async (tx) => {
      const changed = await tx
        .update(orders)
        .set({ status, updatedAt: now })
        .where(and(eq(orders.id, orderId), eq(orders.status, order.status)))
        .returning({ id: orders.id });
      if (changed.length === 0) return false;
      await tx.insert(orderStatusHistory).values({ id: newId(), orderId, status, changedBy: admin.id, changedAt: now });
      return true;
    });
    if (applied) {
      const change =
        status === 'Approved Order'
          ? 'accepted'
          : status === 'On the way'
            ? 'on-the-way'
            : status === 'Delivered Order'
              ? 'delivered'
              : 'canceled';
      emitOrderStatusChanged(db, { orderId, userId: order.userId, status, change });
      return { modifiedCount: 1 };
    }
  }
  throw new HttpError('ORDER_CHANGED_CONCURRENTLY', 'The order is being changed by someone else: please try again');
}
