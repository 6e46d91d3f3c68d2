// What other modules and the app use of payments: the provider in use and what the browser needs to know of it,
// hearing when a card order is paid, and what an order's status change does to its money (handed to the orders
// module by app.ts as `orderMoney`).
export { onCardOrderPaid } from './payment-events';
export { cardPaymentProvider, paymentConfig, paymentProvider, type PaymentProvider } from './provider';
export { onPaymentChanged, orderMoneyOf, type CaptureOutcome, type PaymentChangedEvent } from './money';
export { openOrderPayment } from './checkout';
