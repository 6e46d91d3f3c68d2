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
import { deliveryRuns, orders, runStops, users } from '../../db/schema';
import { placedOrderCondition } from '../orders/public';

/** The London dates a report covers: as sent, else from the first of this month (or of `to`'s month) to today (or `to`). */
export function tipsReportDates(query: TipsReportQuery, now: Date): { from: string; to: string } {
  const today = dateKey(londonParts(now));
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? dateKey({ ...dateOfKey(to), day: 1 });
  return { from, to };
}

/** A closed staff account keeps its id on its tips, not its name. */
function driverName(username: string, deletedAt: Date | null): string {
  return username.trim() || (deletedAt ? 'Former staff member' : 'Unnamed driver');
}

export async function tipsReport(ctx: Pick<ServiceContext, 'db' | 'now'>, query: TipsReportQuery): Promise<TipsReportAnswer> {
  const { from, to } = tipsReportDates(query, ctx.now());
  const rows = await ctx.db
    .select({
      id: orders.id,
      placedAt: orders.placedAt,
      total: orders.total,
      tip: orders.tip,
      refundedTotal: orders.refundedTotal,
      driverId: deliveryRuns.driverId,
      driverName: users.username,
      driverDeletedAt: users.deletedAt,
    })
    .from(orders)
    // The driver of the run the order was delivered on (dispatch's tables); none for one delivered without a run.
    .leftJoin(runStops, eq(runStops.orderId, orders.id))
    .leftJoin(deliveryRuns, eq(deliveryRuns.id, runStops.runId))
    .leftJoin(users, eq(users.id, deliveryRuns.driverId))
    .where(
      and(
        placedOrderCondition,
        eq(orders.status, 'Delivered Order'),
        gt(orders.tip, 0),
        gte(orders.placedAt, londonInstant(dateOfKey(from))),
        lt(orders.placedAt, londonInstant(addDays(dateOfKey(to), 1))),
      ),
    )
    .orderBy(asc(orders.placedAt), asc(orders.id));
  const sums = { tip: 0, tipRefunded: 0, driverTip: 0 };
  const tips = rows.map((row) => {
    const refunded = tipRefunded(row);
    const driver = driverTip(row);
    sums.tip += row.tip;
    sums.tipRefunded += refunded;
    sums.driverTip += driver;
    return {
      orderId: row.id,
      displayId: displayOrderId(row.id),
      placedAt: (row.placedAt ?? new Date(0)).toISOString(),
      tip: penceToPounds(row.tip),
      tipRefunded: penceToPounds(refunded),
      driverTip: penceToPounds(driver),
      driver: row.driverId === null ? null : { id: row.driverId, name: driverName(row.driverName ?? '', row.driverDeletedAt) },
    };
  });
  return {
    from,
    to,
    tips,
    total: { tip: penceToPounds(sums.tip), tipRefunded: penceToPounds(sums.tipRefunded), driverTip: penceToPounds(sums.driverTip) },
  };
}
