import { useEffect } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import { ORDER_UPDATED } from '@shop/shared/contract/realtime';
import type { PaymentType } from '@shop/shared/domain/payment-types';
import { fakeApi, ok } from '../../../../test/fake-api';
import { openSockets, serverEmit } from '../../../../test/fake-socket';
import { renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire, sessionAnswer } from '../../../../test/wire-fixtures';
import { closeRealtime } from '../../../lib/realtime';
import { paths } from '../../../lib/paths';
import { CARD_HELD_TEXT, NotificationsPage } from './notifications-page';

afterEach(() => closeRealtime());

const EMAIL = 'ada@example.co.uk';
const items = [orderItemWire({ title: 'Margherita', quantity: 2, price: 7.49 })];

function shopWith(orders: OrderWire[]) {
  return fakeApi({
    'GET /session': sessionAnswer(EMAIL),
    'GET /my-product-history/:email': () => ok(orders),
    'GET /my-product/:email': ok([]),
  });
}

/** Checkout's landing: it navigates to /notification with the placed order in the navigation state. */
function Checkout({ orderId, paymentType }: { orderId: string; paymentType: PaymentType }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(paths.notification, { state: { placedOrder: { orderId, paymentType } } });
  }, [navigate, orderId, paymentType]);
  return null;
}

function landFrom(order: OrderWire) {
  return renderWithProviders(<Checkout orderId={order._id} paymentType={order.paymentType} />, {
    at: '/payment',
    routes: { [paths.notification]: <NotificationsPage /> },
  });
}

async function listening() {
  await waitFor(() => {
    const ready = [...openSockets].some(
      (socket) =>
        socket.connected && ((socket as unknown as { listeners: Map<string, Set<unknown>> }).listeners.get(ORDER_UPDATED)?.size ?? 0) > 0,
    );
    expect(ready, 'the socket is connected and listens for order_updated').toBe(true);
  });
}

it('a card order lands on "Payment Successful" saying the money is held until the shop accepts', async () => {
  const order = orderWire({ items, email: EMAIL, paymentType: 'Card', paymentStatus: 'authorised', status: 'Pending Order' });
  shopWith([order]);
  landFrom(order);
  const landing = await screen.findByRole('status');
  expect(landing).toHaveTextContent('Payment Successful');
  expect(landing).toHaveTextContent('Your order has been placed.');
  expect(landing).toHaveTextContent(CARD_HELD_TEXT);
  expect(await screen.findByText('Card · Card payment held: taken only when the shop accepts')).toBeVisible();
});

it('a cash order lands without a word about a card', async () => {
  const order = orderWire({ items, email: EMAIL, paymentType: 'Cash', paymentStatus: 'unpaid', status: 'Pending Order' });
  shopWith([order]);
  landFrom(order);
  const landing = await screen.findByRole('status');
  expect(landing).toHaveTextContent('Your order has been placed.');
  expect(landing).not.toHaveTextContent(/card/i);
});

it("the order's card follows the shop without a reload: accepted for a time, re-timed, canceled with a reason, refunded", async () => {
  const orders = [orderWire({ items, email: EMAIL, paymentType: 'Card', paymentStatus: 'authorised', status: 'Pending Order' })];
  shopWith(orders);
  renderWithProviders(<NotificationsPage />, { at: paths.notification });
  const card = await screen.findByRole('listitem', { name: /^Order / });
  expect(card).toHaveTextContent('Card payment held: taken only when the shop accepts');
  expect(card).not.toHaveTextContent('Expected at');
  await listening();
  const change = (fields: Partial<OrderWire>) => {
    orders[0] = { ...orders[0]!, ...fields };
    serverEmit(ORDER_UPDATED, { order_id: orders[0]._id });
  };
  const current = () =>
    within(card)
      .getByRole('list', { name: /^Status of order/ })
      .querySelector('[aria-current="step"]');

  change({
    status: 'Approved Order',
    paymentStatus: 'paid',
    expectedAt: '2026-11-25T19:45:00.000Z',
    expectedTime: '19:45',
    statusHistory: [
      ...orders[0]!.statusHistory,
      { status: 'Approved Order', date: '25/11/2026', time: '18:45', createdAt: '2026-11-25T18:45:00.000Z', changedBy: null },
    ],
  });
  await waitFor(() => expect(card).toHaveTextContent('Expected at 19:45'));
  expect(card).toHaveTextContent('Card · Paid by card');
  expect(current()).toHaveTextContent('Approved Order');

  change({ expectedAt: '2026-11-25T20:05:00.000Z', expectedTime: '20:05' });
  await waitFor(() => expect(card).toHaveTextContent('Expected at 20:05'));
  expect(card).not.toHaveTextContent('19:45');

  change({ status: 'Canceled Order', cancelReason: 'We are closing early', paymentStatus: 'refunded', refundedTotal: 14.98 });
  await waitFor(() => expect(card).toHaveTextContent('Canceled: We are closing early'));
  expect(card).toHaveTextContent('Card · Refunded £14.98 to your card: it reaches your account in 5 to 10 working days');
  expect(card).not.toHaveTextContent('Expected at');
});
