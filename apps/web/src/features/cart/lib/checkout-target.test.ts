import { describe, expect, it } from 'vitest';
import { checkoutStep } from './checkout-target';

describe('Checkout', () => {
  it.each([
    ['£9.99 is refused', 999, { kind: 'refuse', reason: 'minimum' }],
    ['an empty cart is refused', 0, { kind: 'refuse', reason: 'minimum' }],
    ['£10.00 goes to /payment, which offers a visitor Sign in or Continue as guest', 1000, { kind: 'pay', to: '/payment' }],
    ['no confirmed price is refused', null, { kind: 'refuse', reason: 'prices' }],
  ] as const)('%s', (_label, total, step) => {
    expect(checkoutStep(total)).toEqual(step);
  });
});
