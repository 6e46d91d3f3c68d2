/**
 * The tracker's reader of a delivery's progress (decision 1702), answering the contract's deliveryProgressSchema from
 * the rows events leave: the order's status history and ready time, its stop on a run (run_stops, delivery_runs), the
 * driver's last shown position (driver_positions with shown = true) and the shop's map tiles.
 *
 * The dispatch module owns the run tables and answers the same schema with its public `deliveryProgressOf`; when both
 * exist, keep one (this one reads only, so dispatch's may replace it one for one: app.ts hands it to the orders
 * module as `app.deliveryProgress` and the tracking route calls it).
 */
import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { DeliveryProgress } from '@shop/shared/contract/dispatch';
import { arrivalTime } from '@shop/shared/domain/delivery-progress';
import type { Db } from '../../db/client';
import { deliveryRuns, driverPositions, orders, orderStatusHistory, runStops, shopSettings, users } from '../../db/schema';

/** What the customer may know of their driver: the first word of the name staff gave. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** The progress of a delivery the shop accepted; null for a collection, an order not accepted yet or a canceled one. */
export async function readDeliveryProgress(db: Db, orderId: string): Promise<DeliveryProgress | null> {
  const order = (
    await db
      .select({ fulfilment: orders.fulfilment, status: orders.status, readyAt: orders.readyAt, scheduledFor: orders.scheduledFor })
      .from(orders)
      .where(eq(orders.id, orderId))
      .limit(1)
  )[0];
  if (!order || order.fulfilment !== 'delivery' || order.status === 'Canceled Order' || order.status === 'Pending Order') return null;

  const history = await db
    .select({ status: orderStatusHistory.status, at: orderStatusHistory.changedAt })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.changedAt));
  const firstAt = (status: string) => history.find((change) => change.status === status)?.at ?? null;
  const acceptedAt = firstAt('Approved Order');

  const stop = (
    await db
      .select({
        runId: runStops.runId,
        position: runStops.position,
        pickedUpAt: runStops.pickedUpAt,
        deliveredAt: runStops.deliveredAt,
        startedAt: deliveryRuns.startedAt,
        driverId: deliveryRuns.driverId,
        driverName: users.username,
      })
      .from(runStops)
      .innerJoin(deliveryRuns, eq(deliveryRuns.id, runStops.runId))
      .innerJoin(users, eq(users.id, deliveryRuns.driverId))
      .where(eq(runStops.orderId, orderId))
      .limit(1)
  )[0];

  const onTheWayAt = stop?.pickedUpAt ?? stop?.startedAt ?? firstAt('On the way');
  const deliveredAt = stop?.deliveredAt ?? firstAt('Delivered Order');
  // The kitchen said it is ready; an order for as soon as possible is being made from its accept.
  const readyAt = order.readyAt ?? (order.scheduledFor === null ? acceptedAt : null);
  const onTheWay = onTheWayAt !== null && deliveredAt === null && order.status === 'On the way';

  let stopsBefore: number | null = null;
  let lastDeliveredAt: Date | null = null;
  if (stop && deliveredAt === null) {
    const before = await db
      .select({ deliveredAt: runStops.deliveredAt })
      .from(runStops)
      .where(and(eq(runStops.runId, stop.runId), lt(runStops.position, stop.position)));
    stopsBefore = before.filter((other) => other.deliveredAt === null).length;
    for (const other of before)
      if (other.deliveredAt && (!lastDeliveredAt || other.deliveredAt > lastDeliveredAt)) lastDeliveredAt = other.deliveredAt;
  }

  // The driver's name and position are the customer's only while the driver is on the way to them.
  let position: DeliveryProgress['position'] = null;
  if (onTheWay && stop) {
    const fix = (
      await db
        .select({ lat: driverPositions.lat, lng: driverPositions.lng, at: driverPositions.recordedAt })
        .from(driverPositions)
        .where(
          and(
            eq(driverPositions.driverId, stop.driverId),
            eq(driverPositions.runId, stop.runId),
            eq(driverPositions.shown, true),
            gte(driverPositions.recordedAt, onTheWayAt),
          ),
        )
        .orderBy(desc(driverPositions.recordedAt))
        .limit(1)
    )[0];
    if (fix) position = { lat: fix.lat, lng: fix.lng, at: fix.at.toISOString() };
  }

  const tiles = (
    await db
      .select({ tileUrl: shopSettings.mapTileUrl, attribution: shopSettings.mapAttribution })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1))
      .limit(1)
  )[0];

  return {
    acceptedAt: acceptedAt?.toISOString() ?? null,
    readyAt: readyAt?.toISOString() ?? null,
    onTheWayAt: onTheWayAt?.toISOString() ?? null,
    deliveredAt: deliveredAt?.toISOString() ?? null,
    stopsBefore,
    driverName: onTheWay && stop ? firstName(stop.driverName) : null,
    position,
    arrivesAt: onTheWay && stopsBefore !== null ? arrivalTime({ onTheWayAt, lastDeliveredAt, stopsBefore }).toISOString() : null,
    map: tiles?.tileUrl ? { tileUrl: tiles.tileUrl, attribution: tiles.attribution ?? '' } : null,
  };
}
