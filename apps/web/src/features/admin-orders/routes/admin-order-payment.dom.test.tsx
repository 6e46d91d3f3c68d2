import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire, sessionAnswer } from '../../../../test/wire-fixtures';
import { closeRealtime } from '../../../lib/realtime';
import { adminOrderPath, paths } from '../../../lib/paths';
import { AdminOrderDetailPage } from './admin-order-detail-page';
import { OrderListPage } from './order-list-page';

afterEach(() => closeRealtime());

const items = [orderItemWire({ title: 'Margherita', quantity: 2, price: 7.49 })];
const deliveredCash = orderWire({ items, paymentType: 'Cash', paymentStatus: 'unpaid', status: 'Delivered Order' });
const approvedCash = orderWire({ items, paymentType: 'Cash', paymentStatus: 'unpaid', status: 'Approved Order' });
const pendingCard = orderWire({ items, paymentType: 'Card', paymentStatus: 'pending', status: 'Pending Order' });

function backOffice(orders: OrderWire[]) {
  return fakeApi({
    'GET /session': sessionAnswer('admin@example.com', 'admin', 'Admin'),
    'GET /buy-product': ok(orders),
    'GET /buy-product/:id': (_request, { id }) => ok(orders.find((order) => order._id === id)),
  });
}

describe("the back office's payment status follows the order", () => {
  it.each([
    { label: 'a delivered cash order', order: deliveredCash, line: 'Paid in cash' },
    { label: 'an approved cash order', order: approvedCash, line: 'To be paid on delivery' },
    { label: 'a card order waiting for its payment', order: pendingCard, line: 'Waiting for the card payment' },
  ])('the order page, $label: $line', async ({ order, line }) => {
    backOffice([order]);
    renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(order._id), route: paths.adminOrder });
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(within(payment).getByRole('row', { name: /^Status/ })).toHaveTextContent(line);
  });

  it('the order list gives each order its payment line', async () => {
    backOffice([deliveredCash, approvedCash, pendingCard]);
    renderWithProviders(<OrderListPage />, { at: paths.orderList });
    const table = await screen.findByRole('table', { name: 'Orders' });
    const row = (order: OrderWire) =>
      within(table)
        .getByRole('link', { name: `Order ${displayOrderId(order._id)}` })
        .closest('tr')!;
    expect(await within(table).findByText('Paid in cash')).toBeVisible();
    expect(row(deliveredCash)).toHaveTextContent('Paid in cash');
    expect(row(approvedCash)).toHaveTextContent('To be paid on delivery');
    expect(row(pendingCard)).toHaveTextContent('Waiting for the card payment');
  });
});
