/**
 * The minimum order: the owner sets one for delivery and one for collection (pence, of the food
 * before any delivery fee); the default is the spec's £10 for both. A delivery zone's own minimum (decision 1001)
 * stays on top: the larger of the two applies.
 */
import type { Fulfilment } from './fulfilment';
import { formatPounds, MIN_ORDER_PENCE } from './money';

/** Pence per fulfilment. */
export type MinimumOrders = { delivery: number; collection: number };

export const DEFAULT_MINIMUM_ORDERS: MinimumOrders = { delivery: MIN_ORDER_PENCE, collection: MIN_ORDER_PENCE };

/** The largest minimum the owner may set (£1,000: an order's own ceiling is far below any sensible shop's). */
export const MAX_MINIMUM_ORDER_PENCE = 100_000;

/** The minimum an order of `fulfilment` must reach: the shop's for it, or the zone's when that is larger. */
export function minimumOrderFor(minimums: MinimumOrders, fulfilment: Fulfilment, zoneMinimum = 0): number {
  return Math.max(minimums[fulfilment], fulfilment === 'delivery' ? zoneMinimum : 0);
}

/** The least any order must reach (the cart, before the customer chose delivery or collection). */
export function lowestMinimum(minimums: MinimumOrders): number {
  return Math.min(minimums.delivery, minimums.collection);
}

/** The refusal's words, as the spec writes them for £10: 'Minimum order amount is £10.00'. */
export function minimumOrderMessage(pence: number): string {
  return `Minimum order amount is ${formatPounds(pence)}`;
}
