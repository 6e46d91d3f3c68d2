/**
 * The driver's phone (decision 1700): their own runs, picked up, delivered, and their position while a run is out.
 * A driver reaches only the orders on their own runs: any other answers 404, as an unknown one.
 */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DeliveredBody, DeliveryRun, DriverLocationBody } from '@shop/shared/contract/dispatch';
import { isPlausibleFix } from '@shop/shared/domain/driver-position';
import { formatPounds } from '@shop/shared/domain/money';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { inTransaction, type Db, type InTransaction } from '../../db/client';
import { newId } from '../../db/id';
import { deliveryRuns, driverPositions, orders, runStops } from '../../db/schema';
import type { ProcessedImage } from '../../images/process';
import { deleteImage, loadImage, saveImages, type ImageBytes } from '../../images/store';
import { HttpError } from '../../http-errors';
import { actorOf } from '../audit/public';
import type { SessionUser } from '../auth/public';
import { updateOrderStatus, type OrderContext } from '../orders/public';
import { lockRuns, ORDER_NOT_FOUND, settleRun } from './assign';
import { emitDeliveryChanged } from './events';
import { cashDuePence, lastShownPosition, readRun, readRunsOfDay } from './reads';

/** `GET /api/driver/runs`: the signed-in driver's runs of today and any still open, open ones first. */
export async function driverRuns(ctx: Pick<OrderContext, 'db' | 'now'>, driver: SessionUser): Promise<DeliveryRun[]> {
  return readRunsOfDay(ctx.db, ctx.now(), driver.id);
}

/** The order's stop when it is on one of this driver's runs; else 404, whoever's it is. */
async function ownStop(db: InTransaction, driverId: string, orderId: string) {
  const stop = (
    await db
      .select({
        runId: runStops.runId,
        pickedUpAt: runStops.pickedUpAt,
        deliveredAt: runStops.deliveredAt,
        cashCollected: runStops.cashCollected,
        paymentType: orders.paymentType,
        paymentStatus: orders.paymentStatus,
        total: orders.total,
      })
      .from(runStops)
      .innerJoin(deliveryRuns, eq(deliveryRuns.id, runStops.runId))
      .innerJoin(orders, eq(orders.id, runStops.orderId))
      .where(and(eq(runStops.orderId, orderId), eq(deliveryRuns.driverId, driverId)))
  )[0];
  if (!stop) throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  return stop;
}

async function runOf(ctx: Pick<OrderContext, 'db'>, runId: string): Promise<DeliveryRun> {
  const run = await readRun(ctx.db, runId);
  if (!run) throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  return run;
}

/** The stop picked up now, and its run started with its first; 404 when it left the driver's run meanwhile. */
async function markPickedUp(tx: InTransaction, runId: string, orderId: string, now: Date): Promise<void> {
  // The run's row first, as a move or a reorder takes it before the stops it renumbers: neither waits on the other.
  await lockRuns(tx, [runId]);
  const marked = await tx
    .update(runStops)
    .set({ pickedUpAt: now })
    .where(and(eq(runStops.orderId, orderId), eq(runStops.runId, runId), isNull(runStops.pickedUpAt)))
    .returning({ orderId: runStops.orderId });
  if (marked.length === 0) {
    const still = await tx
      .select({ orderId: runStops.orderId })
      .from(runStops)
      .where(and(eq(runStops.orderId, orderId), eq(runStops.runId, runId)));
    if (still.length === 0) throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  }
  await tx
    .update(deliveryRuns)
    .set({ startedAt: now })
    .where(and(eq(deliveryRuns.id, runId), isNull(deliveryRuns.startedAt)));
}

/**
 * `POST /api/driver/orders/:id/picked-up`: the order goes 'On the way' as a staff change does (its history names the
 * driver, the customer is told), the stop's time and the run's start written in the same transaction. Again: no
 * change. An order the shop already moved on the way by hand is picked up all the same; a canceled one is 409.
 */
export async function pickUp(ctx: OrderContext, driver: SessionUser, orderId: string): Promise<DeliveryRun> {
  const stop = await ownStop(ctx.db, driver.id, orderId);
  if (stop.pickedUpAt) return runOf(ctx, stop.runId);
  const result = await updateOrderStatus(ctx, actorOf(driver), orderId, {
    status: 'On the way',
    alongside: (tx, now) => markPickedUp(tx, stop.runId, orderId, now),
  });
  if (result.modifiedCount === 0) {
    await inTransaction(ctx.db, (tx) => markPickedUp(tx, stop.runId, orderId, ctx.now()));
  }
  return runOf(ctx, stop.runId);
}

/** The stop delivered now with what the driver says; its run finished when it was the last. */
async function markDelivered(
  tx: InTransaction,
  runId: string,
  orderId: string,
  now: Date,
  facts: { cashCollected: number | null },
): Promise<void> {
  await lockRuns(tx, [runId]);
  const marked = await tx
    .update(runStops)
    .set({ deliveredAt: now, cashCollected: facts.cashCollected })
    .where(and(eq(runStops.orderId, orderId), eq(runStops.runId, runId), isNull(runStops.deliveredAt)))
    .returning({ orderId: runStops.orderId });
  if (marked.length === 0) {
    // Delivered by the shop's hand first: the driver's word on the cash is still theirs to add.
    const still = await tx
      .update(runStops)
      .set({ cashCollected: sql`coalesce(${runStops.cashCollected}, ${facts.cashCollected})` })
      .where(and(eq(runStops.orderId, orderId), eq(runStops.runId, runId)))
      .returning({ orderId: runStops.orderId });
    if (still.length === 0) throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  }
  await settleRun(tx, runId, now);
}

/**
 * `POST /api/driver/orders/:id/delivered {cashCollected?}`: picked up first (409 NOT_PICKED_UP); a
 * cash order needs the cash collected (422 CASH_REQUIRED), a paid one refuses it (422 CASH_NOT_EXPECTED). The order
 * goes 'Delivered Order' as a staff change does, the stop's facts and the run's end in the same transaction. Again:
 * no change (the first answer stands).
 */
export async function deliver(ctx: OrderContext, driver: SessionUser, orderId: string, body: DeliveredBody): Promise<DeliveryRun> {
  const stop = await ownStop(ctx.db, driver.id, orderId);
  const due = cashDuePence(stop);
  // Delivered already: again changes nothing, unless the shop marked it so before the driver said what cash they took.
  if (stop.deliveredAt && (due === 0 || stop.cashCollected !== null)) return runOf(ctx, stop.runId);
  const number = displayOrderId(orderId);
  if (!stop.pickedUpAt) throw new HttpError('NOT_PICKED_UP', `Order ${number} is not picked up yet: tap Picked up first`);
  const collected = body.cashCollected === undefined ? null : Math.round(body.cashCollected * 100);
  if (due > 0 && collected === null) {
    throw new HttpError('CASH_REQUIRED', `Order ${number} is cash on delivery (${formatPounds(due)} due): enter the cash you collected`);
  }
  if (due === 0 && collected !== null) throw new HttpError('CASH_NOT_EXPECTED', `Order ${number} is paid: there is no cash to collect`);
  const facts = { cashCollected: collected };
  const result = await updateOrderStatus(ctx, actorOf(driver), orderId, {
    status: 'Delivered Order',
    alongside: (tx, now) => markDelivered(tx, stop.runId, orderId, now, facts),
  });
  if (result.modifiedCount === 0) {
    await inTransaction(ctx.db, (tx) => markDelivered(tx, stop.runId, orderId, ctx.now(), facts));
  }
  return runOf(ctx, stop.runId);
}

/**
 * `POST /api/driver/location {lat, lng, accuracy?}`: kept only while the driver has a run out (started, not
 * finished), and shown only when believable after the last fix shown (domain/driver-position.ts); off a run nothing
 * is stored (the shop does not follow its drivers home). A shown fix tells the trackers of the run's orders on the way.
 */
export async function recordLocation(
  ctx: Pick<OrderContext, 'db' | 'now'>,
  driver: SessionUser,
  body: DriverLocationBody,
): Promise<{ shown: boolean }> {
  const { db } = ctx;
  const run = (
    await db
      .select({ id: deliveryRuns.id })
      .from(deliveryRuns)
      .where(and(eq(deliveryRuns.driverId, driver.id), isNotNull(deliveryRuns.startedAt), isNull(deliveryRuns.finishedAt)))
      .orderBy(desc(deliveryRuns.startedAt), desc(deliveryRuns.id))
      .limit(1)
  )[0];
  if (!run) return { shown: false };
  const now = ctx.now();
  const last = await lastShownPosition(db, driver.id, run.id);
  const shown = isPlausibleFix(last ?? null, { lat: body.lat, lng: body.lng, at: now });
  await db.insert(driverPositions).values({
    id: newId(now),
    driverId: driver.id,
    runId: run.id,
    lat: body.lat,
    lng: body.lng,
    accuracy: body.accuracy ?? null,
    shown,
    recordedAt: now,
  });
  if (shown) {
    const onTheWay = await db
      .select({ orderId: orders.id, userId: orders.userId, status: orders.status })
      .from(runStops)
      .innerJoin(orders, eq(orders.id, runStops.orderId))
      .where(and(eq(runStops.runId, run.id), isNotNull(runStops.pickedUpAt), isNull(runStops.deliveredAt)));
    if (onTheWay.length > 0) emitDeliveryChanged(db, { orders: onTheWay, positionOnly: true });
  }
  return { shown };
}

/**
 * `POST /api/driver/orders/:id/photo`: the driver's photo of the delivery at the door, on their own stop once picked up
 * (before or after Delivered), stored as a private image; a second photo replaces the first. The board hears of it.
 */
export async function attachDeliveryPhoto(
  ctx: Pick<OrderContext, 'db' | 'now'>,
  driver: SessionUser,
  orderId: string,
  photo: ProcessedImage,
): Promise<{ photoImageId: string }> {
  const stop = await ownStop(ctx.db, driver.id, orderId);
  if (!stop.pickedUpAt) {
    throw new HttpError('NOT_PICKED_UP', `Order ${displayOrderId(orderId)} is not picked up yet: tap Picked up first`);
  }
  const [photoImageId] = await saveImages(ctx.db, [photo], ctx.now(), { private: true });
  if (!photoImageId) throw new Error('the photo was not stored');
  const previous = await inTransaction(ctx.db, async (tx) => {
    const [before] = await tx.select({ photo: runStops.photoImageId }).from(runStops).where(eq(runStops.orderId, orderId)).for('update');
    await tx.update(runStops).set({ photoImageId }).where(eq(runStops.orderId, orderId));
    return before?.photo ?? null;
  });
  if (previous) await deleteImage(ctx.db, previous);
  // The board shows the photo's link at once.
  const [order] = await ctx.db.select({ userId: orders.userId, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (order) emitDeliveryChanged(ctx.db, { orders: [{ orderId, userId: order.userId, status: order.status }] });
  return { photoImageId };
}

/** `GET /api/orders/:id/photo`: the delivery's photo, for the staff who see the board; null when none was taken. */
export async function deliveryPhotoOf(db: Db, orderId: string): Promise<ImageBytes | null> {
  const [stop] = await db.select({ photo: runStops.photoImageId }).from(runStops).where(eq(runStops.orderId, orderId));
  return stop?.photo ? loadImage(db, stop.photo, undefined, { private: true }) : null;
}
