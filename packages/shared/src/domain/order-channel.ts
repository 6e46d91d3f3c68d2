/**
 * How an order reached the shop: the website by a signed-in customer or a guest, or taken by the staff from a
 * caller or a walk-in. Every channel goes through the one placement and onto the one board, where the staff
 * channels carry a badge.
 */
export const ORDER_CHANNELS = ['web', 'guest', 'phone', 'counter'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** The channels the staff take an order through (`POST /api/staff/orders`). */
export const STAFF_CHANNELS = ['phone', 'counter'] as const;
export type StaffChannel = (typeof STAFF_CHANNELS)[number];

/** The board's badge for a channel; null for the website's own orders, which are the usual case. */
export function channelBadge(channel: OrderChannel): string | null {
  return channel === 'phone' ? 'PHONE' : channel === 'counter' ? 'COUNTER' : channel === 'guest' ? 'GUEST' : null;
}

/**
 * How a staff-taken order is paid: cash when it is handed over, already paid at the counter (cash or the card
 * terminal, recorded), or a card payment link sent to the customer, which holds the card as the storefront does.
 */
export const STAFF_PAYMENTS = ['cash', 'paid-at-counter', 'payment-link'] as const;
export type StaffPayment = (typeof STAFF_PAYMENTS)[number];

/** What paid at the counter: the till's cash or the card terminal. */
export const COUNTER_TENDERS = ['cash', 'card'] as const;
export type CounterTender = (typeof COUNTER_TENDERS)[number];
