import type { OrderWire } from '@shop/shared/contract/orders';
import { formatPounds, wirePricePence } from '@shop/shared/domain/money';

/**
 * A placed order's driver tip as its own line shows it ('£2.00'), after the delivery fee on the customer's and the
 * admin's order pages, the tracking page and the kitchen ticket; null when the order has no tip (decision 1602).
 */
export function orderTipText(order: Pick<OrderWire, 'tip'>): string | null {
  const tip = wirePricePence(order.tip) ?? 0;
  return tip > 0 ? formatPounds(tip) : null;
}
