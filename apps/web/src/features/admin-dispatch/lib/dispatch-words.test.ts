import { describe, expect, it } from 'vitest';
import type { DeliveryRun } from '@shop/shared/contract/dispatch';
import {
  driverBoards,
  dueText,
  lastSeenText,
  paymentText,
  readinessText,
  runStateText,
  stopStateText,
  suggestionOrders,
} from './dispatch-words';

const NOW = new Date('2026-11-29T18:30:00.000Z');

function run(id: string, driverId: string, finishedAt: string | null = null): DeliveryRun {
  return { id, driverId, driverName: `Driver ${driverId}`, createdAt: '2026-11-29T18:00:00.000Z', startedAt: null, finishedAt, stops: [] };
}

describe('dispatch words', () => {
  it.each([
    [{ paid: true, cashDue: 0 }, 'PAID'],
    [{ paid: false, cashDue: 23.5 }, 'CASH £23.50'],
  ])('says what the driver takes at the door: %o is %s', (order, text) => {
    expect(paymentText(order)).toBe(text);
  });

  it('says when an order was made ready and is due, on the shop’s clock', () => {
    expect(readinessText({ readyAt: '2026-11-29T18:20:00.000Z' })).toBe('Ready 18:20');
    expect(readinessText({ readyAt: null })).toBe('Being made');
    expect(dueText({ dueAt: '2026-06-01T17:40:00.000Z' })).toBe('Due 18:40');
    expect(dueText({ dueAt: null })).toBe('No time yet');
  });

  it.each([
    [null, 'Not seen today'],
    ['2026-11-29T18:29:40.000Z', 'Seen just now'],
    ['2026-11-29T18:26:00.000Z', 'Seen 4 min ago'],
  ])('tells when a driver was last seen: %s is %s', (seen, text) => {
    expect(lastSeenText(seen, NOW)).toBe(text);
  });

  it('tells where a stop and a run are', () => {
    expect(stopStateText({ pickedUpAt: null, deliveredAt: null })).toBe('At the shop');
    expect(stopStateText({ pickedUpAt: '2026-11-29T18:45:00.000Z', deliveredAt: null })).toBe('Picked up 18:45');
    expect(stopStateText({ pickedUpAt: '2026-11-29T18:45:00.000Z', deliveredAt: '2026-11-29T19:02:00.000Z' })).toBe('Delivered 19:02');
    expect(runStateText({ startedAt: null, finishedAt: null })).toBe('Waiting at the shop');
    expect(runStateText({ startedAt: '2026-11-29T18:45:00.000Z', finishedAt: null })).toBe('On the road since 18:45');
    expect(runStateText({ startedAt: '2026-11-29T18:45:00.000Z', finishedAt: '2026-11-29T19:10:00.000Z' })).toBe('Finished 19:10');
  });

  it('puts each run under its driver, open runs first, and keeps a driver the list no longer names', () => {
    const boards = driverBoards({
      drivers: [
        { id: 'a', name: 'Ann', lastSeenAt: null },
        { id: 'b', name: 'Bob', lastSeenAt: null },
      ],
      runs: [run('r1', 'a', '2026-11-29T18:10:00.000Z'), run('r2', 'a'), run('r3', 'gone')],
    });
    expect(boards.map((board) => [board.name, board.runs.map((each) => each.id)])).toEqual([
      ['Ann', ['r2', 'r1']],
      ['Bob', []],
      ['Driver gone', ['r3']],
    ]);
  });

  it('keeps of a suggestion only the orders still waiting, in its order', () => {
    const order = (orderId: string) => ({ orderId }) as Parameters<typeof suggestionOrders>[1][number];
    expect(suggestionOrders(['x', 'y', 'z'], [order('z'), order('x')]).map((each) => each.orderId)).toEqual(['x', 'z']);
  });
});
