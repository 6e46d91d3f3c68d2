import { ADMIN_SETTABLE_STATUSES, statusChangeRefusal, type OrderStatus } from '@shop/shared/domain/order-status';

export type AdminSettableStatus = (typeof ADMIN_SETTABLE_STATUSES)[number];

export type StatusMenuOption = {
  status: AdminSettableStatus;
  /** The menu's words are the statuses themselves (SPEC.md section 4). */
  label: string;
  /** The server would refuse it (decision 0003): shown, but not offered, with the reason. */
  disabled: boolean;
  reason: string | null;
  /** Canceling cannot be undone, so it asks first. */
  confirm: boolean;
};

/**
 * The row menu and the detail's status menu: the four statuses an admin sets (SPEC.md section 4), each disabled
 * with the server's own words when the server would refuse it from `current` (the status the order has, a final
 * status, going backwards). The server still decides: a refusal it answers (409) is shown as it says.
 */
export function statusMenuOptions(current: OrderStatus): StatusMenuOption[] {
  return ADMIN_SETTABLE_STATUSES.map((status) => {
    const reason = statusChangeRefusal(current, status);
    return { status, label: status, disabled: reason !== null, reason, confirm: status === 'Canceled Order' };
  });
}
