import type { OrderUpdateEvent } from '@shop/shared/contract/order-updates';
import { shopDateTime } from '@shop/shared/domain/dates';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { displayOrderId } from '@shop/shared/domain/order-id';

/** What an update says of its order. */
export interface UpdateFacts {
  orderId: string;
  fulfilment: Fulfilment;
  expectedAt: Date | null;
  shopName: string;
  trackingUrl: string;
}

/** The one sentence an update says, by event and how the order reaches the customer. */
function sentence(event: OrderUpdateEvent, facts: UpdateFacts): string {
  const expected = facts.expectedAt ? `, expected at ${shopDateTime(facts.expectedAt).time}` : '';
  const number = displayOrderId(facts.orderId);
  if (event === 'accepted') return `Your order ${number} is accepted${expected}.`;
  if (event === 'on-the-way')
    return facts.fulfilment === 'collection' ? `Your order ${number} is ready to collect.` : `Your order ${number} is on its way.`;
  return facts.fulfilment === 'collection'
    ? `Your order ${number} has been collected. Enjoy!`
    : `Your order ${number} has been delivered. Enjoy!`;
}

/** A notification's title and text, and the page a tap opens: the order's tracking page. */
export function pushPayload(event: OrderUpdateEvent, facts: UpdateFacts): { title: string; body: string; url: string; tag: string } {
  return { title: facts.shopName, body: sentence(event, facts), url: facts.trackingUrl, tag: `order-${facts.orderId}` };
}

/** A short transactional text: the shop's name, what happened, and the tracking link while there is more to follow. */
export function smsText(event: OrderUpdateEvent, facts: UpdateFacts): string {
  const follow = event === 'delivered' ? '' : ` Follow it: ${facts.trackingUrl}`;
  return `${facts.shopName}: ${sentence(event, facts)}${follow}`;
}
