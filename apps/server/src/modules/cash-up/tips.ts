/**
 * The tips' pay-out (decision 1701, the Employment (Allocation of Tips) Act 2023): each delivered order's tip is its
 * driver's, the driver of the run it was on (dispatch's run_stops, read here), and belongs to the London month the
 * order was placed in, the earliest the customer paid, so the due date is never later than the Act's. A month's
 * tips are paid out in full, once the month is over, by the end of the following month; the record of each tip is
 * the order itself (never deleted: account deletion anonymises the person and keeps the amounts) and tip_payouts.
 */
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { DriverTipsAnswer, Person, TipPayoutMethod, TipPayoutsAnswer, WorkerTipMonth } from '@shop/shared/contract/cash-up';
import { checkTipPayout, monthDates, monthLabel, monthOfDate, tipMonth, tipsDueDate } from '@shop/shared/domain/driver-cash-up';
import { addDays, londonParts } from '@shop/shared/domain/london-time';
import { formatPounds, penceToPounds } from '@shop/shared/domain/money';
import { dateKey, dateOfKey } from '@shop/shared/domain/opening-hours';
import { displayOrderId } from '@shop/shared/domain/order-id';
import type { ServiceContext } from '../../context';
import type { InTransaction } from '../../db/client';
import { newId } from '../../db/id';
import { tipPayouts, users } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { recordAudit, type AuditActor } from '../audit/public';
import { readDeliveredTips, staffName } from '../reports/public';

/** How long the shop keeps the record of tips: the Act's three years, counted from the end of the tip's month. */
export const TIP_RECORDS_KEPT_YEARS = 3;

interface TipRecord {
  orderId: string;
  placedAt: Date;
  /** London date it was placed on. */
  date: string;
  month: string;
  deliveredAt: Date | null;
  tip: number;
  tipRefunded: number;
  driverTip: number;
  /** Null: delivered without a run, so no driver is recorded. */
  worker: Person | null;
}

/** The Tips Act's months are calendar months: today, and each record, by London's calendar date (not the business day). */
function londonDate(at: Date): string {
  return dateKey(londonParts(at));
}

/** Delivered orders with a tip placed between two London dates (inclusive), oldest first, with their driver. */
async function readTipRecords(db: InTransaction, from: string, to: string, workerId?: string): Promise<TipRecord[]> {
  const tips = await readDeliveredTips(db, { from, to, ...(workerId ? { driverId: workerId } : {}) });
  return tips.map(({ driver, ...tip }) => {
    const date = londonDate(tip.placedAt);
    return { ...tip, date, month: monthOfDate(date), worker: driver };
  });
}

type PayoutRow = typeof tipPayouts.$inferSelect;

function workerMonth(worker: Person, month: string, records: TipRecord[], payout: PayoutRow | undefined, today: string): WorkerTipMonth {
  const received = records.reduce((sum, record) => sum + record.driverTip, 0);
  const paid = payout?.amount ?? 0;
  const figures = tipMonth({ month, received, paid, paidOn: payout ? londonDate(payout.paidAt) : null, today });
  return {
    worker,
    month,
    orders: records.filter((record) => record.driverTip > 0).length,
    received: penceToPounds(received),
    paid: penceToPounds(paid),
    outstanding: penceToPounds(figures.outstanding),
    dueDate: figures.dueDate,
    status: figures.status,
    paidAt: payout?.paidAt.toISOString() ?? null,
    method: (payout?.method as TipPayoutMethod | undefined) ?? null,
    paidLate: figures.paidLate,
  };
}

/** The month before `today`'s: the one whose tips are due now. */
export function previousMonth(today: string): string {
  const first = dateOfKey(`${monthOfDate(today)}-01`);
  return monthOfDate(dateKey(addDays(first, -1)));
}

async function readWorkers(db: InTransaction, ids: string[]): Promise<Map<string, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, { id: row.id, name: staffName(row.username, row.deletedAt) }]));
}

interface MonthFacts {
  records: TipRecord[];
  byWorker: Map<string, TipRecord[]>;
  payouts: Map<string, PayoutRow>;
  workers: Map<string, Person>;
}

async function readMonth(db: InTransaction, month: string, workerId?: string): Promise<MonthFacts> {
  const { first, last } = monthDates(month);
  const [records, payoutRows] = await Promise.all([
    readTipRecords(db, first, last, workerId),
    db
      .select()
      .from(tipPayouts)
      .where(and(eq(tipPayouts.month, month), workerId ? eq(tipPayouts.workerId, workerId) : undefined)),
  ]);
  const byWorker = new Map<string, TipRecord[]>();
  for (const record of records) {
    if (record.worker) byWorker.set(record.worker.id, [...(byWorker.get(record.worker.id) ?? []), record]);
  }
  const payouts = new Map(payoutRows.map((row) => [row.workerId, row]));
  const workers = await readWorkers(db, [...new Set([...byWorker.keys(), ...payouts.keys()])]);
  return { records, byWorker, payouts, workers };
}

/** `GET /api/reports/tip-payouts?month=`: per worker, the month's tips, the pay-out, the due date and the status. */
export async function tipPayoutsReport(ctx: Pick<ServiceContext, 'db' | 'now'>, month: string | undefined): Promise<TipPayoutsAnswer> {
  const today = londonDate(ctx.now());
  const chosen = month ?? previousMonth(today);
  const facts = await readMonth(ctx.db, chosen);
  const workers = [...facts.workers.values()]
    .map((worker) => workerMonth(worker, chosen, facts.byWorker.get(worker.id) ?? [], facts.payouts.get(worker.id), today))
    .sort((a, b) => a.worker.name.localeCompare(b.worker.name) || a.worker.id.localeCompare(b.worker.id));
  const unassigned = facts.records.filter((record) => record.worker === null && record.driverTip > 0);
  const sum = (pick: (row: WorkerTipMonth) => number) =>
    penceToPounds(workers.reduce((total, row) => total + Math.round(pick(row) * 100), 0));
  return {
    month: chosen,
    label: monthLabel(chosen),
    dueDate: tipsDueDate(chosen),
    workers,
    unassigned: { orders: unassigned.length, amount: penceToPounds(unassigned.reduce((total, record) => total + record.driverTip, 0)) },
    total: { received: sum((row) => row.received), paid: sum((row) => row.paid), outstanding: sum((row) => row.outstanding) },
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * `POST /api/tip-payouts`: records that a worker was paid their tips of a month, in full. What is owed is
 * recomputed here; an amount that is not exactly it is refused. A tip that counts after a pay-out (an order placed
 * late on the month's last day and delivered after it was paid) is paid by a second pay-out of the rest, added to the
 * month's row (one per worker and month); the audit log keeps each.
 */
export async function recordTipPayout(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  body: { workerId: string; month: string; amount: number; method: TipPayoutMethod },
  actor: AuditActor,
): Promise<WorkerTipMonth> {
  const now = ctx.now();
  const today = londonDate(now);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(tipPayouts)
        .where(and(eq(tipPayouts.workerId, body.workerId), eq(tipPayouts.month, body.month)))
        .for('update');
      const facts = await readMonth(tx, body.month, body.workerId);
      const worker = facts.workers.get(body.workerId) ?? (await readWorkers(tx, [body.workerId])).get(body.workerId);
      if (!worker) throw new HttpError('DRIVER_NOT_FOUND', 'No worker with that id');
      const records = facts.byWorker.get(body.workerId) ?? [];
      const received = records.reduce((sum, record) => sum + record.driverTip, 0);
      const paid = existing?.amount ?? 0;
      const check = checkTipPayout({ month: body.month, received, paid, amount: body.amount, today, workerName: worker.name });
      if (!check.ok) throw new HttpError(check.reason === 'NOT_IN_FULL' ? 'TIP_PAYOUT_NOT_IN_FULL' : 'TIPS_NOT_PAYABLE', check.message);
      let row: PayoutRow;
      if (existing) {
        [row] = (await tx
          .update(tipPayouts)
          .set({ amount: paid + body.amount, paidAt: now, paidBy: actor.id, method: body.method })
          .where(eq(tipPayouts.id, existing.id))
          .returning()) as [PayoutRow];
      } else {
        [row] = (await tx
          .insert(tipPayouts)
          .values({
            id: newId(now),
            workerId: body.workerId,
            month: body.month,
            amount: body.amount,
            paidAt: now,
            paidBy: actor.id,
            method: body.method,
          })
          .returning()) as [PayoutRow];
      }
      await recordAudit(tx, now, {
        actor,
        action: 'tip-payout.record',
        subjectType: 'tip-payout',
        subjectId: row.id,
        summary: `Paid ${worker.name} ${formatPounds(body.amount)} of tips for ${monthLabel(body.month)} (${body.method})`,
        after: { workerId: body.workerId, month: body.month, amount: body.amount, method: body.method, received },
      });
      return workerMonth(worker, body.month, records, row, today);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError('TIPS_NOT_PAYABLE', 'These tips were paid out a moment ago: reload to see the pay-out');
    throw error;
  }
}

/** A CSV cell: quoted when it must be, and text a spreadsheet would run as a formula made plain. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const TIP_CSV_HEADER = ['date', 'order', 'worker', 'worker_id', 'tip', 'tip_refunded', 'driver_tip', 'paid_out_on', 'method'];

/** `GET /api/reports/tip-payouts.csv?month=`: one line per tip for the accountant, with when it was paid out. */
export async function tipPayoutsCsv(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  month: string | undefined,
): Promise<{ month: string; csv: string }> {
  const chosen = month ?? previousMonth(londonDate(ctx.now()));
  const facts = await readMonth(ctx.db, chosen);
  const lines = [TIP_CSV_HEADER.join(',')];
  for (const record of facts.records) {
    const payout = record.worker ? facts.payouts.get(record.worker.id) : undefined;
    lines.push(
      [
        record.date,
        displayOrderId(record.orderId),
        record.worker?.name ?? 'No driver recorded',
        record.worker?.id ?? '',
        (record.tip / 100).toFixed(2),
        (record.tipRefunded / 100).toFixed(2),
        (record.driverTip / 100).toFixed(2),
        payout ? londonDate(payout.paidAt) : '',
        payout?.method ?? '',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return { month: chosen, csv: `${lines.join('\r\n')}\r\n` };
}

/** `GET /api/driver/tips?from=&to=`: the signed-in worker's own record, by default the three years kept. */
export async function driverTipsStatement(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  worker: { id: string; username: string },
  query: { from?: string | undefined; to?: string | undefined },
): Promise<DriverTipsAnswer> {
  const today = londonDate(ctx.now());
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const { year, month } = dateOfKey(to);
  const from = query.from ?? dateKey({ year: year - TIP_RECORDS_KEPT_YEARS, month, day: 1 });
  const records = await readTipRecords(ctx.db, from, to, worker.id);
  const payoutRows = await ctx.db
    .select()
    .from(tipPayouts)
    .where(and(eq(tipPayouts.workerId, worker.id), gte(tipPayouts.month, monthOfDate(from)), lte(tipPayouts.month, monthOfDate(to))))
    .orderBy(asc(tipPayouts.month));
  const payouts = new Map(payoutRows.map((row) => [row.month, row]));
  const months = [...new Set([...records.map((record) => record.month), ...payouts.keys()])].sort();
  const person = { id: worker.id, name: staffName(worker.username, null) };
  const monthRows = months.map((month) => {
    const { worker: _worker, ...row } = workerMonth(
      person,
      month,
      records.filter((record) => record.month === month),
      payouts.get(month),
      today,
    );
    return row;
  });
  return {
    worker: person,
    from,
    to,
    tips: records.map((record) => ({
      orderId: record.orderId,
      displayId: displayOrderId(record.orderId),
      placedAt: record.placedAt.toISOString(),
      deliveredAt: record.deliveredAt?.toISOString() ?? null,
      tip: penceToPounds(record.tip),
      tipRefunded: penceToPounds(record.tipRefunded),
      driverTip: penceToPounds(record.driverTip),
      month: record.month,
    })),
    months: monthRows,
    total: {
      received: penceToPounds(records.reduce((sum, record) => sum + record.driverTip, 0)),
      paid: penceToPounds([...payouts.values()].reduce((sum, row) => sum + row.amount, 0)),
    },
  };
}
