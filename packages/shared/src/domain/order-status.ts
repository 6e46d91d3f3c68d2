/**
 * Order statuses (SPEC.md section 4). An order is created 'Pending Order'; an admin sets any of the other
 * four from the row menu or the new-order popup.
 *
 * The spec lets the client set any of the four from any status and leaves the server's rules open. The
 * server refuses what would rewrite history or confuse the customer:
 * - 'Delivered Order' and 'Canceled Order' are final: nothing leaves them (a delivered order cannot be
 *   "un-delivered", a canceled one cannot be revived; the customer has already been told).
 * - Nothing goes back to 'Pending Order', which only the order's creation sets.
 * - Otherwise an order moves forward along Pending → Approved → On the way → Delivered, skipping steps
 *   if the admin wishes (a cash order handed over at once may go straight to Delivered), and may be
 *   canceled at any point before it is delivered. 'On the way' does not go back to 'Approved Order'.
 * - Setting the status an order already has changes nothing: it is not a transition (the route answers
 *   `modifiedCount: 0`, as the spec's "applied only if modifiedCount is above 0" expects).
 */
import { z } from 'zod';
import type { Fulfilment } from './fulfilment';
import { statusLabel } from './status-label';

export const ORDER_STATUSES = ['Pending Order', 'Approved Order', 'On the way', 'Delivered Order', 'Canceled Order'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const INITIAL_ORDER_STATUS: OrderStatus = 'Pending Order';

/** The statuses an admin may set (the body of `PUT /api/update-sell-products/{id}`). */
export const ADMIN_SETTABLE_STATUSES = ['Approved Order', 'On the way', 'Delivered Order', 'Canceled Order'] as const;
export const adminSettableStatusSchema = z.enum(ADMIN_SETTABLE_STATUSES);

export const FINAL_STATUSES: readonly OrderStatus[] = ['Delivered Order', 'Canceled Order'];

const PROGRESS: readonly OrderStatus[] = ['Pending Order', 'Approved Order', 'On the way', 'Delivered Order'];

export function isFinalStatus(status: OrderStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return statusChangeRefusal(from, to) === null;
}

/**
 * Why the server refuses a status change, in words an admin can act on; null when it is allowed. A collection's
 * statuses are named as it reads them ('Ready to collect', 'Collected': domain/status-label.ts, decision 1005).
 */
export function statusChangeRefusal(from: OrderStatus, to: OrderStatus, fulfilment: Fulfilment = 'delivery'): string | null {
  const label = (status: OrderStatus) => statusLabel(status, fulfilment);
  if (from === to) return `The order is already ${label(to)}`;
  if (isFinalStatus(from)) {
    const done = from === 'Canceled Order' ? 'canceled' : fulfilment === 'collection' ? 'collected' : 'delivered';
    return `The order is ${done} and can no longer change`;
  }
  if (to === 'Pending Order') return 'An order cannot go back to Pending Order';
  if (to === 'Canceled Order') return null;
  if (PROGRESS.indexOf(to) < PROGRESS.indexOf(from)) return `An order that is ${label(from)} cannot go back to ${label(to)}`;
  return null;
}
