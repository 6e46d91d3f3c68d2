// What other modules and the infrastructure use of dispatch: a delivery's progress (the tracker), the stops a driver
// delivered in a day (the cash-up), and the deliveries' changes as they commit (realtime).
export { deliveryProgressOf } from './progress';
export { onDeliveryChanged, type DeliveryChangedEvent } from './events';
