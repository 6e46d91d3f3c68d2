import { describe, expect, it } from 'vitest';
import { displayOrderId } from './order-id';

describe('displayOrderId', () => {
  it.each([
    ['0123456789abcdef01a1b2c3', 'a1b2c3'],
    ['0123456789abcdef012', '2'],
    ['0123456789abcdef01', '0123456789abcdef01'],
    ['short', 'short'],
    ['', ''],
  ])('%s → %s', (id, shown) => {
    expect(displayOrderId(id)).toBe(shown);
  });
});
