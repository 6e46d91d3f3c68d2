/**
 * What the tracker shows of a delivery (decision 1700), from what happened: the status history, the run's stops and
 * the driver's shown positions. Never from timers: a stage has a time only once it happened.
 */
import { and, asc, eq, lt } from 'drizzle-orm';
import type { DeliveryProgress } from '@shop/shared/contract/dispatch';
import { estimateArrival } from '@shop/shared/domain/driver-position';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { deliveryRuns, orders, orderStatusHistory, runStops, users } from '../../db/schema';
import { lastShownPosition, readDispatchSettings } from './reads';

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

/** What the customer may know of their driver: the first word of the name staff gave. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/**
 * A delivery's progress for its tracker, or null for a collection, an order the shop does not see, one not yet
 * accepted, or a canceled one. An order for as soon as possible is being made from its accept; one placed ahead from
 * when the kitchen says it is ready. The driver's first name and position are the customer's only while the driver is
 * on the way to them. `stopsBefore` counts the stops on its run before it still to deliver; the position and the arrival are
 * there only while it is on the way on a run (the arrival: domain/driver-position.ts estimateArrival, from the run's
 * start or the latest delivery before it).
 */
export async function deliveryProgressOf(ctx: { db: Db; now: ServiceContext['now'] }, orderId: string): Promise<DeliveryProgress | null> {
  const { db } = ctx;
  const order = (
    await db
      .select({
        status: orders.status,
        fulfilment: orders.fulfilment,
        placedAt: orders.placedAt,
        readyAt: orders.readyAt,
        scheduledFor: orders.scheduledFor,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
  )[0];
  if (!order?.placedAt || order.fulfilment !== 'delivery' || order.status === 'Pending Order' || order.status === 'Canceled Order')
    return null;
  const [history, stop, settings] = await Promise.all([
    db
      .select({ status: orderStatusHistory.status, at: orderStatusHistory.changedAt })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.changedAt), asc(orderStatusHistory.id)),
    db
      .select({
        runId: runStops.runId,
        position: runStops.position,
        pickedUpAt: runStops.pickedUpAt,
        deliveredAt: runStops.deliveredAt,
        driverId: deliveryRuns.driverId,
        driverName: users.username,
        startedAt: deliveryRuns.startedAt,
      })
      .from(runStops)
      .innerJoin(deliveryRuns, eq(deliveryRuns.id, runStops.runId))
      .innerJoin(users, eq(users.id, deliveryRuns.driverId))
      .where(eq(runStops.orderId, orderId))
      .then((rows) => rows[0]),
    readDispatchSettings(db),
  ]);
  const firstAt = (status: OrderStatus) => history.find((change) => change.status === status)?.at ?? null;
  const onTheWayAt = stop?.pickedUpAt ?? firstAt('On the way');
  const deliveredAt = stop?.deliveredAt ?? firstAt('Delivered Order');
  const map = settings.mapTileUrl ? { tileUrl: settings.mapTileUrl, attribution: settings.mapAttribution ?? '' } : null;
  const acceptedAt = firstAt('Approved Order');
  const onTheWay = stop?.pickedUpAt && !deliveredAt && order.status === 'On the way';
  const progress: DeliveryProgress = {
    acceptedAt: iso(acceptedAt),
    readyAt: iso(order.readyAt ?? (order.scheduledFor === null ? acceptedAt : null)),
    onTheWayAt: iso(onTheWayAt),
    deliveredAt: iso(deliveredAt),
    stopsBefore: null,
    driverName: onTheWay && stop ? firstName(stop.driverName) : null,
    position: null,
    arrivesAt: null,
    map,
  };
  if (!stop) return progress;
  const before = await db
    .select({ deliveredAt: runStops.deliveredAt, status: orders.status })
    .from(runStops)
    .innerJoin(orders, eq(orders.id, runStops.orderId))
    .where(and(eq(runStops.runId, stop.runId), lt(runStops.position, stop.position)));
  const open = deliveredAt
    ? []
    : before.filter((other) => !other.deliveredAt && other.status !== 'Delivered Order' && other.status !== 'Canceled Order');
  progress.stopsBefore = deliveredAt ? null : open.length;
  if (order.status !== 'On the way' || !stop.pickedUpAt) return progress;
  const position = await lastShownPosition(db, stop.driverId, stop.runId);
  if (position && position.at.getTime() >= stop.pickedUpAt.getTime()) {
    progress.position = { lat: position.lat, lng: position.lng, at: position.at.toISOString() };
  }
  const latestDelivery = before.reduce<Date | null>(
    (latest, other) => (other.deliveredAt && (!latest || other.deliveredAt > latest) ? other.deliveredAt : latest),
    null,
  );
  const since = latestDelivery && latestDelivery > stop.pickedUpAt ? latestDelivery : stop.pickedUpAt;
  progress.arrivesAt = estimateArrival({ now: ctx.now(), since, stopsBefore: open.length }).toISOString();
  return progress;
}
