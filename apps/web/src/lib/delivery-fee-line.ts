import type { OrderWire } from '@shop/shared/contract/orders';
import { deliveryFeeLine } from '@shop/shared/domain/delivery-fee-line';
import { formatPounds, wirePricePence } from '@shop/shared/domain/money';

/**
 * A placed order's delivery fee as its own line shows it ('£2.50'), between the subtotal and the total on the
 * customer's and the admin's order pages and the kitchen ticket; null for a collection or a free delivery
 * (domain/delivery-fee-line.ts).
 */
export function orderDeliveryFeeText(order: Pick<OrderWire, 'fulfilment' | 'deliveryFee'>): string | null {
  const fee = deliveryFeeLine({ fulfilment: order.fulfilment, deliveryFee: wirePricePence(order.deliveryFee) ?? 0 });
  return fee === null ? null : formatPounds(fee);
}
