import type { AdminSummaryWire } from '@shop/shared/contract/summary';
import type { PeriodKind } from '@shop/shared/domain/dates';
import { formatPounds } from '@shop/shared/domain/money';
import { paths } from '../../../lib/paths';

export type DashboardCard = { label: string; value: string; to?: string; linkLabel?: string };

/** The dashboard's cards, in the spec's order (SPEC.md section 2, "Dashboard cards"). */
export function dashboardCards(summary: AdminSummaryWire): DashboardCard[] {
  const today = summary.periods.today;
  return [
    { label: 'All Pending Orders', value: String(summary.pendingOrders), to: paths.todaysOrders, linkLabel: 'View pending orders' },
    { label: 'Total Categories', value: String(summary.categories) },
    { label: 'Total Products', value: String(summary.products) },
    { label: 'Total Sales Today', value: formatPounds(today.salesPence) },
    { label: 'Card Total Today', value: formatPounds(today.cardPence) },
    { label: 'Cash Total Today', value: formatPounds(today.cashPence) },
    { label: 'Total Sale Overall', value: formatPounds(summary.overall.salesPence) },
  ];
}

/** The Orders Summary (Today) panel's rows: the total, then each status. */
export function todayOrderRows(summary: AdminSummaryWire): { label: string; value: number }[] {
  const today = summary.todayOrders;
  return [
    { label: 'Total Orders', value: today.total },
    { label: 'Pending', value: today.pending },
    { label: 'Approved', value: today.approved },
    { label: 'On the way', value: today.onTheWay },
    { label: 'Delivered', value: today.delivered },
    { label: 'Canceled', value: today.canceled },
  ];
}

export type RevenueTab = { period: Exclude<PeriodKind, 'today'>; label: string; to: string };

/** The Revenue Summary panel's tabs, in the spec's order; last Week is shown first (SPEC.md section 2). */
export const REVENUE_TABS: readonly RevenueTab[] = [
  { period: 'lastMonth', label: 'last Month', to: paths.lastMonthOrders },
  { period: 'lastWeek', label: 'last Week', to: paths.lastWeekOrders },
  { period: 'lastDay', label: 'last day', to: paths.lastDayOrders },
];
export const DEFAULT_REVENUE_TAB: RevenueTab['period'] = 'lastWeek';

/** One tab's figures: total orders, total sale (net of discounts), card and cash, and the discounts given when any. */
export function revenueRows(summary: AdminSummaryWire, period: RevenueTab['period']): { label: string; value: string }[] {
  const figures = summary.periods[period];
  return [
    { label: 'Total Orders', value: String(figures.orders) },
    { label: 'Total Sale', value: formatPounds(figures.salesPence) },
    { label: 'Card', value: formatPounds(figures.cardPence) },
    { label: 'Cash', value: formatPounds(figures.cashPence) },
    ...(figures.discountPence > 0 ? [{ label: 'Discounts given', value: formatPounds(figures.discountPence) }] : []),
  ];
}
