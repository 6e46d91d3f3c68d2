import { can, type Permission } from '@shop/shared/domain/roles';
import { paths } from './paths';

/**
 * The back office's screens in the sidebar's order, each with the permission it needs (domain/roles.ts). The sidebar
 * shows a role only its own screens, the route table refuses the others, and a member's first screen is the first
 * one their role may open. The server refuses anyway; this only spares staff a page that would fail.
 */
export const BACK_OFFICE_SCREENS: ReadonlyArray<{ label: string; to: string; permission: Permission }> = [
  { label: 'Dashboard', to: paths.dashboard, permission: 'reports' },
  { label: 'Order List', to: paths.orderList, permission: 'board' },
  { label: 'Accepted Orders', to: paths.acceptedOrders, permission: 'board' },
  { label: 'Dispatch', to: paths.dispatch, permission: 'dispatch' },
  { label: 'New order', to: paths.newOrder, permission: 'takeOrders' },
  { label: 'Sold out', to: paths.soldOut, permission: 'soldOut' },
  { label: 'Categories', to: paths.categories, permission: 'menu' },
  { label: 'Toppings', to: paths.toppings, permission: 'menu' },
  { label: 'Products', to: paths.products, permission: 'menu' },
  { label: 'Send Notification', to: paths.addNotification, permission: 'menu' },
  { label: 'Banner', to: paths.banner, permission: 'menu' },
  { label: 'Opening hours', to: paths.openingHours, permission: 'settings' },
  { label: 'Delivery zones', to: paths.deliveryZones, permission: 'settings' },
  { label: 'Promotions', to: paths.promotions, permission: 'settings' },
  { label: 'Printers', to: paths.printers, permission: 'settings' },
  { label: 'Settings', to: paths.shopSettings, permission: 'settings' },
  { label: 'Staff', to: paths.staff, permission: 'staff' },
  { label: 'Audit log', to: paths.auditLog, permission: 'auditLog' },
  // The driver's cash-up and the tips' pay-out (decision 1701).
  { label: 'Cash-up', to: paths.cashUp, permission: 'cashUp' },
  { label: 'Tips', to: paths.tips, permission: 'reports' },
];

/** The screens this role may open, in the sidebar's order. */
export function screensFor(role: string | null | undefined) {
  return BACK_OFFICE_SCREENS.filter((screen) => can(role, screen.permission));
}

/**
 * Where a member of staff starts: their role's first screen; a driver, who has none, their phone's page; else the
 * shop's home page.
 */
export function backOfficeHome(role: string | null | undefined): string {
  return screensFor(role)[0]?.to ?? (can(role, 'ownDeliveries') ? paths.driver : paths.home);
}

/** Whether this login's work is the driver's page alone (a driver), where signing in takes them. */
export function isDriverOnly(role: string | null | undefined): boolean {
  return screensFor(role).length === 0 && can(role, 'ownDeliveries');
}
