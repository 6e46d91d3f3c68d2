import type { OrderStatus } from './order-status';
import type { Permission } from './roles';

/**
 * The permission a status change asks for (domain/roles.ts): answering a new order (accept, or reject by cancelling
 * it while it waits) is `acceptReject`; cancelling an order already accepted is `cancel`; the kitchen's steps (on the
 * way, delivered) and a new time are `orderStatus`. `to` undefined is a new time without a new status.
 */
export function statusChangePermission(from: OrderStatus, to: OrderStatus | undefined): Permission {
  if (to === 'Approved Order' && from === 'Pending Order') return 'acceptReject';
  if (to === 'Canceled Order') return from === 'Pending Order' ? 'acceptReject' : 'cancel';
  return 'orderStatus';
}
