import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import { fakeApi, ok, refuse, type FakeApi, type FakeHandler } from '../../../../test/fake-api';
import { serverEmit } from '../../../../test/fake-socket';
import { renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire, sessionAnswer } from '../../../../test/wire-fixtures';
import { NewOrderPopup } from './new-order-popup';

let admins = 0;

/**
 * The popup as the admin layout mounts it, for a new admin each time (the tab's queue belongs to the admin signed in):
 * `pending` is what the pending-orders list answers when the socket connects, `orders` what each order's detail answers.
 */
async function openBackOffice(pending: OrderWire[], orders: OrderWire[], routes: Record<string, FakeHandler> = {}) {
  admins += 1;
  const byId = new Map([...pending, ...orders].map((order) => [order._id, order]));
  const api = fakeApi({
    'GET /session': sessionAnswer(`admin${admins}@example.co.uk`, 'admin', 'Admin'),
    'GET /buy-product': (request) => ok(request.query.get('page') === '1' ? pending : []),
    'GET /buy-product/:id': (_request, { id = '' }) => {
      const order = byId.get(id);
      return order ? ok(order) : refuse('ORDER_NOT_FOUND', 'Order not found');
    },
    'PUT /update-sell-products/:id': ok({ modifiedCount: 1 }),
    ...routes,
  });
  const rendered = renderWithProviders(<NewOrderPopup />, {
    at: '/dashboard',
    routes: { '/allorders/:ordersId': <h1>Order detail</h1> },
  });
  // The socket has connected and the orders already pending were read: from now on an order is new.
  await waitFor(() => expect(api.sent('GET /buy-product')).not.toHaveLength(0));
  return { api, byId, ...rendered };
}

/** The server announces an order to the admins' room. */
function announce(order: OrderWire) {
  serverEmit('order_received', { order_id: order._id });
}

function statusSent(api: FakeApi): Array<{ id: string; body: unknown }> {
  return api.sent('PUT /update-sell-products/:id').map((request) => ({ id: request.path.split('/').pop() ?? '', body: request.body }));
}

const cashOrder = orderWire({
  _id: '65f00000000000000a1b2c3d',
  paymentType: 'Cash',
  time: '18:42',
  items: [
    orderItemWire({ title: 'Margherita', quantity: 2, price: 12.99 }),
    orderItemWire({ title: 'BBQ Wings', quantity: 1, price: 9.99, category: 'Wings' }),
  ],
});
const cardOrder = orderWire({
  _id: '65f00000000000000e5f6a7b',
  paymentType: 'Card',
  paymentStatus: 'paid',
  time: '18:45',
  items: [orderItemWire({ title: 'Pepperoni', quantity: 1, price: 11.99 })],
});

describe('the new-order popup', () => {
  it('shows a new order: its number, time, Cash On Delivery, total and products, and rings', async () => {
    await openBackOffice([], [cashOrder]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    announce(cashOrder);
    const popup = await screen.findByRole('dialog', { name: 'New order has been placed' });
    expect(within(popup).getByText('Order 1b2c3d · 18:42 · Cash On Delivery · £35.97')).toBeVisible();
    const products = within(popup).getByRole('list', { name: 'Products' });
    expect(
      within(products)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Margherita(2)', 'BBQ Wings(1)']);
    await waitFor(() => expect(Number(screen.getByTestId('new-order-sound').dataset.playCount)).toBeGreaterThan(0));
  });

  it('does not ring for orders already pending when the back office opened', async () => {
    const { api } = await openBackOffice([cardOrder], [cashOrder]);
    expect(api.sent('GET /buy-product')[0]?.query.get('status')).toBe('Pending Order');
    announce(cashOrder);
    // The new order alone: the one already pending is neither shown first nor counted ('1 of 2').
    const popup = await screen.findByRole('dialog', { name: 'New order has been placed' });
    expect(within(popup).getByText(/^Order 1b2c3d/)).toBeVisible();
    expect(within(popup).queryByTestId('new-order-position')).not.toBeInTheDocument();
  });

  it('approves the order shown with the status route, then shows the next one waiting', async () => {
    const { api, user } = await openBackOffice([], [cashOrder, cardOrder]);
    announce(cashOrder);
    announce(cardOrder);
    const popup = await screen.findByRole('dialog', { name: /New order has been placed/ });
    await waitFor(() => expect(within(popup).getByTestId('new-order-position')).toHaveTextContent('1 of 2'));

    await user.click(within(popup).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Order approved')).toBeVisible();
    expect(statusSent(api)).toEqual([{ id: cashOrder._id, body: { status: 'Approved Order' } }]);

    expect(await within(popup).findByText('Order 5f6a7b · 18:45 · Card · £11.99')).toBeVisible();
    expect(screen.queryByTestId('new-order-position')).not.toBeInTheDocument();
  });

  it('cancels only after asking, with the status route', async () => {
    const { api, user } = await openBackOffice([], [cashOrder]);
    announce(cashOrder);
    const popup = await screen.findByRole('dialog', { name: 'New order has been placed' });

    await user.click(within(popup).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Do you want to cancel this order?' });
    await user.click(within(ask).getByRole('button', { name: 'No, keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Do you want to cancel this order?' })).not.toBeInTheDocument());
    expect(statusSent(api)).toEqual([]);

    await user.click(within(popup).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Do you want to cancel this order?' })).getByRole('button', {
        name: 'Yes, cancel it',
      }),
    );
    expect(await screen.findByText('Order canceled')).toBeVisible();
    expect(statusSent(api)).toEqual([{ id: cashOrder._id, body: { status: 'Canceled Order' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the order and says why when the server refuses the change', async () => {
    const canceled: OrderWire = { ...cashOrder, status: 'Canceled Order' };
    const { byId, user } = await openBackOffice([], [cashOrder], {
      'PUT /update-sell-products/:id': () => {
        byId.set(cashOrder._id, canceled);
        return refuse('INVALID_STATUS_CHANGE', 'A canceled order cannot be approved');
      },
    });
    announce(cashOrder);
    const popup = await screen.findByRole('dialog', { name: 'New order has been placed' });
    await user.click(within(popup).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Could not update the order. A canceled order cannot be approved.')).toBeVisible();
    expect(await within(popup).findByText('This order is now Canceled Order.')).toBeVisible();
    expect(within(popup).getByText('A canceled order cannot be approved.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'New order has been placed' })).toBeVisible();
  });

  it('opens the order’s details from Details, and the popup leaves it', async () => {
    const { user } = await openBackOffice([], [cashOrder]);
    announce(cashOrder);
    const popup = await screen.findByRole('dialog', { name: 'New order has been placed' });
    await user.click(within(popup).getByRole('link', { name: 'Details' }));
    expect(await screen.findByRole('heading', { name: 'Order detail' })).toBeVisible();
    expect(window.location.pathname).toBe(`/allorders/${cashOrder._id}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
