import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../test/shop-settings-fixture';
import { changedDrivers, driversDraftOf, readDriversDraft } from './drivers-form';

const MINUTES = { unassignedWarnMinutes: '10', lateDeliveryWarnMinutes: '15' };
const PAY_ERROR = 'Enter an amount in pounds from 0 to 100, such as 1.50';
const MINUTES_ERROR = 'Enter whole minutes from 0 (no warning) to 240';

describe('the drivers’ settings form: pay per drop and the watchdog’s minutes', () => {
  it.each([
    {
      draft: { payPerDrop: '1.5', ...MINUTES },
      want: { settings: { payPerDrop: 1.5, unassignedWarnMinutes: 10, lateDeliveryWarnMinutes: 15 }, errors: null },
    },
    {
      draft: { payPerDrop: '£2', ...MINUTES },
      want: { settings: { payPerDrop: 2, unassignedWarnMinutes: 10, lateDeliveryWarnMinutes: 15 }, errors: null },
    },
    {
      draft: { payPerDrop: '0', unassignedWarnMinutes: '0', lateDeliveryWarnMinutes: '240' },
      want: { settings: { payPerDrop: 0, unassignedWarnMinutes: 0, lateDeliveryWarnMinutes: 240 }, errors: null },
    },
    { draft: { payPerDrop: '1.505', ...MINUTES }, want: { settings: null, errors: { payPerDrop: PAY_ERROR } } },
    { draft: { payPerDrop: '101', ...MINUTES }, want: { settings: null, errors: { payPerDrop: PAY_ERROR } } },
    {
      draft: { payPerDrop: '1', unassignedWarnMinutes: '7.5', lateDeliveryWarnMinutes: '241' },
      want: { settings: null, errors: { unassignedWarnMinutes: MINUTES_ERROR, lateDeliveryWarnMinutes: MINUTES_ERROR } },
    },
  ])('reads $draft', ({ draft, want }) => {
    expect(readDriversDraft(draft)).toEqual(want);
  });

  it('starts from the saved settings and sends only what changed', () => {
    const saved = { ...DEFAULT_SETTINGS, payPerDrop: 1.5 };
    expect(driversDraftOf(saved)).toEqual({ payPerDrop: '1.50', ...MINUTES });
    expect(changedDrivers(saved, { payPerDrop: 1.5, unassignedWarnMinutes: 10, lateDeliveryWarnMinutes: 15 })).toBeNull();
    expect(changedDrivers(saved, { payPerDrop: 1.5, unassignedWarnMinutes: 5, lateDeliveryWarnMinutes: 15 })).toEqual({
      unassignedWarnMinutes: 5,
    });
  });
});
