/**
 * The driver's tip (decision 1602). A delivery order may carry one, chosen by the customer at checkout and never
 * pre-selected; it is charged, held and captured with the order, and the driver gets all of it: the shop keeps no
 * part and deducts no card fee (Employment (Allocation of Tips) Act 2023). Integer pence.
 */
import { formatPounds } from './money';

/**
 * The amounts the checkout offers, pence: fixed sums as the delivery apps offer them, not a percentage of the food,
 * so a tip never depends on what was ordered and never needs rounding. The customer may type any other amount.
 */
export const TIP_PRESETS: readonly number[] = [100, 200, 300];

/** The tip's line on a receipt, a ticket and an order page. */
export const TIP_LINE_LABEL = 'Driver tip';

/** '100% goes to your driver': what the chooser promises, the policy's first rule. */
export const TIP_PROMISE = '100% goes to your driver';

/** The tip's line as text ('Driver tip: £2.00'), or null when the order has none. */
export function tipLine(tip: number): string | null {
  return tip > 0 ? `${TIP_LINE_LABEL}: ${formatPounds(tip)}` : null;
}

/** What of an order's money matters to its tip, pence: its total (the tip included), its tip and what was refunded. */
export interface TipMoney {
  total: number;
  tip: number;
  refundedTotal: number;
}

/**
 * How much of the tip has been refunded. A refund gives back the food and the delivery first and the tip last: the
 * driver delivered the order, so a partial refund (a missing drink, a cold pizza) leaves the tip to the driver; only
 * a refund of the whole order (a cancellation after capture, or refunds adding up to the total) gives the tip back.
 */
export function tipRefunded(order: TipMoney): number {
  const beforeTip = order.total - order.tip;
  return Math.min(order.tip, Math.max(0, order.refundedTotal - beforeTip));
}

/** The driver's tip of an order: its tip less any of it refunded. What the driver is paid, in full. */
export function driverTip(order: TipMoney): number {
  return order.tip - tipRefunded(order);
}

/**
 * The shop's tipping policy while the owner has written none: what the law asks of it (all tips to the workers in
 * full, paid by the end of the following month, records kept three years, a worker may ask for theirs).
 */
export const DEFAULT_TIPPING_POLICY = [
  'Tipping policy',
  '',
  'Tips are always optional. On a delivery order you may add a tip for the driver at checkout; nothing is chosen for you.',
  '',
  'All of every tip goes to the driver who delivered the order, in full. The shop keeps no part of it and makes no deduction, card fees included.',
  '',
  'Tips are paid to the driver with their wages, no later than the end of the month after the one in which the tip was paid.',
  '',
  'If the whole order is refunded, the tip is refunded with it. A partial refund is taken from the food and delivery first, so the driver keeps the tip.',
  '',
  'The shop keeps a record of every tip and who received it for three years. A worker may ask in writing for the record of their own tips and will receive it within four weeks.',
].join('\n');

/** The longest policy the owner may write, characters. */
export const MAX_TIPPING_POLICY_LENGTH = 5000;
