/**
 * How an order reaches the customer (issue 22 point 3): delivered to an address, or collected from the shop.
 * Both order routes take `fulfilment`; an order without it is a delivery, as every order was before.
 */
export const FULFILMENTS = ['delivery', 'collection'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];
