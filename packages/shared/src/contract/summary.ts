/**
 * The back office's figures (docs/SPEC.md section 2, "Dashboard cards", "Orders Summary (Today)", "Revenue
 * Summary"): `GET /api/admin/summary`, admins only, an addition to the spec's API (docs/api.md). Every figure is an
 * SQL aggregate over the orders the shop sees (cash orders, and card orders once paid), in Europe/London.
 * Money is in pence (integers), so the browser formats it and nothing is rounded twice. Canceled orders are
 * never sales.
 */
import { z } from 'zod';
import { PERIOD_KINDS } from '../domain/dates';

export const ADMIN_SUMMARY_PATH = '/admin/summary';

/** Sales of one period: orders that count as sales (not canceled) and their totals, by payment type. */
export const salesFiguresWireSchema = z.strictObject({
  orders: z.number().int(),
  salesPence: z.number().int(),
  cardPence: z.number().int(),
  cashPence: z.number().int(),
  /** Pence the discounts took off those sales (promotions, the stamp card): salesPence is already net of them. */
  discountPence: z.number().int(),
});
export type SalesFiguresWire = z.infer<typeof salesFiguresWireSchema>;

/** Today's orders by status, for the Orders Summary (Today) panel: `total` counts every placed order, canceled too. */
export const todayOrdersWireSchema = z.strictObject({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  onTheWay: z.number().int(),
  delivered: z.number().int(),
  canceled: z.number().int(),
});
export type TodayOrdersWire = z.infer<typeof todayOrdersWireSchema>;

/** One London day of the sales chart. */
export const dailySalesWireSchema = z.strictObject({
  /** 'YYYY-MM-DD' (sorts, and parses without a time zone). */
  day: z.string(),
  /** 'DD/MM/YYYY', as orders carry their date. */
  date: z.string(),
  orders: z.number().int(),
  salesPence: z.number().int(),
});
export type DailySalesWire = z.infer<typeof dailySalesWireSchema>;

export const adminSummaryWireSchema = z.strictObject({
  /** The shop clock's instant the figures were computed at (ISO). */
  asOf: z.string(),
  timeZone: z.literal('Europe/London'),
  /** Every placed order still 'Pending Order', whenever it was placed. */
  pendingOrders: z.number().int(),
  categories: z.number().int(),
  products: z.number().int(),
  todayOrders: todayOrdersWireSchema,
  /** today, lastDay (yesterday), lastWeek (previous Monday-to-Sunday), lastMonth (previous calendar month). */
  periods: z.record(z.enum(PERIOD_KINDS), salesFiguresWireSchema.extend({ start: z.string(), end: z.string() })),
  /** All time. */
  overall: salesFiguresWireSchema,
  /** The last DAILY_SALES_DAYS London days, today included, oldest first, days without orders as zeros. */
  daily: z.array(dailySalesWireSchema),
});
export type AdminSummaryWire = z.infer<typeof adminSummaryWireSchema>;

export const DAILY_SALES_DAYS = 30;

/** `GET /api/buy-product?period=` (admins): an addition; the lists of /todaysorders, /lastdayorders and so on. */
export const orderPeriodSchema = z.enum(PERIOD_KINDS, { error: `must be one of ${PERIOD_KINDS.join(', ')}` });
