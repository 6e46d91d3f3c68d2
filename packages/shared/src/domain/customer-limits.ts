/**
 * Limits per customer account, set far above what any real customer reaches (a family orders a few times a week and
 * keeps a handful of addresses), so that one account cannot fill the shop's tables or its kitchen's screen: one
 * customer once placed 200 fifty-line orders and saved 300 addresses in 2 seconds. The server applies them; staff
 * can still take larger or more frequent orders by phone.
 */
export const CUSTOMER_LIMITS = {
  /** Orders (cash or card, whatever became of them) started in any 60 minutes, by the shop's clock. */
  ordersPerHour: 20,
  /** Orders started in any 24 hours. */
  ordersPerDay: 50,
  /** Saved delivery addresses of one account. */
  addresses: 20,
} as const;

export const ORDER_LIMIT_REACHED = 'You have placed a great many orders in a short time. To order more now, please call the shop.';

export const ADDRESS_LIMIT_REACHED = `An account keeps at most ${CUSTOMER_LIMITS.addresses} addresses: delete one you no longer use to add another.`;

/**
 * Whether one more order may be started, given how many the customer started in the last hour and the last 24 hours.
 * `multiplier` widens both limits for test and load environments (the server's RATE_LIMIT_MULTIPLIER; 1 in a shop).
 */
export function mayStartOrder(recent: { lastHour: number; lastDay: number }, multiplier = 1): boolean {
  return recent.lastHour < CUSTOMER_LIMITS.ordersPerHour * multiplier && recent.lastDay < CUSTOMER_LIMITS.ordersPerDay * multiplier;
}

/** Whether one more address may be saved, given how many the account has. */
export function mayAddAddress(saved: number): boolean {
  return saved < CUSTOMER_LIMITS.addresses;
}
