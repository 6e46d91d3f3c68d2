import { describe, expect, it } from 'vitest';
import { dayText, money, poundsField } from './cash-up-text';

describe('the cash-up screens’ words', () => {
  it.each([
    { text: '45.5', want: { pounds: 45.5 } },
    { text: '£20', want: { pounds: 20 } },
    { text: ' 0 ', want: { pounds: 0 } },
    { text: '4.555', want: { error: 'Enter the cash handed in in pounds, such as 45.50' } },
    { text: '', want: { error: 'Enter the cash handed in in pounds, such as 45.50' } },
    { text: '-1', want: { error: 'Enter the cash handed in in pounds, such as 45.50' } },
  ])('poundsField($text)', ({ text, want }) => {
    expect(poundsField(text, 'the cash handed in')).toEqual(want);
  });

  it('writes pounds and days as people read them', () => {
    expect(money(2.5)).toBe('£2.50');
    expect(money(0.29)).toBe('£0.29');
    expect(dayText('2026-12-31')).toBe('31/12/2026');
  });
});
