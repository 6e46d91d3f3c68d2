import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import { fakeApi } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire } from '../../../../test/wire-fixtures';
import { OrderStatusCard } from './order-status-card';

const items = [orderItemWire({ title: 'Margherita', quantity: 2, price: 7.49 })];

function renderCard(order: OrderWire) {
  fakeApi();
  renderWithProviders(
    <ul>
      <OrderStatusCard order={order} />
    </ul>,
    { at: '/notification' },
  );
  return screen.getByRole('listitem', { name: /^Order / });
}

it.each([
  { status: 'Pending Order' as const, line: 'Cash On Delivery · To be paid on delivery' },
  { status: 'Delivered Order' as const, line: 'Cash On Delivery · Paid in cash' },
  { status: 'Canceled Order' as const, line: 'Cash On Delivery · Not paid (order canceled)' },
])('a cash order, $status: the notifications page says $line', ({ status, line }) => {
  renderCard(orderWire({ items, paymentType: 'Cash', paymentStatus: 'unpaid', status }));
  expect(screen.getByText(/^Placed 25\/11\/2026 at 18:42 · 2 items$/)).toBeVisible();
  expect(screen.getByText(line)).toBeVisible();
});

it.each([
  {
    label: 'waiting, its card held',
    order: { paymentStatus: 'authorised', status: 'Pending Order' },
    promise: null,
    money: 'Card · Card payment held: taken only when the shop accepts',
  },
  {
    label: 'accepted for 19:45, its card charged',
    order: { paymentStatus: 'paid', status: 'Approved Order', expectedAt: '2026-11-25T19:45:00.000Z', expectedTime: '19:45' },
    promise: 'Expected at 19:45',
    money: 'Card · Paid by card',
  },
  {
    label: 'on its way, re-timed to 20:05',
    order: { paymentStatus: 'paid', status: 'On the way', expectedAt: '2026-11-25T20:05:00.000Z', expectedTime: '20:05' },
    promise: 'Expected at 20:05',
    money: 'Card · Paid by card',
  },
  {
    label: 'rejected while waiting',
    order: { paymentStatus: 'released', status: 'Canceled Order', cancelReason: 'We are too busy right now' },
    promise: 'Canceled: We are too busy right now',
    money: 'Card · Not charged: the hold on your card was released',
  },
  {
    label: 'canceled after it was accepted',
    order: { paymentStatus: 'refunded', status: 'Canceled Order', cancelReason: 'We are closing early', refundedTotal: 14.98 },
    promise: 'Canceled: We are closing early',
    money: 'Card · Refunded £14.98 to your card: it reaches your account in 5 to 10 working days',
  },
  {
    label: 'delivered with an item missing',
    order: { paymentStatus: 'partially_refunded', status: 'Delivered Order', expectedTime: '19:45', refundedTotal: 7.49 },
    promise: null,
    money: 'Card · Paid by card, £7.49 refunded: it reaches your account in 5 to 10 working days',
  },
] as const)('a card order $label: $promise, $money', ({ order, promise, money }) => {
  const card = renderCard(orderWire({ items, paymentType: 'Card', ...order }));
  if (promise) expect(screen.getByText(promise)).toBeVisible();
  else expect(card).not.toHaveTextContent(/Expected at|Canceled:/);
  expect(screen.getByText(money)).toBeVisible();
});
