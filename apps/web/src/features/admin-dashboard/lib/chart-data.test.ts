import { describe, expect, it } from 'vitest';
import type { DailySalesWire } from '@shop/shared/contract/summary';
import { poundsTick, salesChartData, salesSummary } from './chart-data';

const day = (iso: string, orders: number, salesPence: number): DailySalesWire => {
  const [year, month, date] = iso.split('-');
  return { day: iso, date: `${date}/${month}/${year}`, orders, salesPence };
};

const daily = [day('2026-11-16', 2, 2048), day('2026-11-17', 0, 0), day('2026-11-18', 3, 4599)];

describe('the daily sales chart', () => {
  it('plots each day in order, in pounds, labelled DD/MM', () => {
    expect(salesChartData(daily)).toEqual({ x: [0, 1, 2], pounds: [20.48, 0, 45.99], labels: ['16/11', '17/11', '18/11'] });
  });

  it('labels the y axis in whole pounds', () => {
    expect(poundsTick(0)).toBe('£0');
    expect(poundsTick(249.6)).toBe('£250');
  });

  it('says in words what the chart shows: total, orders and the best day', () => {
    expect(salesSummary(daily)).toBe('£66.47 from 5 orders in the last 3 days. Best day 18/11/2026: £45.99.');
    expect(salesSummary([day('2026-11-18', 1, 1000)])).toBe('£10.00 from 1 order in the last 1 day. Best day 18/11/2026: £10.00.');
  });

  it('says there were no sales rather than naming a best day of £0.00', () => {
    expect(salesSummary([day('2026-11-17', 0, 0), day('2026-11-18', 0, 0)])).toBe('No sales in the last 2 days.');
  });
});
