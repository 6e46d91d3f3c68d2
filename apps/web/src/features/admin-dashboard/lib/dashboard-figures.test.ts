import { describe, expect, it } from 'vitest';
import type { AdminSummaryWire } from '@shop/shared/contract/summary';
import { DEFAULT_REVENUE_TAB, REVENUE_TABS, dashboardCards, revenueRows, todayOrderRows } from './dashboard-figures';

const figures = (orders: number, cardPence: number, cashPence: number) => ({
  orders,
  salesPence: cardPence + cashPence,
  cardPence,
  cashPence,
  discountPence: 0,
  start: '2026-11-18T00:00:00.000Z',
  end: '2026-11-19T00:00:00.000Z',
});

const summary: AdminSummaryWire = {
  asOf: '2026-11-18T18:00:00.000Z',
  timeZone: 'Europe/London',
  pendingOrders: 4,
  categories: 7,
  products: 31,
  todayOrders: { total: 6, pending: 3, approved: 1, onTheWay: 0, delivered: 1, canceled: 1 },
  periods: {
    today: figures(5, 2048, 3550),
    lastDay: figures(2, 1000, 0),
    lastWeek: figures(9, 12345, 6789),
    lastMonth: figures(40, 100000, 50005),
  },
  overall: { orders: 60, salesPence: 212345, cardPence: 150000, cashPence: 62345, discountPence: 0 },
  daily: [],
};

describe('the dashboard figures', () => {
  it('are the spec’s seven cards, money in pounds, the pending card linking to /todaysorders', () => {
    expect(dashboardCards(summary).map(({ label, value, to }) => [label, value, to])).toEqual([
      ['All Pending Orders', '4', '/todaysorders'],
      ['Total Categories', '7', undefined],
      ['Total Products', '31', undefined],
      ['Total Sales Today', '£55.98', undefined],
      ['Card Total Today', '£20.48', undefined],
      ['Cash Total Today', '£35.50', undefined],
      ['Total Sale Overall', '£2123.45', undefined],
    ]);
  });

  it('count today’s orders by status under their total', () => {
    expect(todayOrderRows(summary)).toEqual([
      { label: 'Total Orders', value: 6 },
      { label: 'Pending', value: 3 },
      { label: 'Approved', value: 1 },
      { label: 'On the way', value: 0 },
      { label: 'Delivered', value: 1 },
      { label: 'Canceled', value: 1 },
    ]);
  });

  it('show last Month, last Week (first shown) and last day, each with its orders page', () => {
    expect(REVENUE_TABS.map((tab) => [tab.label, tab.to])).toEqual([
      ['last Month', '/lastmonthorders'],
      ['last Week', '/lastweekorders'],
      ['last day', '/lastdayorders'],
    ]);
    expect(DEFAULT_REVENUE_TAB).toBe('lastWeek');
    expect(revenueRows(summary, 'lastWeek')).toEqual([
      { label: 'Total Orders', value: '9' },
      { label: 'Total Sale', value: '£191.34' },
      { label: 'Card', value: '£123.45' },
      { label: 'Cash', value: '£67.89' },
    ]);
  });

  it('adds the discounts given to a tab whose sales had any', () => {
    const discounted = { ...summary, periods: { ...summary.periods, lastWeek: { ...summary.periods.lastWeek, discountPence: 1250 } } };
    expect(revenueRows(discounted, 'lastWeek').at(-1)).toEqual({ label: 'Discounts given', value: '£12.50' });
  });
});
