import { screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { AdminSummaryWire } from '@shop/shared/contract/summary';
import { closeRealtime } from '../../../lib/realtime';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { DashboardPage } from './dashboard-page';

afterEach(() => closeRealtime());

const figures = { orders: 0, salesPence: 0, cardPence: 0, cashPence: 0, discountPence: 0 };
const period = { ...figures, start: '', end: '' };

/** Empty figures, as the server computed them at the shop clock `asOf`. */
function summaryAt(asOf: string): AdminSummaryWire {
  return {
    asOf,
    timeZone: 'Europe/London',
    pendingOrders: 0,
    categories: 0,
    products: 0,
    todayOrders: { total: 0, pending: 0, approved: 0, onTheWay: 0, delivered: 0, canceled: 0 },
    periods: { today: period, lastDay: period, lastWeek: period, lastMonth: period },
    overall: figures,
    daily: [],
  };
}

it('names the dates of today and of each revenue period, on the London calendar of the shop clock', async () => {
  // 23:30 UTC on Sunday 29 March is Monday 00:30 in London: BST began that morning.
  fakeApi({ 'GET /admin/summary': ok(summaryAt('2026-03-29T23:30:00.000Z')) });
  const { user } = renderWithProviders(<DashboardPage />, { at: '/dashboard' });
  const today = await screen.findByRole('region', { name: 'Orders Summary (Today)' });
  expect(within(today).getByText('Today: Mon 30 Mar')).toBeVisible();
  const revenue = screen.getByRole('region', { name: 'Revenue Summary' });
  expect(within(revenue).getByText('Last week: 23–29 Mar')).toBeVisible();
  await user.click(within(revenue).getByRole('tab', { name: 'last Month' }));
  expect(within(revenue).getByText('Last month: 1–28 Feb')).toBeVisible();
  await user.click(within(revenue).getByRole('tab', { name: 'last day' }));
  expect(within(revenue).getByText('Yesterday: Sun 29 Mar')).toBeVisible();
});
