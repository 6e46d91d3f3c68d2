// What other modules and the infrastructure use of orders: the status changes of a customer's placed orders
// (their notification feed), which orders the shop sees and when (the back office's figures), the events of orders as they commit and who may hear about an order (realtime).
export { onOrderPlaced, onOrderStatusChanged, type OrderPlacedEvent, type OrderStatusChangedEvent } from './events';
export { listStatusChangesOf, maySeeOrder, placedInPeriod, placedOrderCondition } from './reads';
