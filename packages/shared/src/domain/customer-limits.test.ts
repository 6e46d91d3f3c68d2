import { describe, expect, it } from 'vitest';
import { CUSTOMER_LIMITS, mayAddAddress, mayStartOrder } from './customer-limits';

describe('customer limits', () => {
  it('are far above a real customer: 20 orders an hour, 50 a day, 20 addresses', () => {
    expect(CUSTOMER_LIMITS).toEqual({ ordersPerHour: 20, ordersPerDay: 50, addresses: 20 });
  });

  it.each([
    [{ lastHour: 0, lastDay: 0 }, true],
    [{ lastHour: 19, lastDay: 19 }, true],
    [{ lastHour: 20, lastDay: 20 }, false],
    [{ lastHour: 5, lastDay: 49 }, true],
    [{ lastHour: 5, lastDay: 50 }, false],
    [{ lastHour: 21, lastDay: 30 }, false],
  ])('an order after %j: %s', (recent, allowed) => {
    expect(mayStartOrder(recent)).toBe(allowed);
  });

  it('widens both order limits by the multiplier of test and load environments', () => {
    expect(mayStartOrder({ lastHour: 20, lastDay: 20 }, 10)).toBe(true);
    expect(mayStartOrder({ lastHour: 199, lastDay: 499 }, 10)).toBe(true);
    expect(mayStartOrder({ lastHour: 200, lastDay: 200 }, 10)).toBe(false);
    expect(mayStartOrder({ lastHour: 5, lastDay: 500 }, 10)).toBe(false);
  });

  it.each([
    [0, true],
    [19, true],
    [20, false],
    [300, false],
  ])('an address after %i saved: %s', (saved, allowed) => {
    expect(mayAddAddress(saved)).toBe(allowed);
  });
});
