import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../test/shop-settings-fixture';
import { changedDriversPay, driversPayDraftOf, readDriversPayDraft } from './drivers-pay-form';

describe('the drivers’ pay per drop form', () => {
  it.each([
    { text: '1.5', want: { settings: { payPerDrop: 1.5 }, errors: null } },
    { text: '£2', want: { settings: { payPerDrop: 2 }, errors: null } },
    { text: '0', want: { settings: { payPerDrop: 0 }, errors: null } },
    { text: '1.505', want: { settings: null, errors: { payPerDrop: 'Enter an amount in pounds from 0 to 100, such as 1.50' } } },
    { text: '101', want: { settings: null, errors: { payPerDrop: 'Enter an amount in pounds from 0 to 100, such as 1.50' } } },
  ])('reads $text', ({ text, want }) => {
    expect(readDriversPayDraft({ payPerDrop: text })).toEqual(want);
  });

  it('starts from the saved rate and sends it only when changed', () => {
    expect(driversPayDraftOf({ ...DEFAULT_SETTINGS, payPerDrop: 1.5 })).toEqual({ payPerDrop: '1.50' });
    expect(changedDriversPay({ ...DEFAULT_SETTINGS, payPerDrop: 1.5 }, { payPerDrop: 1.5 })).toBeNull();
    expect(changedDriversPay(DEFAULT_SETTINGS, { payPerDrop: 1.5 })).toEqual({ payPerDrop: 1.5 });
  });
});
