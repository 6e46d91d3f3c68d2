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
    'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
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

describe("the admin's order page and its kitchen ticket show the delivery fee on its own line", () => {
  const pence = (text: string) => Math.round(Number(/£(\d+\.\d\d)$/.exec(text)![1]) * 100);

  it('a delivery with a fee: Subtotal, Delivery £2.50, then Total Price, adding up to the penny; the ticket says the fee', async () => {
    const order = orderWire({ items, subtotal: 14.98, deliveryFee: 2.5, totalPrice: 17.48 });
    backOffice([order]);
    renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(order._id), route: paths.adminOrder });
    const table = await screen.findByRole('region', { name: 'Items' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent ?? '');
    expect(rows.slice(-3)).toEqual(['Subtotal£14.98', 'Delivery£2.50', 'Total Price£17.48']);
    expect(pence(rows.at(-3)!) + pence(rows.at(-2)!)).toBe(pence(rows.at(-1)!));
    expect(screen.getByTestId('ticket-delivery-fee')).toHaveTextContent('Delivery £2.50');
  });

  it.each([
    { label: 'a free delivery', order: orderWire({ items }) },
    { label: 'a collection', order: orderWire({ items, fulfilment: 'collection', addressId: null }) },
  ])('$label: no delivery line, the total alone, on the page and the ticket', async ({ order }) => {
    backOffice([order]);
    renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(order._id), route: paths.adminOrder });
    const table = await screen.findByRole('region', { name: 'Items' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent ?? '');
    expect(rows.at(-1)).toBe('Total Price£14.98');
    expect(rows.some((row) => row.startsWith('Delivery') || row.startsWith('Subtotal'))).toBe(false);
    expect(screen.queryByTestId('ticket-delivery-fee')).toBeNull();
  });
});

describe('the status history', () => {
  it('says an order the end of the day closed was closed so, where a person would be named', async () => {
    const closed = orderWire({
      items,
      paymentType: 'Cash',
      status: 'Delivered Order',
      statusHistory: [
        { status: 'Pending Order', date: '27/11/2026', time: '18:00', createdAt: '2026-11-27T18:00:00.000Z', changedBy: 'ada@example.com' },
        {
          status: 'Approved Order',
          date: '27/11/2026',
          time: '18:02',
          createdAt: '2026-11-27T18:02:00.000Z',
          changedBy: 'admin@example.com',
        },
        {
          status: 'Delivered Order',
          date: '28/11/2026',
          time: '00:15',
          createdAt: '2026-11-28T00:15:00.000Z',
          changedBy: null,
          note: 'Closed at the end of the day',
        },
      ],
    });
    backOffice([closed]);
    renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(closed._id), route: paths.adminOrder });
    const history = await screen.findByRole('table', { name: 'Status history' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Delivered Order28/11/2026 00:15Closed at the end of the day');
    expect(rows[1]).toHaveTextContent('admin@example.com');
  });
});
