import type { Fulfilment } from './fulfilment';

/**
 * The delivery fee an order shows as its own line between its subtotal and its total once it is placed (issue 22
 * points 2 and 4, decision 1001): the receipt e-mail, the customer's and the admin's order pages and the kitchen
 * ticket. Pence, or null when there is no line to show: a collection, a free delivery, or an order placed before
 * the shop charged for delivery. Its subtotal plus this fee is its total.
 */
export function deliveryFeeLine(order: { fulfilment: Fulfilment; deliveryFee: number }): number | null {
  return order.fulfilment === 'delivery' && order.deliveryFee > 0 ? order.deliveryFee : null;
}
