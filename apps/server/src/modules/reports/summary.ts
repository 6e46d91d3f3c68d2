import { and, count, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminSummaryWire, DailySalesWire, SalesFiguresWire } from '@shop/shared/contract/summary';
import { DAILY_SALES_DAYS } from '@shop/shared/contract/summary';
import { PERIOD_KINDS, periodRange, type PeriodKind } from '@shop/shared/domain/dates';
import { addDays, londonInstant, londonParts, SHOP_TIME_ZONE, twoDigits, type LocalDate } from '@shop/shared/domain/london-time';
import type { PaymentStatus } from '@shop/shared/domain/payment-types';
import type { ServiceContext } from '../../context';
import { orders } from '../../db/schema';
import { countCatalogue } from '../catalogue/public';
import { placedInPeriod, placedOrderCondition } from '../orders/public';

/** A card order's money the shop has taken and not given all back (decision 0800). */
const CARD_SALE_STATUSES: PaymentStatus[] = ['paid', 'partially_refunded'];

/**
 * A sale is money kept (decision 0800): an order not canceled that is cash, or card with its money captured and not
 * wholly refunded. A card order whose money is only held (not accepted yet), released, failed or refunded in full
 * is no sale, nor is a canceled one (its captured money is on its way back).
 */
const isSale: SQL = and(
  ne(orders.status, 'Canceled Order'),
  or(eq(orders.paymentType, 'Cash'), and(eq(orders.paymentType, 'Card'), inArray(orders.paymentStatus, CARD_SALE_STATUSES))),
) as SQL;

/** What a sale counts for (pence): its total less what was refunded of it. */
const kept = sql<number>`(${orders.total} - ${orders.refundedTotal})`;

/** The SQL aggregates of a period's sales, under the given column-name prefix. */
function salesColumns(prefix: string, within: SQL | undefined) {
  const sale = within ? and(isSale, within) : isSale;
  return {
    [`${prefix}Orders`]: sql<number>`count(*) filter (where ${sale})`.mapWith(Number),
    [`${prefix}Sales`]: sql<number>`coalesce(sum(${kept}) filter (where ${sale}), 0)`.mapWith(Number),
    [`${prefix}Card`]: sql<number>`coalesce(sum(${kept}) filter (where ${sale} and ${orders.paymentType} = 'Card'), 0)`.mapWith(Number),
    [`${prefix}Cash`]: sql<number>`coalesce(sum(${kept}) filter (where ${sale} and ${orders.paymentType} = 'Cash'), 0)`.mapWith(Number),
    [`${prefix}Discount`]: sql<number>`coalesce(sum(${orders.discount}) filter (where ${sale}), 0)`.mapWith(Number),
  };
}

function salesOf(row: Record<string, number>, prefix: string): SalesFiguresWire {
  return {
    orders: row[`${prefix}Orders`] ?? 0,
    salesPence: row[`${prefix}Sales`] ?? 0,
    cardPence: row[`${prefix}Card`] ?? 0,
    cashPence: row[`${prefix}Cash`] ?? 0,
    discountPence: row[`${prefix}Discount`] ?? 0,
  };
}

function statusCount(status: string, within: SQL) {
  return sql<number>`count(*) filter (where ${orders.status} = ${status} and ${within})`.mapWith(Number);
}

function isoDay(date: LocalDate): string {
  return `${date.year}-${twoDigits(date.month)}-${twoDigits(date.day)}`;
}

/**
 * The dashboard's figures as of `now` (docs/SPEC.md section 2; periods of section 9 in Europe/London, from
 * domain/dates). Three queries: the order aggregates (one pass, FILTER per figure), the catalogue counts, and the
 * daily series grouped by London day in the database.
 * Money is summed in pence, so nothing is rounded: each sale's total (net of its discounts) less its refunds, and
 * the discounts given on the sales beside it.
 */
export async function adminSummary(ctx: Pick<ServiceContext, 'db' | 'now'>): Promise<AdminSummaryWire> {
  const { db } = ctx;
  const now = ctx.now();
  const today = placedInPeriod('today', now);
  const periodColumns = Object.assign({}, ...PERIOD_KINDS.map((kind) => salesColumns(kind, placedInPeriod(kind, now))));

  const local = londonParts(now);
  const todayDate: LocalDate = { year: local.year, month: local.month, day: local.day };
  const firstDay = addDays(todayDate, -(DAILY_SALES_DAYS - 1));
  const seriesStart = londonInstant(firstDay);
  const seriesEnd = londonInstant(addDays(todayDate, 1));
  // The zone is a constant written into the SQL (not a parameter), so GROUP BY sees the same expression as SELECT.
  const londonDay = sql<string>`to_char(${orders.createdAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

  const [[figures], catalogue, dailyRows] = await Promise.all([
    db
      .select({
        pending: sql<number>`count(*) filter (where ${orders.status} = 'Pending Order')`.mapWith(Number),
        todayTotal: sql<number>`count(*) filter (where ${today})`.mapWith(Number),
        todayPending: statusCount('Pending Order', today),
        todayApproved: statusCount('Approved Order', today),
        todayOnTheWay: statusCount('On the way', today),
        todayDelivered: statusCount('Delivered Order', today),
        todayCanceled: statusCount('Canceled Order', today),
        ...periodColumns,
        ...salesColumns('overall', undefined),
      })
      .from(orders)
      .where(placedOrderCondition),
    countCatalogue(db),
    db
      .select({ day: londonDay, orders: count(), sales: sql<number>`sum(${kept})`.mapWith(Number) })
      .from(orders)
      .where(and(placedOrderCondition, isSale, gte(orders.createdAt, seriesStart), lt(orders.createdAt, seriesEnd)))
      .groupBy(londonDay),
  ]);
  const row = (figures ?? {}) as Record<string, number>;

  const byDay = new Map(dailyRows.map((day) => [day.day, day]));
  const daily: DailySalesWire[] = [];
  for (let offset = 0; offset < DAILY_SALES_DAYS; offset += 1) {
    const date = addDays(firstDay, offset);
    const found = byDay.get(isoDay(date));
    daily.push({
      day: isoDay(date),
      date: `${twoDigits(date.day)}/${twoDigits(date.month)}/${date.year}`,
      orders: found?.orders ?? 0,
      salesPence: found?.sales ?? 0,
    });
  }

  const periods = Object.fromEntries(
    PERIOD_KINDS.map((kind: PeriodKind) => {
      const { start, end } = periodRange(kind, now);
      return [kind, { ...salesOf(row, kind), start: start.toISOString(), end: end.toISOString() }];
    }),
  ) as AdminSummaryWire['periods'];

  return {
    asOf: now.toISOString(),
    timeZone: SHOP_TIME_ZONE,
    pendingOrders: row.pending ?? 0,
    categories: catalogue.categories,
    products: catalogue.products,
    todayOrders: {
      total: row.todayTotal ?? 0,
      pending: row.todayPending ?? 0,
      approved: row.todayApproved ?? 0,
      onTheWay: row.todayOnTheWay ?? 0,
      delivered: row.todayDelivered ?? 0,
      canceled: row.todayCanceled ?? 0,
    },
    periods,
    overall: salesOf(row, 'overall'),
    daily,
  };
}
