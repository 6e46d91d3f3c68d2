import { describe, expect, it } from 'vitest';
import { can, isStaffRole, mayRefund, PERMISSIONS, statusChangePermission, type Permission, type Role } from './roles';

// Every role against every permission: a change to the table shows here as a changed row.
const TABLE: Record<Role, Permission[]> = {
  customer: [],
  owner: [...PERMISSIONS],
  manager: PERMISSIONS.filter((p) => p !== 'staff' && p !== 'paymentSettings'),
  counter: ['board', 'orderStatus', 'acceptReject', 'cancel', 'takeOrders', 'refund', 'soldOut', 'reprint', 'dispatch'],
  kitchen: ['board', 'orderStatus', 'soldOut', 'reprint'],
  driver: ['ownDeliveries'],
};

describe('can', () => {
  for (const [role, allowed] of Object.entries(TABLE)) {
    for (const permission of PERMISSIONS) {
      const expected = allowed.includes(permission);
      it(`${role} ${expected ? 'may' : 'may not'} ${permission}`, () => {
        expect(can(role, permission)).toBe(expected);
      });
    }
  }

  it.each([['admin'], [''], [null], [undefined], ['OWNER']])('an unknown role %j may do nothing', (role) => {
    for (const permission of PERMISSIONS) expect(can(role, permission)).toBe(false);
  });
});

describe('isStaffRole', () => {
  it.each([
    ['owner', true],
    ['manager', true],
    ['counter', true],
    ['kitchen', true],
    ['driver', true],
    ['customer', false],
    ['admin', false],
    [null, false],
  ])('%j is staff: %s', (role, expected) => {
    expect(isStaffRole(role)).toBe(expected);
  });
});

describe('mayRefund', () => {
  it.each([
    // role, amount, already refunded, limit, answer
    ['owner', 5000, 0, 500, { ok: true }],
    ['manager', 5000, 1000, 500, { ok: true }],
    ['counter', 500, 0, 500, { ok: true }],
    ['counter', 501, 0, 500, { ok: false, reason: 'OVER_LIMIT' }],
    ['counter', 300, 300, 500, { ok: false, reason: 'OVER_LIMIT' }],
    ['counter', 200, 300, 500, { ok: true }],
    ['counter', 1, 0, 0, { ok: false, reason: 'OVER_LIMIT' }],
    ['kitchen', 1, 0, 500, { ok: false, reason: 'NOT_ALLOWED' }],
    ['driver', 1, 0, 500, { ok: false, reason: 'NOT_ALLOWED' }],
    ['customer', 1, 0, 500, { ok: false, reason: 'NOT_ALLOWED' }],
  ] as const)('%s refunding %i after %i with a limit of %i', (role, amount, already, limit, answer) => {
    expect(mayRefund(role, amount, already, limit)).toEqual(answer);
  });
});

describe('statusChangePermission', () => {
  it.each([
    ['Pending Order', 'Approved Order', 'acceptReject'],
    ['Pending Order', 'Canceled Order', 'acceptReject'],
    ['Pending Order', 'On the way', 'acceptReject'],
    ['Approved Order', 'Canceled Order', 'cancel'],
    ['On the way', 'Canceled Order', 'cancel'],
    ['Approved Order', 'On the way', 'orderStatus'],
    ['On the way', 'Delivered Order', 'orderStatus'],
    ['Approved Order', undefined, 'orderStatus'],
  ] as const)('from %s to %s needs %s', (from, to, permission) => {
    expect(statusChangePermission(from, to)).toBe(permission);
  });

  it('leaves the kitchen the moves on and the counter every change', () => {
    expect(can('kitchen', statusChangePermission('Approved Order', 'On the way'))).toBe(true);
    expect(can('kitchen', statusChangePermission('Pending Order', 'Approved Order'))).toBe(false);
    expect(can('kitchen', statusChangePermission('Approved Order', 'Canceled Order'))).toBe(false);
    expect(can('counter', statusChangePermission('Approved Order', 'Canceled Order'))).toBe(true);
  });
});
