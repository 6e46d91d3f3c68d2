// What other modules and the infrastructure use of orders. The orders module alone writes the orders and their
// status history: the others ask through here.
// - The status changes of a customer's placed orders (their notification feed), writing past orders (the demo
//   data), which orders the shop sees and when (the back office's figures), the events of orders as they commit and
//   who may hear about an order (realtime), and the order timers the app starts.
export {
  emitOrderPlaced,
  emitOrderStatusChanged,
  onOrderPlaced,
  onOrderStatusChanged,
  type OrderChangeKind,
  type OrderPlacedEvent,
  type OrderStatusChangedEvent,
} from './events';
export {
  findTrackedOrder,
  listStatusChangesOf,
  maySeeOrder,
  placedInPeriod,
  placedOrderCondition,
  readTrackedOrder,
  trackingPath,
  TRACKING_NOT_FOUND,
  type DeliveryProgressReader,
} from './reads';
export { writePastOrder, type PastOrder } from './past-orders';
export { runOrderTimers, startOrderTimers, type OrderTimersRun } from './timers';
export type { OrderMoney } from './status';
// Dispatch: the kitchen's "ready to go", and the driver's picked up and delivered, which move the order as a staff
// change does (history, the customer told, the stamp card), with the run's own rows in the same transaction.
export { markReady, updateOrderStatus, type OrderContext, type StatusChange } from './status';
// The printers draw a ticket from the order's wire shape.
export { toOrderWire, toRefundWire } from './wire';
// The payments module: a card order's start (priced and checked here, its intent opened there), its routes' shared
// request helpers, and the money columns and the placing of a paid card order, which it decides and asks for.
export {
  awaitingPaymentOf,
  placeStaffOrder,
  recordCardOrder,
  type CardOrderAwaitingPayment,
  type CardOrderRequest,
  type OrderRequest,
  type PlacedOrder,
  type StaffOrder,
} from './placement';
export { customerOrGuest, GUEST_NOTE, IDEMPOTENCY_NOTE, orderId } from './routes';
export { confirmCardOrder, writeOrderMoney, type CardOrderConfirmation, type OrderMoneyChange } from './order-money';
// Account deletion: the customer's orders kept without who they were for.
export { anonymiseOrdersOf, hasOpenOrders } from './customer-orders';
