import type { DailySalesWire } from '@shop/shared/contract/summary';
import { formatPounds } from '@shop/shared/domain/money';

export type SalesChartData = {
  /** 0..n-1: the chart's x positions, one per day, oldest first. */
  x: number[];
  /** Each day's sales in pounds (the chart's y). */
  pounds: number[];
  /** The axis label of each day: 'DD/MM'. */
  labels: string[];
};

/** The server's daily series (oldest first, days without orders as zeros) to the chart's columns. */
export function salesChartData(daily: readonly DailySalesWire[]): SalesChartData {
  return {
    x: daily.map((_day, index) => index),
    pounds: daily.map((day) => day.salesPence / 100),
    labels: daily.map((day) => day.date.slice(0, 5)),
  };
}

/** The y axis' tick labels: whole pounds, '£0', '£250'. */
export function poundsTick(value: number): string {
  return `£${Math.round(value)}`;
}

/**
 * The chart in one sentence, for everyone and for screen readers in place of the picture: the total, the number
 * of orders and the best day ('£412.30 from 25 orders in the last 30 days. Best day 18/11/2026: £96.50.').
 */
export function salesSummary(daily: readonly DailySalesWire[]): string {
  const orders = daily.reduce((sum, day) => sum + day.orders, 0);
  const pence = daily.reduce((sum, day) => sum + day.salesPence, 0);
  const span = `in the last ${daily.length} ${daily.length === 1 ? 'day' : 'days'}`;
  if (orders === 0) return `No sales ${span}.`;
  const best = daily.reduce((top, day) => (day.salesPence > top.salesPence ? day : top));
  return `${formatPounds(pence)} from ${orders} ${orders === 1 ? 'order' : 'orders'} ${span}. Best day ${best.date}: ${formatPounds(best.salesPence)}.`;
}
