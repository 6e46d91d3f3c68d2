import { describe, expect, it } from 'vitest';
import type { Fulfilment } from './fulfilment';
import type { OrderStatus } from './order-status';
import { statusLabel, statusSentence } from './status-label';

describe('statusLabel: what a person reads for a status', () => {
  it.each<[OrderStatus, Fulfilment, string]>([
    ['Pending Order', 'delivery', 'Pending Order'],
    ['Approved Order', 'delivery', 'Approved Order'],
    ['On the way', 'delivery', 'On the way'],
    ['Delivered Order', 'delivery', 'Delivered Order'],
    ['Canceled Order', 'delivery', 'Canceled Order'],
    ['Pending Order', 'collection', 'Pending Order'],
    ['Approved Order', 'collection', 'Approved Order'],
    ['On the way', 'collection', 'Ready to collect'],
    ['Delivered Order', 'collection', 'Collected'],
    ['Canceled Order', 'collection', 'Canceled Order'],
  ])('%s for a %s reads %s', (status, fulfilment, label) => {
    expect(statusLabel(status, fulfilment)).toBe(label);
  });

  it('an order without a fulfilment is a delivery', () => {
    expect(statusLabel('On the way')).toBe('On the way');
  });
});

describe('statusSentence: the customer notification of a status', () => {
  it.each<[OrderStatus, Fulfilment, string]>([
    ['Pending Order', 'delivery', 'Your order has been placed'],
    ['Approved Order', 'delivery', 'Your order has been approved'],
    ['On the way', 'delivery', 'Your order is on the way'],
    ['Delivered Order', 'delivery', 'Your order has been delivered'],
    ['Canceled Order', 'delivery', 'Your order has been canceled'],
    ['Pending Order', 'collection', 'Your order has been placed'],
    ['Approved Order', 'collection', 'Your order has been approved'],
    ['On the way', 'collection', 'Your order is ready to collect'],
    ['Delivered Order', 'collection', 'Your order has been collected'],
    ['Canceled Order', 'collection', 'Your order has been canceled'],
  ])('%s for a %s: %s', (status, fulfilment, sentence) => {
    expect(statusSentence(status, fulfilment)).toBe(sentence);
  });
});
