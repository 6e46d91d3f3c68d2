import { describe, expect, it } from 'vitest';
import { statusMenuOptions } from './status-menu';

const offered = (status: Parameters<typeof statusMenuOptions>[0]) =>
  statusMenuOptions(status)
    .filter((option) => !option.disabled)
    .map((option) => option.label);

describe('the status menu', () => {
  it('always lists the four statuses an admin sets, in the spec order; approving asks when, canceling asks why', () => {
    const options = statusMenuOptions('Pending Order');
    expect(options.map((option) => option.label)).toEqual(['Approved Order', 'On the way', 'Delivered Order', 'Canceled Order']);
    expect(options.map((option) => option.ask)).toEqual(['accept', null, null, 'cancel']);
  });

  it('offers what the server accepts: forward along the steps, or cancel before delivery', () => {
    expect(offered('Pending Order')).toEqual(['Approved Order', 'On the way', 'Delivered Order', 'Canceled Order']);
    expect(offered('Approved Order')).toEqual(['On the way', 'Delivered Order', 'Canceled Order']);
    expect(offered('On the way')).toEqual(['Delivered Order', 'Canceled Order']);
  });

  it('offers nothing for a delivered or canceled order, and says why in the server’s words', () => {
    expect(offered('Delivered Order')).toEqual([]);
    expect(offered('Canceled Order')).toEqual([]);
    const approved = statusMenuOptions('Canceled Order').find((option) => option.status === 'Approved Order');
    expect(approved?.reason).toBe('The order is canceled and can no longer change');
    const back = statusMenuOptions('On the way').find((option) => option.status === 'Approved Order');
    expect(back?.reason).toBe('An order that is On the way cannot go back to Approved Order');
  });
});
