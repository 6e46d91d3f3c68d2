import { describe, expect, it } from 'vitest';
import { checkoutStep } from './checkout-target';

describe('Checkout', () => {
  it.each([
    ['£9.99 is refused', 999, true, { kind: 'refuse', reason: 'minimum' }],
    ['an empty cart is refused', 0, false, { kind: 'refuse', reason: 'minimum' }],
    ['£10.00 takes a signed-in user to /payment', 1000, true, { kind: 'pay', to: '/payment' }],
    [
      '£10.00 takes a visitor to /signin, from /payment',
      1000,
      false,
      { kind: 'signin', to: '/signin', state: { from: { pathname: '/payment' } } },
    ],
    ['no confirmed price is refused', null, true, { kind: 'refuse', reason: 'prices' }],
  ] as const)('%s', (_label, total, signedIn, step) => {
    expect(checkoutStep(total, signedIn)).toEqual(step);
  });
});
