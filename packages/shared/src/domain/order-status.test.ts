import { describe, expect, it } from 'vitest';
import {
  ADMIN_SETTABLE_STATUSES,
  adminSettableStatusSchema,
  canTransition,
  ORDER_STATUSES,
  statusChangeRefusal,
  type OrderStatus,
} from './order-status';

const P: OrderStatus = 'Pending Order';
const A: OrderStatus = 'Approved Order';
const W: OrderStatus = 'On the way';
const D: OrderStatus = 'Delivered Order';
const C: OrderStatus = 'Canceled Order';

describe('canTransition: which status changes the server applies', () => {
  it.each([
    [P, A, true],
    [P, W, true],
    [P, D, true],
    [P, C, true],
    [P, P, false],
    [A, W, true],
    [A, D, true],
    [A, C, true],
    [A, A, false],
    [A, P, false],
    [W, D, true],
    [W, C, true],
    [W, A, false],
    [W, P, false],
    [W, W, false],
    [D, A, false],
    [D, W, false],
    [D, C, false],
    [D, P, false],
    [D, D, false],
    [C, A, false],
    [C, W, false],
    [C, D, false],
    [C, P, false],
    [C, C, false],
  ])('%s → %s: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });
});

it.each([
  [D, C, 'The order is delivered and can no longer change'],
  [C, A, 'The order is canceled and can no longer change'],
  [A, P, 'An order cannot go back to Pending Order'],
  [W, A, 'An order that is On the way cannot go back to Approved Order'],
  [A, A, 'The order is already Approved Order'],
])('refusing %s → %s says "%s"', (from, to, message) => {
  expect(statusChangeRefusal(from, to)).toBe(message);
});

it.each([
  [D, C, 'The order is collected and can no longer change'],
  [C, A, 'The order is canceled and can no longer change'],
  [W, A, 'An order that is Ready to collect cannot go back to Approved Order'],
  [W, W, 'The order is already Ready to collect'],
  [D, D, 'The order is already Collected'],
])('refusing a collection %s → %s says "%s" (decision 1005)', (from, to, message) => {
  expect(statusChangeRefusal(from, to, 'collection')).toBe(message);
});

it("the statuses are the spec's five, and admins set the four other than Pending Order", () => {
  expect(ORDER_STATUSES).toEqual(['Pending Order', 'Approved Order', 'On the way', 'Delivered Order', 'Canceled Order']);
  expect(ADMIN_SETTABLE_STATUSES).toEqual(['Approved Order', 'On the way', 'Delivered Order', 'Canceled Order']);
  expect(adminSettableStatusSchema.safeParse('Pending Order').success).toBe(false);
  expect(adminSettableStatusSchema.safeParse('Cancelled Order').success).toBe(false);
});
