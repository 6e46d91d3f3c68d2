/**
 * The tips report (decision 1602): every delivered order with a tip placed between two London dates, with what of
 * the tip was refunded and what the driver gets (domain/tips.ts: a refund takes the tip last), and their sums. In
 * full: the shop deducts nothing, card fees included, each naming the driver of the run it was delivered on. What the
 * drivers' pay-out is made from, and the record of tips the law asks the shop to keep.
 */
import { and, asc, eq, gt, gte, lt } from 'drizzle-orm';
import type { TipsReportAnswer, TipsReportQuery } from '@shop/shared/contract/tips';
import { addDays, londonInstant, londonParts } from '@shop/shared/domain/london-time';
import { penceToPounds } from '@shop/shared/domain/money';
import { dateKey, dateOfKey } from '@shop/shared/domain/opening-hours';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { driverTip, tipRefunded } from '@shop/shared/domain/tips';
import type { ServiceContext } from '../../context';
import type { InTransaction } from '../../db/client';
import { deliveryRuns, orders, runStops, users } from '../../db/schema';
import { placedOrderCondition } from '../orders/public';

/** The London dates a report covers: as sent, else from the first of this month (or of `to`'s month) to today (or `to`). */
export function tipsReportDates(query: TipsReportQuery, now: Date): { from: string; to: string } {
  const today = dateKey(londonParts(now));
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? dateKey({ ...dateOfKey(to), day: 1 });
  return { from, to };
}

/** A member of staff as tips name them: a closed account keeps its id on its tips, not its name. */
export function staffName(username: string, deletedAt: Date | null): string {
  return username.trim() || (deletedAt ? 'Former staff member' : 'Unnamed driver');
}

/** A delivered order's tip as charged, what of it was refunded and what its driver gets: pence. */
export interface DeliveredTip {
  orderId: string;
  placedAt: Date;
  /** When its driver said delivered; null for one delivered without a run. */
  deliveredAt: Date | null;
  tip: number;
  tipRefunded: number;
  driverTip: number;
  /** The driver of the run it was delivered on; null for one delivered without a run. */
  driver: { id: string; name: string } | null;
}

/**
 * Every delivered order with a tip placed between two London dates (both inclusive), oldest first, with its driver
 * (dispatch's run tables); one driver's only when `driverId` is given. The tips report and the cash-up's pay-outs
 * read the same records.
 */
export async function readDeliveredTips(
  db: InTransaction,
  range: { from: string; to: string; driverId?: string },
): Promise<DeliveredTip[]> {
  const rows = await db
    .select({
      id: orders.id,
      placedAt: orders.placedAt,
      total: orders.total,
      tip: orders.tip,
      refundedTotal: orders.refundedTotal,
      deliveredAt: runStops.deliveredAt,
      driverId: deliveryRuns.driverId,
      driverName: users.username,
      driverDeletedAt: users.deletedAt,
    })
    .from(orders)
    .leftJoin(runStops, eq(runStops.orderId, orders.id))
    .leftJoin(deliveryRuns, eq(deliveryRuns.id, runStops.runId))
    .leftJoin(users, eq(users.id, deliveryRuns.driverId))
    .where(
      and(
        placedOrderCondition,
        eq(orders.status, 'Delivered Order'),
        gt(orders.tip, 0),
        gte(orders.placedAt, londonInstant(dateOfKey(range.from))),
        lt(orders.placedAt, londonInstant(addDays(dateOfKey(range.to), 1))),
        range.driverId ? eq(deliveryRuns.driverId, range.driverId) : undefined,
      ),
    )
    .orderBy(asc(orders.placedAt), asc(orders.id));
  return rows.map((row) => ({
    orderId: row.id,
    placedAt: row.placedAt ?? new Date(0),
    deliveredAt: row.deliveredAt,
    tip: row.tip,
    tipRefunded: tipRefunded(row),
    driverTip: driverTip(row),
    driver: row.driverId === null ? null : { id: row.driverId, name: staffName(row.driverName ?? '', row.driverDeletedAt) },
  }));
}

export async function tipsReport(ctx: Pick<ServiceContext, 'db' | 'now'>, query: TipsReportQuery): Promise<TipsReportAnswer> {
  const { from, to } = tipsReportDates(query, ctx.now());
  const records = await readDeliveredTips(ctx.db, { from, to });
  const sums = { tip: 0, tipRefunded: 0, driverTip: 0 };
  const tips = records.map((record) => {
    sums.tip += record.tip;
    sums.tipRefunded += record.tipRefunded;
    sums.driverTip += record.driverTip;
    return {
      orderId: record.orderId,
      displayId: displayOrderId(record.orderId),
      placedAt: record.placedAt.toISOString(),
      tip: penceToPounds(record.tip),
      tipRefunded: penceToPounds(record.tipRefunded),
      driverTip: penceToPounds(record.driverTip),
      driver: record.driver,
    };
  });
  return {
    from,
    to,
    tips,
    total: { tip: penceToPounds(sums.tip), tipRefunded: penceToPounds(sums.tipRefunded), driverTip: penceToPounds(sums.driverTip) },
  };
}
