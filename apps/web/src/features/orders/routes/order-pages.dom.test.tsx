import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire, sessionAnswer } from '../../../../test/wire-fixtures';
import { closeRealtime } from '../../../lib/realtime';
import { orderPath, paths } from '../../../lib/paths';
import { OrderDetailPage } from './order-detail-page';
import { OrderHistoryPage } from './order-history-page';

afterEach(() => closeRealtime());

const EMAIL = 'ada@example.co.uk';
const items = [orderItemWire({ title: 'Margherita', quantity: 2, price: 7.49 })];
const deliveredCash = orderWire({ items, email: EMAIL, paymentType: 'Cash', paymentStatus: 'unpaid', status: 'Delivered Order' });
const pendingCash = orderWire({ items, email: EMAIL, paymentType: 'Cash', paymentStatus: 'unpaid', status: 'Pending Order' });
const paidCard = orderWire({ items, email: EMAIL, paymentType: 'Card', paymentStatus: 'paid', status: 'On the way' });

function shopWith(orders: OrderWire[]) {
  return fakeApi({
    'GET /session': sessionAnswer(EMAIL),
    'GET /my-product-history/:email': ok(orders),
    'GET /buy-product/:id': (_request, { id }) => ok(orders.find((order) => order._id === id)),
  });
}

describe("the customer's order page says where the payment stands", () => {
  it.each([
    { label: 'a delivered cash order', order: deliveredCash, type: 'Cash On Delivery', line: 'Paid in cash' },
    { label: 'a cash order not yet delivered', order: pendingCash, type: 'Cash On Delivery', line: 'To be paid on delivery' },
    { label: 'a paid card order', order: paidCard, type: 'Card', line: 'Paid by card' },
  ])('$label: $type, $line', async ({ order, type, line }) => {
    shopWith([order]);
    renderWithProviders(<OrderDetailPage />, { at: orderPath(order._id), route: paths.order });
    const payment = await screen.findByRole('table', { name: 'Payment' });
    expect(within(payment).getByRole('row', { name: /^Payment type/ })).toHaveTextContent(type);
    expect(within(payment).getByRole('row', { name: /^Payment\b(?! type)/ })).toHaveTextContent(line);
  });
});

it('the order history gives each order its payment line', async () => {
  shopWith([deliveredCash, pendingCash, paidCard]);
  renderWithProviders(<OrderHistoryPage />, { at: paths.myOrders });
  const table = await screen.findByRole('table', { name: 'Order history' });
  const row = (order: OrderWire) =>
    within(table)
      .getByRole('link', { name: `Order ${displayOrderId(order._id)}` })
      .closest('tr')!;
  expect(await within(table).findByText('Paid in cash')).toBeVisible();
  expect(row(deliveredCash)).toHaveTextContent('Paid in cash');
  expect(row(deliveredCash)).not.toHaveTextContent('To be paid on delivery');
  expect(row(pendingCash)).toHaveTextContent('To be paid on delivery');
  expect(row(paidCard)).toHaveTextContent('Paid by card');
});
