/**
 * The back office's figures (docs/SPEC.md section 2, "Dashboard cards", "Orders Summary (Today)", "Revenue
 * Summary"): `GET /api/admin/summary`, admins only, an addition to the spec's API (docs/api.md). Every figure is an
 * SQL aggregate over the orders the shop sees (cash orders, and card orders once paid), in Europe/London.
 * Money is in pence (integers), so the browser formats it and nothing is rounded twice. Canceled orders are
 * never sales.
 */
import { z } from 'zod';
import { PERIOD_KINDS, type PeriodKind } from '../domain/dates';

export const ADMIN_SUMMARY_PATH = '/admin/summary';

/** Sales of one period: orders that count as sales (not canceled) and their totals, by payment type. */
export type SalesFiguresWire = {
  orders: number;
  salesPence: number;
  cardPence: number;
  cashPence: number;
};

/** Today's orders by status, for the Orders Summary (Today) panel: `total` counts every placed order, canceled too. */
export type TodayOrdersWire = {
  total: number;
  pending: number;
  approved: number;
  onTheWay: number;
  delivered: number;
  canceled: number;
};

/** One London day of the sales chart. */
export type DailySalesWire = {
  /** 'YYYY-MM-DD' (sorts, and parses without a time zone). */
  day: string;
  /** 'DD/MM/YYYY', as orders carry their date. */
  date: string;
  orders: number;
  salesPence: number;
};

export type AdminSummaryWire = {
  /** The shop clock's instant the figures were computed at (ISO). */
  asOf: string;
  timeZone: 'Europe/London';
  /** Every placed order still 'Pending Order', whenever it was placed. */
  pendingOrders: number;
  categories: number;
  products: number;
  todayOrders: TodayOrdersWire;
  /** today, lastDay (yesterday), lastWeek (previous Monday-to-Sunday), lastMonth (previous calendar month). */
  periods: Record<PeriodKind, SalesFiguresWire & { start: string; end: string }>;
  /** All time. */
  overall: SalesFiguresWire;
  /** The last DAILY_SALES_DAYS London days, today included, oldest first, days without orders as zeros. */
  daily: DailySalesWire[];
};

export const DAILY_SALES_DAYS = 30;

/** `GET /api/buy-product?period=` (admins): an addition; the lists of /todaysorders, /lastdayorders and so on. */
export const orderPeriodSchema = z.enum(PERIOD_KINDS, { error: `must be one of ${PERIOD_KINDS.join(', ')}` });
