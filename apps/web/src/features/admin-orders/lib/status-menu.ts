import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { ADMIN_SETTABLE_STATUSES, statusChangeRefusal, type OrderStatus } from '@shop/shared/domain/order-status';
import { statusLabel } from '@shop/shared/domain/status-label';

export type AdminSettableStatus = (typeof ADMIN_SETTABLE_STATUSES)[number];

export type StatusMenuOption = {
  status: AdminSettableStatus;
  /**
   * The menu's words are the statuses themselves (SPEC.md section 4); for a collection 'On the way' is 'Ready to
   * collect' and 'Delivered Order' 'Collected' (decision 1005).
   */
  label: string;
  /** The server would refuse it (decision 0003): shown, but not offered, with the reason. */
  disabled: boolean;
  reason: string | null;
  /**
   * The question it asks first: approving asks when the order arrives, canceling asks why (and cannot be
   * undone); the other statuses are set at once.
   */
  ask: 'accept' | 'cancel' | null;
};

/**
 * The row menu and the detail's status menu: the four statuses an admin sets (SPEC.md section 4), each disabled
 * with the server's own words when the server would refuse it from `current` (the status the order has, a final
 * status, going backwards). The server still decides: a refusal it answers (409) is shown as it says.
 */
export function statusMenuOptions(current: OrderStatus, fulfilment?: Fulfilment): StatusMenuOption[] {
  return ADMIN_SETTABLE_STATUSES.map((status) => {
    const reason = statusChangeRefusal(current, status, fulfilment);
    const ask = status === 'Approved Order' ? 'accept' : status === 'Canceled Order' ? 'cancel' : null;
    return { status, label: statusLabel(status, fulfilment), disabled: reason !== null, reason, ask };
  });
}
