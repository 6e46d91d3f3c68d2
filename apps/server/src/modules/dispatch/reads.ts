import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, max, notExists, or, sql } from 'drizzle-orm';
import type { DeliveryRun, DispatchOrder, RunStop } from '@shop/shared/contract/dispatch';
import { businessDateKey, businessDayRange } from '@shop/shared/domain/business-day';
import { penceToPounds } from '@shop/shared/domain/money';
import { displayOrderId } from '@shop/shared/domain/order-id';
import type { InTransaction } from '../../db/client';
import { deliveryRuns, driverPositions, orders, runStops, shopSettings, users } from '../../db/schema';
import { placedOrderCondition } from '../orders/public';

/** The shop's business day that holds `now` (domain/business-day.ts): Friday's runs stay Friday's past midnight. */
export function dayRangeOf(now: Date): { from: Date; to: Date } {
  return businessDayRange(businessDateKey(now));
}

/** What a stop's and a waiting delivery's wire shapes read of an order. */
export const orderColumns = {
  orderId: orders.id,
  userId: orders.userId,
  status: orders.status,
  fulfilment: orders.fulfilment,
  address: orders.address,
  phone: orders.phone,
  note: orders.note,
  allergyNote: orders.allergyNote,
  paymentType: orders.paymentType,
  paymentStatus: orders.paymentStatus,
  total: orders.total,
  tip: orders.tip,
  expectedAt: orders.expectedAt,
  scheduledFor: orders.scheduledFor,
  readyAt: orders.readyAt,
};

type OrderFacts = {
  orderId: string;
  status: (typeof orders.$inferSelect)['status'];
  address: (typeof orders.$inferSelect)['address'];
  phone: string | null;
  note: string;
  allergyNote: string;
  paymentType: (typeof orders.$inferSelect)['paymentType'];
  paymentStatus: (typeof orders.$inferSelect)['paymentStatus'];
  total: number;
  expectedAt: Date | null;
  scheduledFor: Date | null;
  readyAt: Date | null;
};

/** Pence the driver takes at the door: a cash order not yet paid (one paid at the counter owes nothing). */
export function cashDuePence(order: Pick<OrderFacts, 'paymentType' | 'paymentStatus' | 'total'>): number {
  return order.paymentType === 'Cash' && order.paymentStatus === 'unpaid' ? order.total : 0;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function toDispatchOrder(row: OrderFacts): DispatchOrder {
  const { address } = row;
  const due = cashDuePence(row);
  return {
    orderId: row.orderId,
    orderNumber: displayOrderId(row.orderId),
    status: row.status,
    customerName: `${address.firstname} ${address.lastname}`.trim(),
    phone: row.phone ?? (address.phone || null),
    addressLines: [address.address, address.address2, address.city].filter((line) => line.trim() !== ''),
    postcode: address.postcode,
    note: row.note,
    allergyNote: row.allergyNote,
    cashDue: penceToPounds(due),
    paid: due === 0,
    dueAt: iso(row.expectedAt ?? row.scheduledFor),
    readyAt: iso(row.readyAt),
  };
}

type StopRow = OrderFacts & {
  runId: string;
  position: number;
  pickedUpAt: Date | null;
  deliveredAt: Date | null;
  cashCollected: number | null;
  photoImageId: string | null;
};

function toRunStop(row: StopRow): RunStop {
  return {
    ...toDispatchOrder(row),
    position: row.position,
    pickedUpAt: iso(row.pickedUpAt),
    deliveredAt: iso(row.deliveredAt),
    cashCollected: row.cashCollected === null ? null : penceToPounds(row.cashCollected),
    photoImageId: row.photoImageId,
  };
}

type RunRow = typeof deliveryRuns.$inferSelect & { driverName: string };

/** The runs' wire shapes, their stops in order, in two queries whatever their number. */
export async function runsWithStops(db: InTransaction, runs: RunRow[]): Promise<DeliveryRun[]> {
  if (runs.length === 0) return [];
  const stops = await db
    .select({
      ...orderColumns,
      runId: runStops.runId,
      position: runStops.position,
      pickedUpAt: runStops.pickedUpAt,
      deliveredAt: runStops.deliveredAt,
      cashCollected: runStops.cashCollected,
      photoImageId: runStops.photoImageId,
    })
    .from(runStops)
    .innerJoin(orders, eq(orders.id, runStops.orderId))
    .where(
      inArray(
        runStops.runId,
        runs.map((run) => run.id),
      ),
    )
    .orderBy(asc(runStops.position));
  return runs.map((run) => ({
    id: run.id,
    driverId: run.driverId,
    driverName: run.driverName,
    createdAt: run.createdAt.toISOString(),
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
    stops: stops.filter((stop) => stop.runId === run.id).map(toRunStop),
  }));
}

const runColumns = {
  id: deliveryRuns.id,
  driverId: deliveryRuns.driverId,
  createdBy: deliveryRuns.createdBy,
  createdAt: deliveryRuns.createdAt,
  startedAt: deliveryRuns.startedAt,
  finishedAt: deliveryRuns.finishedAt,
  driverName: users.username,
};

/** One run as the wire has it, or undefined. */
export async function readRun(db: InTransaction, runId: string): Promise<DeliveryRun | undefined> {
  const rows = await db
    .select(runColumns)
    .from(deliveryRuns)
    .innerJoin(users, eq(users.id, deliveryRuns.driverId))
    .where(eq(deliveryRuns.id, runId));
  return (await runsWithStops(db, rows))[0];
}

/**
 * The runs of today (the business day holding `now`) and any still open from before, oldest first; of one driver when
 * `driverId` is given: open ones (not finished) first.
 */
export async function readRunsOfDay(db: InTransaction, now: Date, driverId?: string): Promise<DeliveryRun[]> {
  const { from } = dayRangeOf(now);
  const rows = await db
    .select(runColumns)
    .from(deliveryRuns)
    .innerJoin(users, eq(users.id, deliveryRuns.driverId))
    .where(
      and(
        driverId ? eq(deliveryRuns.driverId, driverId) : undefined,
        or(isNull(deliveryRuns.finishedAt), gte(deliveryRuns.finishedAt, from), gte(deliveryRuns.createdAt, from)),
      ),
    )
    .orderBy(sql`${deliveryRuns.finishedAt} is not null`, asc(deliveryRuns.createdAt), asc(deliveryRuns.id));
  return runsWithStops(db, rows);
}

/** Accepted deliveries the shop sees that are on no run, the earliest due first. */
export async function readUnassigned(db: InTransaction): Promise<DispatchOrder[]> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(
      and(
        placedOrderCondition,
        eq(orders.fulfilment, 'delivery'),
        eq(orders.status, 'Approved Order'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(runStops)
            .where(eq(runStops.orderId, orders.id)),
        ),
      ),
    )
    .orderBy(sql`coalesce(${orders.expectedAt}, ${orders.scheduledFor}) asc nulls last`, asc(orders.createdAt));
  return rows.map(toDispatchOrder);
}

/** Deliveries on the way, with their driver when they are on a run: the watchdog's late ones. */
export async function readOnTheWay(db: InTransaction) {
  return db
    .select({ orderId: orders.id, expectedAt: orders.expectedAt, readyAt: orders.readyAt, driverName: users.username })
    .from(orders)
    .leftJoin(runStops, eq(runStops.orderId, orders.id))
    .leftJoin(deliveryRuns, eq(deliveryRuns.id, runStops.runId))
    .leftJoin(users, eq(users.id, deliveryRuns.driverId))
    .where(and(placedOrderCondition, eq(orders.fulfilment, 'delivery'), eq(orders.status, 'On the way')));
}

/**
 * The staff who deliver (role driver), by name, each with their last shown position's time today; and anyone else
 * with a run today (an owner or manager who took one out).
 */
export async function readDrivers(db: InTransaction, now: Date, runDriverIds: string[]) {
  const { from, to } = dayRangeOf(now);
  const people = await db
    .select({ id: users.id, name: users.username })
    .from(users)
    .where(
      and(isNull(users.deletedAt), or(eq(users.role, 'driver'), runDriverIds.length > 0 ? inArray(users.id, runDriverIds) : undefined)),
    )
    .orderBy(asc(users.username), asc(users.id));
  const seen =
    people.length === 0
      ? []
      : await db
          .select({ driverId: driverPositions.driverId, at: max(driverPositions.recordedAt) })
          .from(driverPositions)
          .where(
            and(
              inArray(
                driverPositions.driverId,
                people.map((person) => person.id),
              ),
              eq(driverPositions.shown, true),
              gte(driverPositions.recordedAt, from),
              lt(driverPositions.recordedAt, to),
            ),
          )
          .groupBy(driverPositions.driverId);
  const lastSeen = new Map(seen.map((row) => [row.driverId, row.at]));
  return people.map((person) => ({ id: person.id, name: person.name, lastSeenAt: iso(lastSeen.get(person.id) ?? null) }));
}

/** The watchdog's and the tracker's settings, straight from the settings row (the column defaults when absent). */
export async function readDispatchSettings(db: InTransaction) {
  const row = (
    await db
      .select({
        unassignedWarnMinutes: shopSettings.unassignedWarnMinutes,
        lateDeliveryWarnMinutes: shopSettings.lateDeliveryWarnMinutes,
        mapTileUrl: shopSettings.mapTileUrl,
        mapAttribution: shopSettings.mapAttribution,
      })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1))
  )[0];
  return row ?? { unassignedWarnMinutes: 10, lateDeliveryWarnMinutes: 15, mapTileUrl: null, mapAttribution: null };
}

/** The last position of a driver's that was shown, since `since` (the run's start), or undefined. */
export async function lastShownPosition(db: InTransaction, driverId: string, runId: string) {
  return (
    await db
      .select({ lat: driverPositions.lat, lng: driverPositions.lng, at: driverPositions.recordedAt })
      .from(driverPositions)
      .where(
        and(
          eq(driverPositions.driverId, driverId),
          eq(driverPositions.runId, runId),
          eq(driverPositions.shown, true),
          isNotNull(driverPositions.runId),
        ),
      )
      .orderBy(desc(driverPositions.recordedAt), desc(driverPositions.id))
      .limit(1)
  )[0];
}
