import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { acceptMoneyLine, cancelMoneyLine, readyAtText, refusalOf } from './order-answer';

const card = (paymentStatus: 'authorised' | 'paid' | 'partially_refunded' | 'refunded' | 'released' | 'pending', refundedTotal = 0) =>
  ({ paymentType: 'Card', paymentStatus, totalPrice: 35.97, refundedTotal }) as const;
const cash = { paymentType: 'Cash', paymentStatus: 'unpaid', totalPrice: 35.97, refundedTotal: 0 } as const;

describe('the words of Accept and Reject', () => {
  it('gives the London time an accepted order arrives', () => {
    expect(readyAtText(new Date('2026-11-27T19:00:00Z'), 45)).toBe('19:45');
    // Summer time: London is an hour ahead of UTC.
    expect(readyAtText(new Date('2026-07-01T18:50:00Z'), 20)).toBe('20:10');
  });

  it.each([
    { order: card('authorised'), accept: 'The £35.97 held on the customer’s card is taken when you accept.' },
    { order: card('paid'), accept: null },
    { order: cash, accept: null },
  ])('accepting $order.paymentType $order.paymentStatus: $accept', ({ order, accept }) => {
    expect(acceptMoneyLine(order)).toBe(accept);
  });

  it.each([
    { order: card('authorised'), line: 'The £35.97 held on the customer’s card is released: nothing is charged.' },
    { order: card('paid'), line: 'The £35.97 taken is refunded to the customer’s card.' },
    { order: card('partially_refunded', 5.5), line: 'The £30.47 taken is refunded to the customer’s card.' },
    { order: card('refunded', 35.97), line: null },
    { order: card('released'), line: null },
    { order: card('pending'), line: null },
    { order: cash, line: null },
  ])('canceling $order.paymentType $order.paymentStatus: $line', ({ order, line }) => {
    expect(cancelMoneyLine(order)).toBe(line);
  });

  it('names a failed capture by its code, not its words', () => {
    const body = { statusCode: 422, error: 'Unprocessable Entity', message: 'Your card has expired', code: 'CAPTURE_FAILED' };
    expect(refusalOf(new ApiError(422, 'Your card has expired', body))).toEqual({
      title: 'The card could not be charged: the order is not accepted and still waits',
      message: 'Your card has expired',
    });
    const other = { ...body, code: 'INVALID_STATUS_CHANGE', message: 'The card could not be charged' };
    expect(refusalOf(new ApiError(409, 'The card could not be charged', other))).toEqual({
      title: null,
      message: 'The card could not be charged',
    });
  });
});
