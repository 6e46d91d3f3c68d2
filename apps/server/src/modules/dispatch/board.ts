import type { DispatchAnswer } from '@shop/shared/contract/dispatch';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { suggestRuns } from '@shop/shared/domain/run-suggestions';
import { watchdogWarnings } from '@shop/shared/domain/watchdog';
import type { ServiceContext } from '../../context';
import { readDispatchSettings, readDrivers, readOnTheWay, readRunsOfDay, readUnassigned } from './reads';

const dateOrNull = (at: string | null) => (at ? new Date(at) : null);

/**
 * `GET /api/dispatch`: the deliveries waiting for a driver, today's runs and the drivers, the runs suggested from the
 * waiting ones (domain/run-suggestions.ts) and the watchdog's warnings (domain/watchdog.ts) on the shop clock.
 */
export async function readDispatchBoard(ctx: Pick<ServiceContext, 'db' | 'now'>): Promise<DispatchAnswer> {
  const now = ctx.now();
  const [unassigned, runs, onTheWay, settings] = await Promise.all([
    readUnassigned(ctx.db),
    readRunsOfDay(ctx.db, now),
    readOnTheWay(ctx.db),
    readDispatchSettings(ctx.db),
  ]);
  const drivers = await readDrivers(ctx.db, now, [...new Set(runs.map((run) => run.driverId))]);
  const suggestions = suggestRuns(
    unassigned.map((order) => ({ orderId: order.orderId, postcode: order.postcode, dueAt: dateOrNull(order.dueAt) })),
  );
  const warnings = watchdogWarnings(now, settings, [
    ...unassigned.map((order) => ({
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      status: order.status,
      readyAt: dateOrNull(order.readyAt),
      assigned: false,
      expectedAt: dateOrNull(order.dueAt),
      driverName: null,
    })),
    ...onTheWay.map((order) => ({
      orderId: order.orderId,
      orderNumber: displayOrderId(order.orderId),
      status: 'On the way' as const,
      readyAt: order.readyAt,
      assigned: order.driverName !== null,
      expectedAt: order.expectedAt,
      driverName: order.driverName,
    })),
  ]);
  return { unassigned, runs, drivers, suggestions, warnings };
}
