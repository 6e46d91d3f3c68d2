/**
 * What the tracker shows of a delivery (decision 1700), from what happened: the status history, the run's stops and
 * the driver's shown positions. Never from timers: a stage has a time only once it happened.
 */
import { and, asc, eq, gte, lt, notInArray } from 'drizzle-orm';
import type { DeliveryProgress } from '@shop/shared/contract/dispatch';
import { estimateArrival } from '@shop/shared/domain/driver-position';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { deliveryRuns, orders, orderStatusHistory, runStops, users } from '../../db/schema';
import { lastShownPosition, readDispatchSettings } from './reads';

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

/**
 * A delivery's progress for its tracker, or null for a collection, an order the shop does not see, or one not yet
 * accepted. `stopsBefore` counts the stops on its run before it still to deliver; the position and the arrival are
 * there only while it is on the way on a run (the arrival: domain/driver-position.ts estimateArrival, from the run's
 * start or the latest delivery before it).
 */
export async function deliveryProgressOf(ctx: { db: Db; now: ServiceContext['now'] }, orderId: string): Promise<DeliveryProgress | null> {
  const { db } = ctx;
  const order = (
    await db
      .select({ status: orders.status, fulfilment: orders.fulfilment, placedAt: orders.placedAt, readyAt: orders.readyAt })
      .from(orders)
      .where(eq(orders.id, orderId))
  )[0];
  if (!order?.placedAt || order.fulfilment !== 'delivery' || order.status === 'Pending Order') return null;
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
  const progress: DeliveryProgress = {
    acceptedAt: iso(firstAt('Approved Order')),
    readyAt: iso(order.readyAt),
    onTheWayAt: iso(onTheWayAt),
    deliveredAt: iso(deliveredAt),
    stopsBefore: null,
    driverName: stop?.driverName ?? null,
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
  progress.stopsBefore = open.length;
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

/** A delivered stop of a driver's, as the cash-up counts it: pence throughout. */
export interface DeliveredStop {
  orderId: string;
  runId: string;
  deliveredAt: Date;
  paymentType: 'Card' | 'Cash';
  /** The cash the driver should have taken (a cash order not paid before), and what they said they took. */
  cashDue: number;
  cashCollected: number | null;
  tip: number;
}

/**
 * The stops a driver delivered within [from, to) (a trading day), oldest first: the cash-up's drops, cash expected
 * and tips. Reads what the driver said at the door; the order's money as it stands.
 */
export async function runStopsOfDriver(db: Db, driverId: string, range: { from: Date; to: Date }): Promise<DeliveredStop[]> {
  const rows = await db
    .select({
      orderId: runStops.orderId,
      runId: runStops.runId,
      deliveredAt: runStops.deliveredAt,
      paymentType: orders.paymentType,
      paymentStatus: orders.paymentStatus,
      total: orders.total,
      cashCollected: runStops.cashCollected,
      tip: orders.tip,
    })
    .from(runStops)
    .innerJoin(deliveryRuns, eq(deliveryRuns.id, runStops.runId))
    .innerJoin(orders, eq(orders.id, runStops.orderId))
    .where(
      and(
        eq(deliveryRuns.driverId, driverId),
        gte(runStops.deliveredAt, range.from),
        lt(runStops.deliveredAt, range.to),
        notInArray(orders.status, ['Canceled Order']),
      ),
    )
    .orderBy(asc(runStops.deliveredAt));
  return rows.flatMap((row) =>
    row.deliveredAt
      ? [
          {
            orderId: row.orderId,
            runId: row.runId,
            deliveredAt: row.deliveredAt,
            paymentType: row.paymentType,
            // The cash due when it was delivered: a cash order is marked paid only once its cash is in.
            cashDue: row.paymentType === 'Cash' && row.cashCollected !== null ? row.total : 0,
            cashCollected: row.cashCollected,
            tip: row.tip,
          },
        ]
      : [],
  );
}
