import { describe, expect, it } from 'vitest';
import { formatWirePounds } from './money';

describe('formatWirePounds', () => {
  it.each([
    [20.48, '£20.48'],
    [1.5, '£1.50'],
    [0.1 + 0.2, '£0.30'],
    [0, '£0.00'],
    ['14.98', '£14.98'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%s pounds from the server shows as %j', (wire, text) => {
    expect(formatWirePounds(wire)).toBe(text);
  });
});
