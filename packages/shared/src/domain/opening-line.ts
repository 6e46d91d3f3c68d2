/**
 * The shop's opening state in one line (the menu and the cart): apart from opening-hours.ts, whose rules and London
 * calendar the storefront's first load does not need; it reads only the status the server answered.
 */
import type { OrderingStatus } from './opening-hours';

/**
 * The shop's state in one short line, for the menu and the cart (before the customer fills a cart the shop cannot
 * take): 'Open until 23:15 · orders close at 23:00', 'Closed now · opens today at 14:00', or in the last 15
 * minutes 'Not taking orders now · opens tomorrow at 12:00'.
 */
export function openingStateLine(status: OrderingStatus): string {
  if (status.acceptingOrders) {
    const closes = status.closesAt ? `Open until ${status.closesAt}` : 'Open now';
    return status.ordersCloseAt ? `${closes} · orders close at ${status.ordersCloseAt}` : closes;
  }
  const state = status.open ? 'Not taking orders now' : 'Closed now';
  if (!status.opensAt) return state;
  return `${state} · opens ${status.opensDay ?? 'today'} at ${status.opensAt}`;
}
