// What other modules and the infrastructure use of orders: the status changes of a customer's placed orders
// (their notification feed), writing past orders (the demo data), which orders the shop sees and when (the back office's figures), the events of orders as they commit and who may hear about an order (realtime), and the order timers the app starts.
export { onOrderPlaced, onOrderStatusChanged, type OrderChangeKind, type OrderPlacedEvent, type OrderStatusChangedEvent } from './events';
export { listStatusChangesOf, maySeeOrder, placedInPeriod, placedOrderCondition } from './reads';
export { writePastOrder, type PastOrder } from './past-orders';
export { runOrderTimers, startOrderTimers, type OrderTimersRun } from './timers';
// The printers (issue 24) draw a ticket from the order's wire shape.
export { toOrderWire } from './wire';
