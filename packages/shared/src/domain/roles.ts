/**
 * Who may do what (decision 1401): the shop's staff roles and the permissions each one holds, one table read by the
 * server's guards and by the back office's menu and buttons. The server decides; the screens only hide what the
 * server would refuse.
 */
import type { OrderStatus } from './order-status';

/** The shop's staff, most powerful first. A customer is not staff. */
export const STAFF_ROLES = ['owner', 'manager', 'counter', 'kitchen', 'driver'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ROLES = ['customer', ...STAFF_ROLES] as const;
export type Role = (typeof ROLES)[number];

/** The roles the owner may give when inviting or changing a member of staff. */
export const ASSIGNABLE_ROLES: readonly StaffRole[] = STAFF_ROLES;

export const ROLE_LABELS: Record<Role, string> = {
  customer: 'Customer',
  owner: 'Owner',
  manager: 'Manager',
  counter: 'Counter',
  kitchen: 'Kitchen',
  driver: 'Driver',
};

/**
 * One thing a member of staff may do.
 * - board: the live board, the orders list and an order's detail, the new-order popup.
 * - orderStatus: set an order's status (prepare, ready, on the way, delivered) and re-time it.
 * - acceptReject: accept or reject a new order.
 * - cancel: cancel an accepted order.
 * - takeOrders: take an order for a caller or a walk-in.
 * - refund: refund a card order, up to the counter's limit unless `refundAny` is held too.
 * - refundAny: refund any amount.
 * - soldOut: mark an item sold out and back.
 * - reprint: reprint an order's tickets.
 * - menu: categories, products, toppings, prices, allergens, banners, notifications to customers.
 * - shopStatus: pause, busy, the kitchen's times and capacity.
 * - settings: opening hours, minimums, delivery zones, the trader's details, printers, timers.
 * - reports: the sales dashboard.
 * - auditLog: read the audit log.
 * - staff: invite, change and remove staff.
 * - paymentSettings: the payment provider's settings and the counter's refund limit.
 * - dispatch: assign deliveries to drivers, in runs, reassign and take them off.
 * - cashUp: open and close drivers' shifts (float, cash handed in) and record tips paid out.
 * - ownDeliveries: the deliveries assigned to oneself.
 */
export const PERMISSIONS = [
  'board',
  'orderStatus',
  'acceptReject',
  'cancel',
  'takeOrders',
  'refund',
  'refundAny',
  'soldOut',
  'reprint',
  'menu',
  'shopStatus',
  'settings',
  'reports',
  'auditLog',
  'staff',
  'paymentSettings',
  'dispatch',
  'cashUp',
  'ownDeliveries',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Permission[] = PERMISSIONS;
const MANAGER: readonly Permission[] = PERMISSIONS.filter((p) => p !== 'staff' && p !== 'paymentSettings');

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  customer: [],
  owner: ALL,
  manager: MANAGER,
  counter: ['board', 'orderStatus', 'acceptReject', 'cancel', 'takeOrders', 'refund', 'soldOut', 'reprint', 'dispatch'],
  kitchen: ['board', 'orderStatus', 'soldOut', 'reprint'],
  driver: ['ownDeliveries'],
};

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
}

export function can(role: string | null | undefined, permission: Permission): boolean {
  if (!role || !(ROLES as readonly string[]).includes(role)) return false;
  return ROLE_PERMISSIONS[role as Role].includes(permission);
}

/** The counter's refund limit when the owner has not set one: £5, in pence. */
export const DEFAULT_COUNTER_REFUND_LIMIT = 500;

/**
 * Whether a role may refund `amount` pence of one order now. `refundAny` has no limit; `refund` alone is limited to
 * `limit` pence in total per order (what was refunded before counts), so two small refunds cannot pass it.
 */
export function mayRefund(
  role: string | null | undefined,
  amount: number,
  alreadyRefunded: number,
  limit: number,
): { ok: true } | { ok: false; reason: 'NOT_ALLOWED' | 'OVER_LIMIT' } {
  if (can(role, 'refundAny')) return { ok: true };
  if (!can(role, 'refund')) return { ok: false, reason: 'NOT_ALLOWED' };
  return alreadyRefunded + amount <= limit ? { ok: true } : { ok: false, reason: 'OVER_LIMIT' };
}

/**
 * The permission a change of an order's status needs, from the status the order has: anything from a new order
 * (accepting it, or rejecting it) is `acceptReject`; canceling an accepted order is `cancel`; moving it on or
 * re-timing it (`to` undefined) is `orderStatus`.
 */
export function statusChangePermission(from: OrderStatus, to: OrderStatus | undefined): Permission {
  if (to === undefined) return 'orderStatus';
  if (from === 'Pending Order') return 'acceptReject';
  if (to === 'Canceled Order') return 'cancel';
  return 'orderStatus';
}
