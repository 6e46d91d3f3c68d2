import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire, sessionAnswer } from '../../../../test/wire-fixtures';
import { closeRealtime } from '../../../lib/realtime';
import { adminOrderPath, paths } from '../../../lib/paths';
import { AcceptedOrdersPage } from './accepted-orders-page';
import { AdminOrderDetailPage } from './admin-order-detail-page';

// Orders from everyone (decision 1500): a phone or counter order (and a guest's) carries its badge on the lists, the
// order page and the kitchen ticket; the order page says who took it.

afterEach(() => {
  closeRealtime();
  vi.useRealTimers();
});

const items = [orderItemWire({ title: 'Margherita', quantity: 2, price: 12.99 })];
const settings = ok({ lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false });

describe('the channel of an order', () => {
  it.each([
    ['phone', 'Cas Counter', 'PHONE', 'Taken by phone by Cas Counter'],
    ['counter', 'Cas Counter', 'COUNTER', 'Taken at the counter by Cas Counter'],
    ['counter', null, 'COUNTER', 'Taken at the counter'],
  ] as const)('the order page marks a %s order taken by %s, and its ticket too', async (channel, takenBy, badge, taken) => {
    const order = orderWire({ items, channel, takenBy, paymentType: 'Card', paymentStatus: 'paid', email: '' });
    fakeApi({
      'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
      'GET /shop-settings': settings,
      'GET /buy-product/:id': ok(order),
    });
    renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(order._id), route: paths.adminOrder });
    expect(await screen.findByRole('heading', { name: `Order ${displayOrderId(order._id)}` })).toBeVisible();
    expect((await screen.findAllByTestId('channel-badge'))[0]).toHaveTextContent(badge);
    expect(screen.getByTestId('taken-by')).toHaveTextContent(taken);
    expect(screen.getByText(`Placed ${order.date} at ${order.time}`)).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('kitchen-ticket')).toBeInTheDocument());
    expect(screen.getByTestId('ticket-channel')).toHaveTextContent(badge);
  });

  it('a web order has no badge and says who placed it', async () => {
    const order = orderWire({ items });
    fakeApi({
      'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
      'GET /shop-settings': settings,
      'GET /buy-product/:id': ok(order),
    });
    renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(order._id), route: paths.adminOrder });
    expect(await screen.findByText(`Placed ${order.date} at ${order.time} by ${order.email}`)).toBeVisible();
    expect(screen.queryByTestId('channel-badge')).toBeNull();
    expect(screen.queryByTestId('taken-by')).toBeNull();
  });

  it('the lists mark each order with its channel', async () => {
    const phone = orderWire({ items, channel: 'phone', status: 'Approved Order' });
    const counter = orderWire({ items, channel: 'counter', status: 'Approved Order' });
    const web = orderWire({ items, status: 'Approved Order' });
    fakeApi({
      'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
      'GET /shop-settings': settings,
      'GET /buy-product': ok([phone, counter, web]),
    });
    renderWithProviders(<AcceptedOrdersPage />, { at: paths.acceptedOrders });
    const table = await screen.findByRole('table', { name: 'Orders' });
    const row = (id: string) =>
      within(table)
        .getByRole('link', { name: `Order ${displayOrderId(id)}` })
        .closest('tr')!;
    await within(table).findByRole('link', { name: `Order ${displayOrderId(web._id)}` });
    expect(within(row(phone._id)).getByTestId('channel-badge')).toHaveTextContent('PHONE');
    expect(within(row(counter._id)).getByTestId('channel-badge')).toHaveTextContent('COUNTER');
    expect(within(row(web._id)).queryByTestId('channel-badge')).toBeNull();
  });
});
