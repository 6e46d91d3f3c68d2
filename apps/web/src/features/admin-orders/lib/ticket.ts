import type { OrderWire } from '@shop/shared/contract/orders';
import { formatPounds, wirePricePence } from '@shop/shared/domain/money';
import { CAPTURED_STATUSES } from '@shop/shared/domain/payment-types';

/**
 * The payment line of the kitchen ticket, in capitals for the driver: 'PAID' for a card order whose money was taken
 * (a part refunded since included), 'PAID (cash)' for cash taken at the counter, 'CASH TO COLLECT £23.50' for a cash order, and a warning for a card order not
 * (yet) paid, which the shop should not send out.
 */
export function ticketPaymentLine(order: Pick<OrderWire, 'paymentType' | 'paymentStatus' | 'totalPrice'>): string {
  // Cash already taken at the counter: nothing to collect.
  if (order.paymentType === 'Cash' && order.paymentStatus === 'paid') return 'PAID (cash)';
  if (order.paymentType === 'Cash') return `CASH TO COLLECT ${formatPounds(wirePricePence(order.totalPrice) ?? 0)}`;
  return CAPTURED_STATUSES.includes(order.paymentStatus) ? 'PAID' : 'CARD PAYMENT NOT CONFIRMED';
}

/** The address as the ticket and the address card print it, one line each, blanks left out. */
export function addressLines(address: OrderWire['address']): string[] {
  const name = [address.firstname, address.lastname].filter(Boolean).join(' ');
  return [name, address.address, address.address2, [address.city, address.postcode].filter(Boolean).join(' ')]
    .map((line) => (line ?? '').trim())
    .filter((line) => line !== '');
}
