/**
 * Drivers' shifts (decision 1701): one per driver and business day (05:00 to 05:00, domain/business-day.ts, so a
 * driver cashing up at 01:00 sees the whole night), with a float out and the cash handed in at the close. The figures are recomputed from the day's delivered stops (dispatch's run_stops, read here) every time, by
 * domain/driver-cash-up.ts; the shift row keeps only what people entered and the pay per drop at the close.
 */
import { and, asc, eq, gte, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { DriverShiftsAnswer, DriverShiftWire, Person } from '@shop/shared/contract/cash-up';
import { shiftFigures, varianceLine, type DeliveredStop } from '@shop/shared/domain/driver-cash-up';
import { businessDateKey, businessDayRange } from '@shop/shared/domain/business-day';
import { formatPounds, penceToPounds } from '@shop/shared/domain/money';
import { displayOrderId } from '@shop/shared/domain/order-id';
import type { ServiceContext } from '../../context';
import type { InTransaction } from '../../db/client';
import { newId } from '../../db/id';
import { deliveryRuns, driverShifts, orders, runStops, users } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { recordAudit, type AuditActor } from '../audit/public';
import { staffName } from '../reports/public';
import { readPayPerDrop } from '../settings/public';

export const SHIFT_NOT_FOUND = 'No driver shift with that id';

type ShiftRow = typeof driverShifts.$inferSelect;

interface DayFacts {
  stops: Map<string, DeliveredStop[]>;
  onTheRoad: Map<string, string[]>;
  shifts: Map<string, ShiftRow>;
  names: Map<string, Person>;
}

/** The day's delivered stops, stops on the road and shifts, per driver (one driver's when `driverId` is given). */
async function readDay(db: InTransaction, date: string, driverId?: string): Promise<DayFacts> {
  const { from: start, to: end } = businessDayRange(date);
  const ofDriver = driverId ? eq(deliveryRuns.driverId, driverId) : undefined;
  const [delivered, road, shiftRows] = await Promise.all([
    db
      .select({
        driverId: deliveryRuns.driverId,
        paymentType: orders.paymentType,
        total: orders.total,
        tip: orders.tip,
        refundedTotal: orders.refundedTotal,
        cashCollected: runStops.cashCollected,
      })
      .from(runStops)
      .innerJoin(deliveryRuns, eq(deliveryRuns.id, runStops.runId))
      .innerJoin(orders, eq(orders.id, runStops.orderId))
      .where(and(gte(runStops.deliveredAt, start), lt(runStops.deliveredAt, end), ofDriver))
      .orderBy(asc(runStops.deliveredAt), asc(runStops.orderId)),
    db
      .select({ driverId: deliveryRuns.driverId, orderId: runStops.orderId })
      .from(runStops)
      .innerJoin(deliveryRuns, eq(deliveryRuns.id, runStops.runId))
      .innerJoin(orders, eq(orders.id, runStops.orderId))
      .where(
        and(
          gte(runStops.pickedUpAt, start),
          lt(runStops.pickedUpAt, end),
          isNull(runStops.deliveredAt),
          ne(orders.status, 'Canceled Order'),
          ofDriver,
        ),
      ),
    db
      .select()
      .from(driverShifts)
      .where(and(eq(driverShifts.businessDate, date), driverId ? eq(driverShifts.driverId, driverId) : undefined)),
  ]);
  const stops = new Map<string, DeliveredStop[]>();
  for (const { driverId: id, ...stop } of delivered) stops.set(id, [...(stops.get(id) ?? []), stop]);
  const onTheRoad = new Map<string, string[]>();
  for (const row of road) onTheRoad.set(row.driverId, [...(onTheRoad.get(row.driverId) ?? []), row.orderId]);
  const shifts = new Map(shiftRows.map((row) => [row.driverId, row]));
  const ids = [...new Set([...stops.keys(), ...onTheRoad.keys(), ...shifts.keys()])];
  const people =
    ids.length === 0
      ? []
      : await db.select({ id: users.id, username: users.username, deletedAt: users.deletedAt }).from(users).where(inArray(users.id, ids));
  const names = new Map(people.map((row) => [row.id, { id: row.id, name: staffName(row.username, row.deletedAt) }]));
  return { stops, onTheRoad, shifts, names };
}

function shiftWire(facts: DayFacts, date: string, driverId: string, currentPayPerDrop: number): DriverShiftWire {
  const shift = facts.shifts.get(driverId);
  const closed = shift?.closedAt != null;
  const payPerDrop = closed ? (shift.payPerDrop ?? 0) : currentPayPerDrop;
  const figures = shiftFigures({
    floatPence: shift?.floatPence ?? 0,
    stops: facts.stops.get(driverId) ?? [],
    cashHandedIn: closed ? (shift.cashHandedIn ?? 0) : null,
    payPerDrop,
  });
  return {
    driver: facts.names.get(driverId) ?? { id: driverId, name: 'Unknown driver' },
    date,
    shift: shift
      ? { id: shift.id, openedAt: shift.openedAt.toISOString(), closedAt: shift.closedAt?.toISOString() ?? null, note: shift.note }
      : null,
    float: penceToPounds(shift?.floatPence ?? 0),
    drops: figures.drops,
    cashOrders: figures.cashOrders,
    cardOrders: figures.cardOrders,
    cashExpected: penceToPounds(figures.cashExpected),
    cashCollected: penceToPounds(figures.cashCollected),
    expectedBack: penceToPounds(figures.expectedBack),
    cashHandedIn: figures.cashHandedIn === null ? null : penceToPounds(figures.cashHandedIn),
    variance: figures.variance === null ? null : penceToPounds(figures.variance),
    balance: figures.balance,
    varianceText: figures.variance === null ? null : varianceLine(figures.variance),
    payPerDrop: penceToPounds(payPerDrop),
    pay: penceToPounds(figures.pay),
    tips: penceToPounds(figures.tips),
    onTheRoad: facts.onTheRoad.get(driverId)?.length ?? 0,
  };
}

/** The shop's drivers now (staff with the driver role, accounts not closed), by name. */
async function readDrivers(db: InTransaction): Promise<Person[]> {
  const rows = await db
    .select({ id: users.id, username: users.username, deletedAt: users.deletedAt })
    .from(users)
    .where(and(eq(users.role, 'driver'), isNull(users.deletedAt)))
    .orderBy(asc(users.username), asc(users.id));
  return rows.map((row) => ({ id: row.id, name: staffName(row.username, row.deletedAt) }));
}

/** `GET /api/driver-shifts?date=`: every driver who delivered, is on the road or has a shift that day. */
export async function listDriverShifts(ctx: Pick<ServiceContext, 'db' | 'now'>, date: string | undefined): Promise<DriverShiftsAnswer> {
  const day = date ?? businessDateKey(ctx.now());
  const [facts, payPerDrop, drivers] = await Promise.all([readDay(ctx.db, day), readPayPerDrop(ctx.db), readDrivers(ctx.db)]);
  const shifts = [...facts.names.keys()]
    .map((driverId) => shiftWire(facts, day, driverId, payPerDrop))
    .sort((a, b) => a.driver.name.localeCompare(b.driver.name) || a.driver.id.localeCompare(b.driver.id));
  return { date: day, payPerDrop: penceToPounds(payPerDrop), shifts, drivers };
}

async function oneShift(db: InTransaction, date: string, driverId: string): Promise<DriverShiftWire> {
  const [facts, payPerDrop] = await Promise.all([readDay(db, date, driverId), readPayPerDrop(db)]);
  return shiftWire(facts, date, driverId, payPerDrop);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** `POST /api/driver-shifts`: opens a driver's shift for a day (today or one past) with its float. */
export async function openDriverShift(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  body: { driverId: string; date: string; float: number },
  actor: AuditActor,
): Promise<DriverShiftWire> {
  const now = ctx.now();
  if (body.date > businessDateKey(now)) throw new HttpError('VALIDATION_FAILED', 'date: a shift is opened on its day, not before');
  const [driver] = await ctx.db
    .select({ id: users.id, username: users.username, deletedAt: users.deletedAt })
    .from(users)
    .where(and(eq(users.id, body.driverId), eq(users.role, 'driver'), isNull(users.deletedAt)));
  if (!driver) throw new HttpError('DRIVER_NOT_FOUND', 'No driver with that id: a shift is for a member of staff with the driver role');
  const name = staffName(driver.username, driver.deletedAt);
  try {
    await ctx.db.transaction(async (tx) => {
      const id = newId(now);
      await tx
        .insert(driverShifts)
        .values({ id, driverId: body.driverId, businessDate: body.date, floatPence: body.float, openedAt: now, openedBy: actor.id });
      await recordAudit(tx, now, {
        actor,
        action: 'driver-shift.open',
        subjectType: 'driver-shift',
        subjectId: id,
        summary: `Opened ${name}'s shift of ${body.date} with a float of ${formatPounds(body.float)}`,
        after: { driverId: body.driverId, date: body.date, float: body.float },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError('SHIFT_EXISTS', `${name} has a shift on ${body.date} already: one shift per driver and day`);
    }
    throw error;
  }
  return oneShift(ctx.db, body.date, body.driverId);
}

/**
 * `POST /api/driver-shifts/:id/close`: records the cash handed in and the pay per drop in force, refused while the
 * driver has a delivery on the road that day (its cash is not back yet).
 */
export async function closeDriverShift(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  id: string,
  body: { cashHandedIn: number; note?: string | undefined },
  actor: AuditActor,
): Promise<DriverShiftWire> {
  const now = ctx.now();
  const shift = await ctx.db.transaction(async (tx) => {
    const [row] = /^[0-9a-f]{24}$/.test(id) ? await tx.select().from(driverShifts).where(eq(driverShifts.id, id)).for('update') : [];
    if (!row) throw new HttpError('SHIFT_NOT_FOUND', SHIFT_NOT_FOUND);
    const facts = await readDay(tx, row.businessDate, row.driverId);
    const name = facts.names.get(row.driverId)?.name ?? 'The driver';
    if (row.closedAt) throw new HttpError('SHIFT_CLOSED', `${name}'s shift of ${row.businessDate} is closed already`);
    const road = facts.onTheRoad.get(row.driverId) ?? [];
    if (road.length > 0) {
      const which = road.map((orderId) => displayOrderId(orderId)).join(', ');
      throw new HttpError(
        'DRIVER_ON_THE_ROAD',
        `${name} still has ${road.length === 1 ? 'a delivery' : `${road.length} deliveries`} on the road (order ${which}): close the shift once ${road.length === 1 ? 'it is' : 'they are'} delivered`,
      );
    }
    const payPerDrop = await readPayPerDrop(tx);
    await tx
      .update(driverShifts)
      .set({ closedAt: now, closedBy: actor.id, cashHandedIn: body.cashHandedIn, payPerDrop, note: body.note ?? row.note })
      .where(eq(driverShifts.id, id));
    const closed = { ...row, closedAt: now, cashHandedIn: body.cashHandedIn, payPerDrop, note: body.note ?? row.note };
    facts.shifts.set(row.driverId, closed);
    const wire = shiftWire(facts, row.businessDate, row.driverId, payPerDrop);
    await recordAudit(tx, now, {
      actor,
      action: 'driver-shift.close',
      subjectType: 'driver-shift',
      subjectId: id,
      summary: `Closed ${name}'s shift of ${row.businessDate}: ${formatPounds(body.cashHandedIn)} handed in, ${wire.varianceText ?? ''}`,
      after: { cashHandedIn: body.cashHandedIn, payPerDrop, variance: wire.variance, note: closed.note },
    });
    return wire;
  });
  return shift;
}
