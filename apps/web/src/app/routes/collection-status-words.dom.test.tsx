import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { closeRealtime } from '../../lib/realtime';
import { adminOrderPath, orderPath, paths } from '../../lib/paths';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { orderItemWire, orderWire, sessionAnswer } from '../../../test/wire-fixtures';
import { AdminOrderDetailPage } from '../../features/admin-orders/routes/admin-order-detail-page';
import { AllOrdersPage } from '../../features/admin-orders/routes/all-orders-page';
import { NotificationsPage } from '../../features/notifications/routes/notifications-page';
import { OrderDetailPage } from '../../features/orders/routes/order-detail-page';
import { OrderHistoryPage } from '../../features/orders/routes/order-history-page';

// Decision 1005: a collection never goes 'On the way'. The stored statuses stay the spec's names; for a collection
// the admin and the customer read 'Ready to collect' and 'Collected' (statusLabel), a delivery as before.

const EMAIL = 'ada@example.co.uk';

afterEach(() => closeRealtime());

const items = [orderItemWire({ title: 'Margherita', quantity: 1, price: 12.99 })];
const history = (...statuses: OrderWire['status'][]) =>
  statuses.map((status, i) => ({
    status,
    date: '25/11/2026',
    time: `18:4${i}`,
    createdAt: `2026-11-25T18:4${i}:00.000Z`,
    changedBy: i === 0 ? null : 'admin@example.com',
  }));
const contact = {
  firstname: 'Ada Lovelace',
  lastname: '',
  Email: EMAIL,
  phone: '07700 900123',
  address: '',
  address2: '',
  city: '',
  postcode: '',
};
const ready = orderWire({
  items,
  email: EMAIL,
  fulfilment: 'collection',
  addressId: null,
  address: contact,
  status: 'On the way',
  statusHistory: history('Pending Order', 'Approved Order', 'On the way'),
});
const collected = orderWire({
  items,
  email: EMAIL,
  fulfilment: 'collection',
  addressId: null,
  address: contact,
  status: 'Delivered Order',
  statusHistory: history('Pending Order', 'Approved Order', 'On the way', 'Delivered Order'),
});
const onItsWay = orderWire({
  items,
  email: EMAIL,
  status: 'On the way',
  statusHistory: history('Pending Order', 'Approved Order', 'On the way'),
});

function backOffice(orders: OrderWire[]) {
  return fakeApi({
    'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
    'GET /shop-settings': ok({ lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false }),
    'GET /buy-product': ok(orders),
    'GET /buy-product/:id': (_request, { id }) => ok(orders.find((order) => order._id === id)),
  });
}

const rowOf = (table: HTMLElement, order: OrderWire) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(displayOrderId(order._id))) as HTMLElement;

describe('the back office', () => {
  it('the order list says Ready to collect and Collected for collections, On the way for a delivery, and the menu offers them', async () => {
    backOffice([ready, collected, onItsWay]);
    renderWithProviders(<AllOrdersPage />, { at: paths.allOrders });
    const table = await screen.findByRole('table', { name: 'Orders' });
    await within(table).findByText(displayOrderId(ready._id));
    expect(rowOf(table, ready)).toHaveTextContent('Ready to collect');
    expect(rowOf(table, ready)).not.toHaveTextContent('On the way');
    expect(rowOf(table, collected)).toHaveTextContent('Collected');
    expect(rowOf(table, collected)).not.toHaveTextContent('Delivered Order');
    expect(rowOf(table, onItsWay)).toHaveTextContent('On the way');

    await userEvent.click(within(rowOf(table, ready)).getByRole('button', { name: `Change status of order ${displayOrderId(ready._id)}` }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.firstChild?.firstChild?.textContent),
    ).toEqual(['Approved Order', 'Ready to collect', 'Collected', 'Canceled Order']);
  });

  it('a delivery’s menu keeps the spec’s words', async () => {
    backOffice([onItsWay]);
    renderWithProviders(<AllOrdersPage />, { at: paths.allOrders });
    const table = await screen.findByRole('table', { name: 'Orders' });
    await within(table).findByText(displayOrderId(onItsWay._id));
    await userEvent.click(within(rowOf(table, onItsWay)).getByRole('button', { name: /Change status of order/ }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.firstChild?.firstChild?.textContent),
    ).toEqual(['Approved Order', 'On the way', 'Delivered Order', 'Canceled Order']);
  });

  it('the order page’s status and its history say Ready to collect, and Change status offers Collected', async () => {
    backOffice([ready]);
    renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(ready._id), route: paths.adminOrder });
    const historyTable = await screen.findByRole('table', { name: 'Status history' });
    expect(within(historyTable).getAllByRole('row')[1]).toHaveTextContent('Ready to collect');
    expect(historyTable).not.toHaveTextContent('On the way');
    expect(screen.getAllByText('Ready to collect').length).toBeGreaterThanOrEqual(2);
    await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /^Collected/ })).toBeVisible();
    expect(within(menu).queryByRole('menuitem', { name: /On the way|Delivered Order/ })).not.toBeInTheDocument();
  });
});

describe('the customer', () => {
  function shop(orders: OrderWire[]) {
    return fakeApi({
      'GET /session': sessionAnswer(EMAIL),
      'GET /my-product-history/:email': ok(orders),
      'GET /my-product/:email': ok([]),
      'GET /buy-product/:id': (_request, { id }) => ok(orders.find((order) => order._id === id)),
    });
  }

  it('the order page says Ready to collect', async () => {
    shop([ready]);
    renderWithProviders(<OrderDetailPage />, { at: orderPath(ready._id), route: paths.order });
    const payment = await screen.findByRole('table', { name: 'Payment' });
    expect(payment).toHaveTextContent('StatusReady to collect');
  });

  it('My Orders says Ready to collect and Collected for collections, On the way for the delivery', async () => {
    shop([ready, collected, onItsWay]);
    renderWithProviders(<OrderHistoryPage />, { at: paths.myOrders });
    const table = await screen.findByRole('table', { name: 'Order history' });
    await within(table).findByText(displayOrderId(ready._id));
    expect(rowOf(table, ready)).toHaveTextContent('Ready to collect');
    expect(rowOf(table, collected)).toHaveTextContent('Collected');
    expect(rowOf(table, collected)).not.toHaveTextContent('Delivered');
    expect(rowOf(table, onItsWay)).toHaveTextContent('On the way');
  });

  it('the notifications page’s timeline says Ready to collect, and what to do next', async () => {
    shop([ready]);
    renderWithProviders(<NotificationsPage />, { at: paths.notification });
    const steps = await screen.findByRole('list', { name: `Status of order ${displayOrderId(ready._id)}` });
    expect(within(steps).getAllByRole('listitem')[0]).toHaveTextContent('Ready to collect');
    expect(steps).not.toHaveTextContent('On the way');
    expect(screen.getByText('Your order is ready to collect from the shop.')).toBeVisible();
  });
});
