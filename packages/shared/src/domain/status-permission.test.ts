import { describe, expect, it } from 'vitest';
import { can } from './roles';
import { statusChangePermission } from './status-permission';

describe('statusChangePermission', () => {
  it.each([
    ['Pending Order', 'Approved Order', 'acceptReject'],
    ['Pending Order', 'Canceled Order', 'acceptReject'],
    ['Approved Order', 'Canceled Order', 'cancel'],
    ['On the way', 'Canceled Order', 'cancel'],
    ['Approved Order', 'On the way', 'orderStatus'],
    ['On the way', 'Delivered Order', 'orderStatus'],
    ['Approved Order', undefined, 'orderStatus'],
  ] as const)('%s to %s asks for %s', (from, to, permission) => {
    expect(statusChangePermission(from, to)).toBe(permission);
  });

  it('lets the kitchen move an accepted order on but not answer or cancel one', () => {
    expect(can('kitchen', statusChangePermission('Approved Order', 'On the way'))).toBe(true);
    expect(can('kitchen', statusChangePermission('Pending Order', 'Approved Order'))).toBe(false);
    expect(can('kitchen', statusChangePermission('Approved Order', 'Canceled Order'))).toBe(false);
    expect(can('counter', statusChangePermission('Approved Order', 'Canceled Order'))).toBe(true);
  });
});
