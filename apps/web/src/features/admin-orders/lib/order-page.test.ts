import { describe, expect, it } from 'vitest';
import { canRetime, lateReadyInMinutes, londonDateTime, readRefund, refundLeft } from './order-page';

const at = (time: string) => new Date(`2026-11-27T${time}Z`);

describe('running late', () => {
  it.each([
    { name: 'expected in 15 min, +10: 25 min from now', expected: '19:45:00', now: '19:30:00', extra: 10, minutes: 25 },
    { name: 'expected in 15 min, +20: 35 min from now', expected: '19:45:00', now: '19:30:00', extra: 20, minutes: 35 },
    { name: 'seconds round up: the new time is never earlier than asked', expected: '19:45:00', now: '19:30:20', extra: 10, minutes: 25 },
    { name: 'the time has passed already: from now', expected: '19:20:00', now: '19:30:00', extra: 10, minutes: 10 },
    { name: 'never under the server’s 5 minutes', expected: '19:20:00', now: '19:30:00', extra: 2, minutes: 5 },
    { name: 'never over the server’s 240 minutes', expected: '23:55:00', now: '19:30:00', extra: 20, minutes: 240 },
  ])('$name', ({ expected, now, extra, minutes }) => {
    expect(lateReadyInMinutes(at(expected), at(now), extra)).toBe(minutes);
  });

  it.each([
    { status: 'Approved Order', expectedAt: '2026-11-27T19:45:00Z', yes: true },
    { status: 'On the way', expectedAt: '2026-11-27T19:45:00Z', yes: true },
    { status: 'Approved Order', expectedAt: null, yes: false },
    { status: 'Pending Order', expectedAt: null, yes: false },
    { status: 'Delivered Order', expectedAt: '2026-11-27T19:45:00Z', yes: false },
    { status: 'Canceled Order', expectedAt: '2026-11-27T19:45:00Z', yes: false },
  ] as const)('$status with $expectedAt can be re-timed: $yes', ({ status, expectedAt, yes }) => {
    expect(canRetime({ status, expectedAt })).toBe(yes);
  });
});

describe('the refund form', () => {
  const card = { paymentType: 'Card', totalPrice: 35.97 } as const;

  it.each([
    { paymentStatus: 'paid', refundedTotal: 0, left: 3597 },
    { paymentStatus: 'partially_refunded', refundedTotal: 5.5, left: 3047 },
    { paymentStatus: 'refunded', refundedTotal: 35.97, left: 0 },
    { paymentStatus: 'authorised', refundedTotal: 0, left: 0 },
    { paymentStatus: 'released', refundedTotal: 0, left: 0 },
  ] as const)('a card order $paymentStatus with £$refundedTotal refunded has $left p left', ({ paymentStatus, refundedTotal, left }) => {
    expect(refundLeft({ ...card, paymentStatus, refundedTotal })).toBe(left);
  });

  it('a cash order has nothing to refund', () => {
    expect(refundLeft({ paymentType: 'Cash', paymentStatus: 'paid', totalPrice: 20, refundedTotal: 0 })).toBe(0);
  });

  it.each([
    {
      amount: '4.50',
      reason: ' Garlic bread missing ',
      result: { request: { amount: 4.5, reason: 'Garlic bread missing' }, errors: null },
    },
    { amount: '£30.47', reason: 'Cold', result: { request: { amount: 30.47, reason: 'Cold' }, errors: null } },
    { amount: '30.48', reason: 'Cold', result: { request: null, errors: { amount: 'At most £30.47 is left to refund' } } },
    { amount: '0', reason: 'Cold', result: { request: null, errors: { amount: 'Enter an amount in pounds, such as 4.50' } } },
    { amount: '1.234', reason: 'Cold', result: { request: null, errors: { amount: 'Enter an amount in pounds, such as 4.50' } } },
    { amount: 'ten', reason: 'Cold', result: { request: null, errors: { amount: 'Enter an amount in pounds, such as 4.50' } } },
    { amount: '2', reason: '  ', result: { request: null, errors: { reason: 'Say why: the customer reads it' } } },
  ])('$amount for $reason', ({ amount, reason, result }) => {
    expect(readRefund({ amount, reason }, 3047)).toEqual(result);
  });

  it('writes a refund’s time as the order’s, in London', () => {
    expect(londonDateTime('2026-11-27T19:05:00.000Z')).toBe('27/11/2026 19:05');
    expect(londonDateTime('2026-07-01T19:05:00.000Z')).toBe('01/07/2026 20:05');
  });
});
