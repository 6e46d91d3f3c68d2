// What other modules and the infrastructure use of the kitchen (decision 0901): the opening status and the quote
// (orders: GET /api/opening-status, the default accept time), the refusals of an order for as soon as possible
// while paused and of a slot that is not free (placement), and the status's changes (realtime: `shop_status`).
export { currentQuote, pauseRefusal, readKitchen, readOpeningStatus, scheduleRefusal } from './service';
export { onShopStatusChanged } from './events';
