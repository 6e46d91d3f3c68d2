import { describe, expect, it } from 'vitest';
import { canonicalPhone, formatPhone } from './phone';

describe('canonicalPhone', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['447700900123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['(07700) 900-123', '+447700900123'],
    ['  07700900123 ', '+447700900123'],
    ['020 7946 0018', '+442079460018'],
    ['+1 415 555 2671', '+14155552671'],
  ])('%s is %s', (typed, canonical) => {
    expect(canonicalPhone(typed)).toBe(canonical);
  });

  it.each(['', '12345', 'call me', '07700 9OO123', '+44 7700 900123 ext 4', '0770090012345678'])('%j is not a phone number', (typed) => {
    expect(canonicalPhone(typed)).toBeNull();
  });
});

describe('formatPhone', () => {
  it.each([
    ['+447700900123', '07700 900123'],
    ['+442079460018', '020 7946 0018'],
    ['+14155552671', '+1 415 555 2671'],
  ])('%s shows as %s', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });
});
