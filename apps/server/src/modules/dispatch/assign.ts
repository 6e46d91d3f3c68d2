/**
 * Assigning deliveries to drivers (decision 1700): onto the driver's open run (one not picked up yet) or a new one,
 * moved from another driver's run, taken off, reordered. One transaction each, the order's row locked first, so two
 * dispatchers never put one order on two runs; the driver's runs are found or made under a lock of the driver's.
 */
import { and, asc, desc, eq, isNull, max, notInArray, sql } from 'drizzle-orm';
import type { DeliveryRun } from '@shop/shared/contract/dispatch';
import { displayOrderId } from '@shop/shared/domain/order-id';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import { can } from '@shop/shared/domain/roles';
import type { ServiceContext } from '../../context';
import { inTransaction, type InTransaction } from '../../db/client';
import { newId } from '../../db/id';
import { deliveryRuns, orders, runStops, users } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { recordAudit, type AuditActor } from '../audit/public';
import { emitDeliveryChanged, type DeliveryChangedEvent } from './events';
import { readRun } from './reads';

export const ORDER_NOT_FOUND = 'Order not found';
// The driver's runs are found or made one transaction at a time (an advisory lock in a space of dispatch's own).
const DRIVER_RUN_LOCK = 0x1700;

type Ctx = Pick<ServiceContext, 'db' | 'now'>;
type ChangedOrder = DeliveryChangedEvent['orders'][number];

/** Why an order cannot go out with a driver, in words the dispatcher acts on; null when it can. */
function dispatchRefusal(number: string, order: { status: OrderStatus; fulfilment: string }): string | null {
  if (order.fulfilment !== 'delivery') return `Order ${number} is for collection: only a delivery goes out with a driver`;
  switch (order.status) {
    case 'Approved Order':
      return null;
    case 'Pending Order':
      return `Order ${number} has not been accepted yet: accept it first`;
    case 'On the way':
      return `Order ${number} is on the way already`;
    case 'Delivered Order':
      return `Order ${number} has been delivered`;
    default:
      return `Order ${number} has been canceled`;
  }
}

/** The order's row, locked for the rest of the transaction; 404 when the shop does not see it. */
async function lockOrder(tx: InTransaction, orderId: string) {
  const order = (
    await tx
      .select({ status: orders.status, fulfilment: orders.fulfilment, placedAt: orders.placedAt, userId: orders.userId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
  )[0];
  if (!order?.placedAt) throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  return order;
}

/** The order's stop with its run and driver, locked, or undefined. */
async function lockStop(tx: InTransaction, orderId: string) {
  return (
    await tx
      .select({
        runId: runStops.runId,
        pickedUpAt: runStops.pickedUpAt,
        driverId: deliveryRuns.driverId,
        driverName: users.username,
        startedAt: deliveryRuns.startedAt,
      })
      .from(runStops)
      .innerJoin(deliveryRuns, eq(deliveryRuns.id, runStops.runId))
      .innerJoin(users, eq(users.id, deliveryRuns.driverId))
      .where(eq(runStops.orderId, orderId))
      .for('update', { of: runStops })
  )[0];
}

/** These runs' rows locked (`for update`), in id order so two changes never wait on each other: the ids still there. */
export async function lockRuns(tx: InTransaction, ids: Array<string | undefined>): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== undefined))].sort();
  const found: string[] = [];
  for (const id of wanted) {
    const row = await tx.select({ id: deliveryRuns.id }).from(deliveryRuns).where(eq(deliveryRuns.id, id)).for('update');
    if (row[0]) found.push(row[0].id);
  }
  return found;
}

/** Positions 1, 2, ... again, in their order, after a stop left the run. */
async function renumber(tx: InTransaction, runId: string): Promise<void> {
  await tx.execute(sql`
    update run_stops set position = ranked.n
    from (select order_id, row_number() over (order by position, assigned_at, order_id) as n from run_stops where run_id = ${runId}) ranked
    where run_stops.order_id = ranked.order_id and run_stops.position <> ranked.n`);
}

/**
 * A started run is finished once none of its stops is still to deliver (each delivered, or its order delivered or
 * canceled by the shop); a run never started that has lost its last stop is deleted, as nothing happened on it.
 */
export async function settleRun(tx: InTransaction, runId: string, now: Date): Promise<void> {
  const run = (
    await tx
      .select({ startedAt: deliveryRuns.startedAt, finishedAt: deliveryRuns.finishedAt })
      .from(deliveryRuns)
      .where(eq(deliveryRuns.id, runId))
  )[0];
  if (!run || run.finishedAt) return;
  const open = await tx
    .select({ orderId: runStops.orderId })
    .from(runStops)
    .innerJoin(orders, eq(orders.id, runStops.orderId))
    .where(and(eq(runStops.runId, runId), isNull(runStops.deliveredAt), notInArray(orders.status, ['Delivered Order', 'Canceled Order'])));
  if (!run.startedAt) {
    const any = await tx.select({ orderId: runStops.orderId }).from(runStops).where(eq(runStops.runId, runId)).limit(1);
    if (any.length === 0) await tx.delete(deliveryRuns).where(eq(deliveryRuns.id, runId));
    return;
  }
  if (open.length === 0) await tx.update(deliveryRuns).set({ finishedAt: now }).where(eq(deliveryRuns.id, runId));
}

/**
 * `POST /api/orders/:id/assign {driverId}`: an accepted delivery not yet picked up goes onto the driver's open run
 * (not started), or a new run; on another driver's run it moves (that run renumbered, or deleted when it was left
 * empty and never started); on this driver's already, nothing changes. The driver is any live member of staff who
 * delivers ('ownDeliveries': a driver, or an owner or manager taking one out).
 */
export async function assignOrder(ctx: Ctx, actor: AuditActor, orderId: string, driverId: string): Promise<DeliveryRun> {
  const { runId, changed, drivers } = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const number = displayOrderId(orderId);
    const order = await lockOrder(tx, orderId);
    const existing = await lockStop(tx, orderId);
    if (existing?.pickedUpAt) {
      throw new HttpError('ALREADY_PICKED_UP', `${existing.driverName} has picked up order ${number}: it cannot move to another driver`);
    }
    const refusal = dispatchRefusal(number, order);
    if (refusal) throw new HttpError('NOT_DISPATCHABLE', refusal);
    const driver = (
      await tx
        .select({ id: users.id, name: users.username, role: users.role })
        .from(users)
        .where(and(eq(users.id, driverId), isNull(users.deletedAt)))
    )[0];
    if (!driver || !can(driver.role, 'ownDeliveries')) {
      throw new HttpError('NOT_A_DRIVER', 'No driver has that id: choose a member of staff who delivers');
    }
    if (existing?.driverId === driverId) {
      return { runId: existing.runId, changed: null, drivers: [] };
    }
    await tx.execute(sql`select pg_advisory_xact_lock(${DRIVER_RUN_LOCK}, hashtext(${driverId}))`);
    const open = (
      await tx
        .select({ id: deliveryRuns.id })
        .from(deliveryRuns)
        .where(and(eq(deliveryRuns.driverId, driverId), isNull(deliveryRuns.startedAt), isNull(deliveryRuns.finishedAt)))
        .orderBy(desc(deliveryRuns.createdAt), desc(deliveryRuns.id))
        .limit(1)
    )[0];
    // Both runs' rows locked, in id order, before their positions are read or renumbered; the open run may have been
    // emptied and deleted by a move away from it meanwhile.
    const locked = await lockRuns(tx, [open?.id, existing?.runId]);
    let run = open && locked.includes(open.id) ? open : undefined;
    if (!run) {
      run = { id: newId(now) };
      await tx.insert(deliveryRuns).values({ id: run.id, driverId, createdBy: actor.id, createdAt: now });
    }
    if (existing) {
      await tx.delete(runStops).where(eq(runStops.orderId, orderId));
      await renumber(tx, existing.runId);
      await settleRun(tx, existing.runId, now);
    }
    const last = (
      await tx
        .select({ position: max(runStops.position) })
        .from(runStops)
        .where(eq(runStops.runId, run.id))
    )[0];
    await tx
      .insert(runStops)
      .values({ orderId, runId: run.id, position: (last?.position ?? 0) + 1, assignedAt: now, assignedBy: actor.id });
    await recordAudit(tx, now, {
      actor,
      action: existing ? 'order.reassign' : 'order.assign',
      subjectType: 'order',
      subjectId: orderId,
      summary: existing
        ? `Moved order ${number} from ${existing.driverName} to ${driver.name}`
        : `Assigned order ${number} to ${driver.name}`,
      before: existing ? { driverId: existing.driverId, runId: existing.runId } : { driverId: null },
      after: { driverId, runId: run.id },
    });
    return {
      runId: run.id,
      changed: { orderId, userId: order.userId, status: order.status } satisfies ChangedOrder,
      drivers: existing ? [driverId, existing.driverId] : [driverId],
    };
  });
  if (changed) emitDeliveryChanged(ctx.db, { orders: [changed], drivers });
  const run = await readRun(ctx.db, runId);
  if (!run) throw new HttpError('RUN_NOT_FOUND', 'The run has gone: refresh and try again');
  return run;
}

/**
 * `DELETE /api/orders/:id/assign`: the order leaves its run (1), or was on none (0). A picked-up order cannot: 409
 * ALREADY_PICKED_UP.
 */
export async function unassignOrder(ctx: Ctx, actor: AuditActor, orderId: string): Promise<{ deletedCount: number }> {
  const changed = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const number = displayOrderId(orderId);
    const order = await lockOrder(tx, orderId);
    const existing = await lockStop(tx, orderId);
    if (!existing) return null;
    if (existing.pickedUpAt) {
      throw new HttpError('ALREADY_PICKED_UP', `${existing.driverName} has picked up order ${number}: it cannot be taken off the run now`);
    }
    await lockRuns(tx, [existing.runId]);
    await tx.delete(runStops).where(eq(runStops.orderId, orderId));
    await renumber(tx, existing.runId);
    await settleRun(tx, existing.runId, now);
    await recordAudit(tx, now, {
      actor,
      action: 'order.unassign',
      subjectType: 'order',
      subjectId: orderId,
      summary: `Took order ${number} off ${existing.driverName}’s run`,
      before: { driverId: existing.driverId, runId: existing.runId },
      after: { driverId: null },
    });
    return { order: { orderId, userId: order.userId, status: order.status } satisfies ChangedOrder, driverId: existing.driverId };
  });
  if (!changed) return { deletedCount: 0 };
  emitDeliveryChanged(ctx.db, { orders: [changed.order], drivers: [changed.driverId] });
  return { deletedCount: 1 };
}

/**
 * `PUT /api/runs/:id/order {orderIds}`: the run's stops in a new order (each named once: 422 RUN_ORDER_MISMATCH
 * otherwise); a finished run keeps its order (409 RUN_FINISHED).
 */
export async function reorderRun(ctx: Ctx, actor: AuditActor, runId: string, orderIds: string[]): Promise<DeliveryRun> {
  const changed = await inTransaction(ctx.db, async (tx) => {
    const run = (
      await tx
        .select({ finishedAt: deliveryRuns.finishedAt, driverId: deliveryRuns.driverId, driverName: users.username })
        .from(deliveryRuns)
        .innerJoin(users, eq(users.id, deliveryRuns.driverId))
        .where(eq(deliveryRuns.id, runId))
        .for('update', { of: deliveryRuns })
    )[0];
    if (!run) throw new HttpError('RUN_NOT_FOUND', 'No run has that id');
    if (run.finishedAt) throw new HttpError('RUN_FINISHED', 'This run is finished: its stops keep their order');
    const stops = await tx
      .select({ orderId: runStops.orderId, userId: orders.userId, status: orders.status })
      .from(runStops)
      .innerJoin(orders, eq(orders.id, runStops.orderId))
      .where(eq(runStops.runId, runId))
      .orderBy(asc(runStops.position))
      .for('update', { of: runStops });
    const named = new Set(orderIds);
    if (named.size !== orderIds.length || stops.length !== orderIds.length || stops.some((stop) => !named.has(stop.orderId))) {
      throw new HttpError('RUN_ORDER_MISMATCH', `Name each of the run’s ${stops.length} orders once, in their new order`);
    }
    const now = ctx.now();
    for (const [index, orderId] of orderIds.entries()) {
      await tx
        .update(runStops)
        .set({ position: index + 1 })
        .where(and(eq(runStops.orderId, orderId), eq(runStops.runId, runId)));
    }
    await recordAudit(tx, now, {
      actor,
      action: 'run.reorder',
      subjectType: 'run',
      subjectId: runId,
      summary: `Reordered ${run.driverName}’s run: ${orderIds.map(displayOrderId).join(', ')}`,
      before: { orderIds: stops.map((stop) => stop.orderId) },
      after: { orderIds },
    });
    return { orders: stops.map((stop) => ({ orderId: stop.orderId, userId: stop.userId, status: stop.status })), driverId: run.driverId };
  });
  emitDeliveryChanged(ctx.db, { orders: changed.orders, drivers: [changed.driverId] });
  const run = await readRun(ctx.db, runId);
  if (!run) throw new HttpError('RUN_NOT_FOUND', 'No run has that id');
  return run;
}

/**
 * The shop delivered or canceled an order by hand (the board's status change, closing the day). Delivered: a stop the
 * driver had picked up counts as their drop from now (the cash-up expects its cash, which the driver did not report);
 * one still at the shop was handed over by the shop and leaves the run. Then the run, once started, is finished when
 * nothing is left on it to deliver. A driver's own changes settle their run themselves.
 */
export async function settleRunOfOrder(ctx: Ctx, orderId: string, change: 'delivered' | 'canceled'): Promise<void> {
  const stop = (
    await ctx.db
      .select({ runId: runStops.runId, driverId: deliveryRuns.driverId })
      .from(runStops)
      .innerJoin(deliveryRuns, eq(deliveryRuns.id, runStops.runId))
      .where(eq(runStops.orderId, orderId))
  )[0];
  if (!stop) return;
  await inTransaction(ctx.db, async (tx) => {
    if ((await lockRuns(tx, [stop.runId])).length === 0) return;
    const now = ctx.now();
    if (change === 'delivered') {
      const [mine] = await tx
        .select({ pickedUpAt: runStops.pickedUpAt, deliveredAt: runStops.deliveredAt })
        .from(runStops)
        .where(eq(runStops.orderId, orderId));
      if (mine?.pickedUpAt && !mine.deliveredAt) await tx.update(runStops).set({ deliveredAt: now }).where(eq(runStops.orderId, orderId));
      if (mine && !mine.pickedUpAt) {
        await tx.delete(runStops).where(eq(runStops.orderId, orderId));
        await renumber(tx, stop.runId);
      }
    }
    await settleRun(tx, stop.runId, now);
  });
  // The driver's phone shows the order delivered or canceled.
  emitDeliveryChanged(ctx.db, { orders: [], drivers: [stop.driverId] });
}
