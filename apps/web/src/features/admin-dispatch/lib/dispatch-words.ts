import type { DeliveryRun, DispatchAnswer, DispatchOrder, RunStop } from '@shop/shared/contract/dispatch';
import { formatWirePounds } from '../../../lib/money';
import { minutesSince, shopClock } from '../../../lib/shop-clock';

/** What the driver must take at the door: 'CASH £23.50', or 'PAID' for a card order. */
export function paymentText(order: Pick<RunStop, 'paid' | 'cashDue'>): string {
  return order.paid ? 'PAID' : `CASH ${formatWirePounds(order.cashDue)}`;
}

/** 'Ready 18:20' once the kitchen said so, else 'Being made'. */
export function readinessText(order: Pick<DispatchOrder, 'readyAt'>): string {
  return order.readyAt ? `Ready ${shopClock(order.readyAt)}` : 'Being made';
}

/** 'Due 18:40', or 'No time yet' for an order not timed. */
export function dueText(order: Pick<DispatchOrder, 'dueAt'>): string {
  return order.dueAt ? `Due ${shopClock(order.dueAt)}` : 'No time yet';
}

/** 'Seen just now', 'Seen 4 min ago', or 'Not seen today' for a driver who has shared no position. */
export function lastSeenText(lastSeenAt: string | null, now: Date): string {
  if (!lastSeenAt) return 'Not seen today';
  const minutes = minutesSince(lastSeenAt, now);
  return minutes < 1 ? 'Seen just now' : `Seen ${minutes} min ago`;
}

/** Where a stop is: 'Delivered 19:02', 'Picked up 18:45', or 'At the shop'. */
export function stopStateText(stop: Pick<RunStop, 'pickedUpAt' | 'deliveredAt'>): string {
  if (stop.deliveredAt) return `Delivered ${shopClock(stop.deliveredAt)}`;
  if (stop.pickedUpAt) return `Picked up ${shopClock(stop.pickedUpAt)}`;
  return 'At the shop';
}

/** A run's line: 'Finished 19:10', 'On the road since 18:45', or 'Waiting at the shop'. */
export function runStateText(run: Pick<DeliveryRun, 'startedAt' | 'finishedAt'>): string {
  if (run.finishedAt) return `Finished ${shopClock(run.finishedAt)}`;
  if (run.startedAt) return `On the road since ${shopClock(run.startedAt)}`;
  return 'Waiting at the shop';
}

export interface DriverBoard {
  id: string;
  name: string;
  lastSeenAt: string | null;
  /** Open runs first (as the answer orders them), then the finished ones. */
  runs: DeliveryRun[];
}

/** Each driver with their runs: the drivers the answer lists, then any driver of a run it does not (one since removed). */
export function driverBoards(answer: Pick<DispatchAnswer, 'drivers' | 'runs'>): DriverBoard[] {
  const boards = new Map<string, DriverBoard>(answer.drivers.map((driver) => [driver.id, { ...driver, runs: [] }]));
  for (const run of answer.runs) {
    const board = boards.get(run.driverId) ?? { id: run.driverId, name: run.driverName, lastSeenAt: null, runs: [] };
    board.runs.push(run);
    boards.set(run.driverId, board);
  }
  for (const board of boards.values()) {
    board.runs.sort((a, b) => Number(a.finishedAt !== null) - Number(b.finishedAt !== null));
  }
  return [...boards.values()];
}

/** The orders of a suggestion still waiting for a driver, in the suggestion's order. */
export function suggestionOrders(orderIds: readonly string[], unassigned: readonly DispatchOrder[]): DispatchOrder[] {
  const waiting = new Map(unassigned.map((order) => [order.orderId, order]));
  return orderIds.flatMap((id) => {
    const order = waiting.get(id);
    return order ? [order] : [];
  });
}
