import { screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '@shop/shared/domain/roles';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { DEFAULT_SETTINGS } from '../../../test/shop-settings-fixture';
import { orderItemWire, orderWire, sessionAnswer } from '../../../test/wire-fixtures';
import { AdminOrderDetailPage } from '../../features/admin-orders/routes/admin-order-detail-page';
import { closeRealtime } from '../../lib/realtime';
import { adminOrderPath, paths } from '../../lib/paths';
import { sessionQueryKey } from '../../lib/use-session';
import { RequirePermission } from '../guards';
import { AdminLayout } from './admin-layout';

// The back office per role: each login's menu shows its own screens, a screen it may not use says so, and inside a
// screen the buttons its role may not use are not there.

afterEach(() => closeRealtime());

function signedInAs(role: Role, routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({ 'GET /session': sessionAnswer(`${role}@example.com`, role, 'Sam Jones'), ...routes });
}

/** Waits until the page knows who is signed in, so a button missing is missing for the role, not for a late answer. */
async function sessionKnown(queryClient: QueryClient) {
  await waitFor(() => expect(queryClient.getQueryData(sessionQueryKey)).toBeTruthy());
}

async function menuLinks(): Promise<string[]> {
  const nav = (await screen.findAllByRole('navigation', { name: 'Admin' }))[0]!;
  await within(nav).findByRole('link', { name: 'Home' });
  // The first link is the shop's logo.
  return within(nav)
    .getAllByRole('link')
    .slice(1)
    .map((link) => link.textContent ?? '');
}

describe('the back office’s menu per role', () => {
  it('shows the kitchen the orders and sold out, and none of the menu, settings, dashboard or staff', async () => {
    signedInAs('kitchen');
    renderWithProviders(<AdminLayout />, { at: paths.orderList });
    await screen.findByText('Sam Jones · Kitchen');
    expect(await menuLinks()).toEqual(['Home', 'Order List', 'Accepted Orders', 'Sold out']);
  });

  it('shows the counter the kitchen’s screens, Dispatch and New order', async () => {
    signedInAs('counter', { 'GET /dispatch': ok({ unassigned: [], runs: [], drivers: [], suggestions: [], warnings: [] }) });
    renderWithProviders(<AdminLayout />, { at: paths.orderList });
    await screen.findByText('Sam Jones · Counter');
    expect(await menuLinks()).toEqual(['Home', 'Order List', 'Accepted Orders', 'Dispatch', 'New order', 'Sold out']);
  });

  it('shows a manager everything but Staff', async () => {
    signedInAs('manager');
    renderWithProviders(<AdminLayout />, { at: paths.dashboard });
    await screen.findByText('Sam Jones · Manager');
    const links = await menuLinks();
    expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Products', 'Categories', 'Toppings', 'Settings', 'Opening hours']));
    expect(links).not.toContain('Staff');
  });

  it('shows the owner the Staff screen', async () => {
    signedInAs('owner');
    renderWithProviders(<AdminLayout />, { at: paths.dashboard });
    await screen.findByText('Sam Jones · Owner');
    const nav = (await screen.findAllByRole('navigation', { name: 'Admin' }))[0]!;
    expect(within(nav).getByRole('link', { name: 'Staff' })).toHaveAttribute('href', paths.staff);
  });

  it('gives the kitchen no pause or busy button, only what runs', async () => {
    signedInAs('kitchen');
    renderWithProviders(<AdminLayout />, { at: paths.orderList });
    await screen.findByText('Sam Jones · Kitchen');
    expect(screen.getByRole('group', { name: 'Kitchen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kitchen' })).not.toBeInTheDocument();
  });
});

describe('a screen the role may not use', () => {
  it('tells the kitchen its login cannot open Products, with a way to its own first screen', async () => {
    signedInAs('kitchen');
    renderWithProviders(<RequirePermission permission="menu" />, { at: paths.products });
    expect(await screen.findByText('Your login (Kitchen) cannot open this page.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Order List' })).toHaveAttribute('href', paths.orderList);
  });

  it('tells a manager the Staff screen is the owner’s', async () => {
    signedInAs('manager');
    renderWithProviders(<RequirePermission permission="staff" />, { at: paths.staff });
    expect(await screen.findByText('Your login (Manager) cannot open this page.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', paths.dashboard);
  });

  it('lets the owner through', async () => {
    signedInAs('owner');
    const { queryClient } = renderWithProviders(<RequirePermission permission="staff" />, { at: paths.staff });
    await sessionKnown(queryClient);
    expect(screen.queryByText(/cannot open this page/)).not.toBeInTheDocument();
  });
});

describe('the order page per role', () => {
  const items = [orderItemWire({ title: 'Margherita', quantity: 2, price: 9.5 })];
  const waiting = orderWire({ items, paymentType: 'Card', paymentStatus: 'authorised' });
  const paid = orderWire({ items, paymentType: 'Card', paymentStatus: 'paid', status: 'Approved Order' });

  function openOrder(role: Role, order: typeof waiting) {
    signedInAs(role, {
      'GET /buy-product': ok([order]),
      'GET /buy-product/:id': ok(order),
      'GET /shop-settings': ok(DEFAULT_SETTINGS),
    });
    return renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(order._id), route: paths.adminOrder });
  }

  it('shows the kitchen a waiting order without Accept or Reject', async () => {
    const { queryClient } = openOrder('kitchen', waiting);
    const panel = await screen.findByRole('region', { name: 'Waiting for an answer' });
    await sessionKnown(queryClient);
    expect(within(panel).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('offers the counter Accept and Reject', async () => {
    openOrder('counter', waiting);
    const panel = await screen.findByRole('region', { name: 'Waiting for an answer' });
    expect(await within(panel).findByRole('button', { name: 'Accept' })).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Reject' })).toBeVisible();
  });

  it('lets the kitchen move an accepted order on but not cancel it, and offers it no refund', async () => {
    const { user } = openOrder('kitchen', paid);
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    const options = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(options.join(' ')).toContain('On the way');
    expect(options.join(' ')).not.toContain('Cancel');
    await user.keyboard('{Escape}');
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('tells the counter how much its login may refund', async () => {
    openOrder('counter', paid);
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(await within(payment).findByTestId('refund-limit')).toHaveTextContent('Up to £5.00 per order from your login');
    expect(within(payment).getByRole('button', { name: 'Refund' })).toBeVisible();
  });

  it('gives the owner the refund without a limit', async () => {
    openOrder('owner', paid);
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(await within(payment).findByRole('button', { name: 'Refund' })).toBeVisible();
    expect(within(payment).queryByTestId('refund-limit')).not.toBeInTheDocument();
  });
});
