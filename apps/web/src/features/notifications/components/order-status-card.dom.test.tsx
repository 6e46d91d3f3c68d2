import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire } from '../../../../test/wire-fixtures';
import { OrderStatusCard } from './order-status-card';

const items = [orderItemWire({ title: 'Margherita', quantity: 2, price: 7.49 })];

it.each([
  { status: 'Pending Order' as const, line: 'Cash On Delivery · To be paid on delivery' },
  { status: 'Delivered Order' as const, line: 'Cash On Delivery · Paid in cash' },
  { status: 'Canceled Order' as const, line: 'Cash On Delivery · Not paid (order canceled)' },
])('a cash order, $status: the notifications page says $line', ({ status, line }) => {
  fakeApi();
  const order = orderWire({ items, paymentType: 'Cash', paymentStatus: 'unpaid', status });
  renderWithProviders(
    <ul>
      <OrderStatusCard order={order} />
    </ul>,
    { at: '/notification' },
  );
  expect(screen.getByText(/^Placed 25\/11\/2026 at 18:42 · 2 items ·/)).toHaveTextContent(line);
});
