import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './order-status';
import { paymentLine, staffPaymentLine, type PaymentLineInput } from './payment-line';
import { PAYMENT_STATUSES } from './payment-types';

describe('paymentLine: the payment line moves with the order', () => {
  it.each<[PaymentLineInput['paymentType'], PaymentLineInput['paymentStatus'], PaymentLineInput['status'], string]>([
    ['Cash', 'unpaid', 'Pending Order', 'To be paid on delivery'],
    ['Cash', 'unpaid', 'Approved Order', 'To be paid on delivery'],
    ['Cash', 'unpaid', 'On the way', 'To be paid on delivery'],
    ['Cash', 'unpaid', 'Delivered Order', 'Paid in cash'],
    ['Cash', 'unpaid', 'Canceled Order', 'Not paid (order canceled)'],
    ['Cash', 'paid', 'Delivered Order', 'Paid in cash'],
    ['Card', 'pending', 'Pending Order', 'Waiting for the card payment'],
    ['Card', 'failed', 'Pending Order', 'Card payment failed'],
    ['Card', 'paid', 'Pending Order', 'Paid by card'],
    ['Card', 'paid', 'On the way', 'Paid by card'],
    ['Card', 'paid', 'Delivered Order', 'Paid by card'],
    ['Card', 'paid', 'Canceled Order', 'Paid by card'],
    ['Card', 'unpaid', 'Pending Order', 'Not paid'],
  ])('%s, payment %s, order %s: %s', (paymentType, paymentStatus, status, expected) => {
    expect(paymentLine({ paymentType, paymentStatus, status })).toBe(expected);
  });

  it('never says a delivered cash order is still to be paid, whatever its stored payment status', () => {
    for (const paymentStatus of PAYMENT_STATUSES)
      expect(paymentLine({ paymentType: 'Cash', paymentStatus, status: 'Delivered Order' })).toBe('Paid in cash');
    for (const status of ORDER_STATUSES)
      expect(paymentLine({ paymentType: 'Cash', paymentStatus: 'unpaid', status })).toBe(
        status === 'Delivered Order'
          ? 'Paid in cash'
          : status === 'Canceled Order'
            ? 'Not paid (order canceled)'
            : 'To be paid on delivery',
      );
  });

  it('a collection’s cash is to be paid on collection, then paid in cash; a card is the same either way (decision 1003)', () => {
    const cash = { paymentType: 'Cash', paymentStatus: 'unpaid', fulfilment: 'collection' } as const;
    expect(paymentLine({ ...cash, status: 'Pending Order' })).toBe('To be paid on collection');
    expect(paymentLine({ ...cash, status: 'Approved Order' })).toBe('To be paid on collection');
    expect(paymentLine({ ...cash, status: 'Delivered Order' })).toBe('Paid in cash');
    expect(paymentLine({ ...cash, status: 'Canceled Order' })).toBe('Not paid (order canceled)');
    expect(paymentLine({ ...cash, fulfilment: 'delivery', status: 'Pending Order' })).toBe('To be paid on delivery');
    expect(paymentLine({ paymentType: 'Card', paymentStatus: 'paid', status: 'Pending Order', fulfilment: 'collection' })).toBe(
      'Paid by card',
    );
  });
});

describe('staffPaymentLine: the back office speaks of the customer, not to them', () => {
  it.each<[PaymentLineInput, string]>([
    [
      { paymentType: 'Card', paymentStatus: 'refunded', status: 'Canceled Order', refundedTotal: 18.99 },
      'Refunded £18.99 to the customer’s card',
    ],
    [
      { paymentType: 'Card', paymentStatus: 'partially_refunded', status: 'Delivered Order', refundedTotal: 4.5 },
      'Paid by card, £4.50 refunded to the customer’s card',
    ],
    [
      { paymentType: 'Card', paymentStatus: 'released', status: 'Canceled Order' },
      'Not charged: the hold on the customer’s card was released',
    ],
    [{ paymentType: 'Card', paymentStatus: 'authorised', status: 'Pending Order' }, 'Card payment held: taken only when the shop accepts'],
    [{ paymentType: 'Card', paymentStatus: 'paid', status: 'Approved Order' }, 'Paid by card'],
    [{ paymentType: 'Cash', paymentStatus: 'unpaid', status: 'Approved Order' }, 'To be paid on delivery'],
  ])('%j: %s', (input, words) => {
    const line = staffPaymentLine(input);
    expect(line).toBe(words);
    expect(line).not.toMatch(/\byour\b/i);
  });
});
