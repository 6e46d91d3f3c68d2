// Dispatch's answers for component tests, in the shapes of packages/shared/src/contract/dispatch.ts.
import type { DeliveryRun, DispatchAnswer, DispatchOrder, RunStop } from '@shop/shared/contract/dispatch';

export const ANN = '65f0000000000000000000d1';
export const BOB = '65f0000000000000000000d2';

/** A delivery waiting for a driver: a cash order of £23.50 in BS1, due at 18:40, being made, unless told. */
export function waitingOrder(orderId: string, overrides: Partial<DispatchOrder> = {}): DispatchOrder {
  return {
    orderId,
    orderNumber: orderId.slice(-6),
    status: 'Approved Order',
    customerName: 'Grace Hopper',
    phone: '+447700900123',
    addressLines: ['14 Harbour Street'],
    postcode: 'BS1 4RN',
    note: '',
    allergyNote: '',
    cashDue: 23.5,
    paid: false,
    dueAt: '2026-11-29T18:40:00.000Z',
    readyAt: null,
    ...overrides,
  };
}

/** A stop made of a waiting order, at `position`, not picked up yet unless told. */
export function stopOf(order: DispatchOrder, position: number, overrides: Partial<RunStop> = {}): RunStop {
  return { ...order, position, pickedUpAt: null, deliveredAt: null, cashCollected: null, photoImageId: null, ...overrides };
}

export function runOf(
  id: string,
  driverId: string,
  driverName: string,
  stops: RunStop[],
  overrides: Partial<DeliveryRun> = {},
): DeliveryRun {
  return { id, driverId, driverName, createdAt: '2026-11-29T18:00:00.000Z', startedAt: null, finishedAt: null, stops, ...overrides };
}

export function dispatchAnswer(overrides: Partial<DispatchAnswer> = {}): DispatchAnswer {
  return { unassigned: [], runs: [], drivers: [], suggestions: [], warnings: [], ...overrides };
}
