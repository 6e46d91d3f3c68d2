// What other modules use of payments: the provider in use and what the browser needs to know of it, opening a
// card order's payment intent, and hearing when a card order is paid (orders passes it on as a placed order).
export { onCardOrderPaid } from './payment-events';
export { openPaymentIntent } from './intents';
export { cardPaymentProvider, paymentConfig, paymentProvider, type PaymentProvider } from './provider';
export {
  captureOrderPayment,
  listRefunds,
  onPaymentChanged,
  refundOrderPayment,
  settleCanceledOrderMoney,
  settleOutstandingMoney,
  type CaptureOutcome,
  type PaymentChangedEvent,
} from './money';
