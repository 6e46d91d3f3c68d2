import type { Fulfilment } from './fulfilment';
import type { OrderStatus } from './order-status';

/**
 * The words a person reads for an order's status (issue 22, decision 1005). The stored values stay the spec's wire
 * names; a collection never goes 'On the way', so for a collection that status reads 'Ready to collect' and
 * 'Delivered Order' reads 'Collected' (as Deliveroo's and Uber's tablets say "Ready for pickup", Square "Ready").
 * Every screen and mail that shows a status to the admin or the customer says it through this function.
 */
export function statusLabel(status: OrderStatus, fulfilment: Fulfilment = 'delivery'): string {
  if (fulfilment === 'collection') {
    if (status === 'On the way') return 'Ready to collect';
    if (status === 'Delivered Order') return 'Collected';
  }
  return status;
}

const DELIVERY_SENTENCES: Record<OrderStatus, string> = {
  'Pending Order': 'Your order has been placed',
  'Approved Order': 'Your order has been approved',
  'On the way': 'Your order is on the way',
  'Delivered Order': 'Your order has been delivered',
  'Canceled Order': 'Your order has been canceled',
};

/** The customer's notification of a status ('Your order is ready to collect'), by how the order reaches them. */
export function statusSentence(status: OrderStatus, fulfilment: Fulfilment = 'delivery'): string {
  if (fulfilment === 'collection') {
    if (status === 'On the way') return 'Your order is ready to collect';
    if (status === 'Delivered Order') return 'Your order has been collected';
  }
  return DELIVERY_SENTENCES[status];
}
