import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { displayOrderId } from '@shop/shared/domain/order-id';
import type { Role } from '@shop/shared/domain/roles';
import { fakeApi, ok, refuse } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire, sessionAnswer } from '../../../../test/wire-fixtures';
import { closeRealtime } from '../../../lib/realtime';
import { paths } from '../../../lib/paths';
import { AcceptedOrdersPage } from './accepted-orders-page';

// Decision 1703: the kitchen's list of accepted orders has Ready beside each delivery, which tells dispatch (and the
// customer's tracker) it can go: `POST /api/orders/{id}/ready`.

/** Sunday 29 November 2026, 18:30 in London. */
const NOW = new Date('2026-11-29T18:30:00Z');

afterEach(() => {
  closeRealtime();
  vi.useRealTimers();
});

const items = [orderItemWire({ title: 'Margherita', quantity: 1, price: 12.99 })];
const delivery = orderWire({ items, status: 'Approved Order', fulfilment: 'delivery' });
const collection = orderWire({ items, status: 'Approved Order', fulfilment: 'collection' });

function openAccepted(role: Role, orders = [delivery, collection]) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  const api = fakeApi({
    'GET /session': sessionAnswer('kitchen@example.com', role, 'Kim'),
    'GET /shop-settings': ok({ lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false }),
    'GET /buy-product': ok(orders),
    // The server's time of it, two minutes behind this tablet's clock.
    'POST /orders/:id/ready': ok({ readyAt: '2026-11-29T18:28:00.000Z' }),
  });
  return { api, ...renderWithProviders(<AcceptedOrdersPage />, { at: paths.acceptedOrders }) };
}

const rowOf = async (id: string) => {
  const table = await screen.findByRole('table', { name: 'Orders' });
  const link = await within(table).findByRole('link', { name: `Order ${displayOrderId(id)}` });
  return link.closest('tr') as HTMLElement;
};

describe('Ready on the accepted orders', () => {
  it('lets the kitchen say a delivery is ready, once, and offers nothing on a collection', async () => {
    const { api, user } = openAccepted('kitchen');
    const row = await rowOf(delivery._id);
    await waitFor(() => expect(within(row).getByRole('button', { name: `Ready: order ${displayOrderId(delivery._id)}` })).toBeVisible());
    expect(within(await rowOf(collection._id)).queryByRole('button', { name: /^Ready/ })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: `Ready: order ${displayOrderId(delivery._id)}` }));
    expect(await within(await rowOf(delivery._id)).findByRole('button', { name: 'Ready 18:28' })).toBeDisabled();
    expect(api.sent('POST /orders/:id/ready').map((request) => request.path)).toEqual([`/orders/${delivery._id}/ready`]);
  });

  it('shows a delivery said ready before, on another screen or before a reload, with its time', async () => {
    const { api } = openAccepted('kitchen', [{ ...delivery, readyAt: '2026-11-29T18:20:00.000Z' }, collection]);
    expect(await within(await rowOf(delivery._id)).findByRole('button', { name: 'Ready 18:20' })).toBeDisabled();
    expect(api.sent('POST /orders/:id/ready')).toEqual([]);
  });

  it('shows the server’s refusal', async () => {
    const { api, user } = openAccepted('kitchen');
    api.on('POST /orders/:id/ready', refuse('INVALID_STATUS_CHANGE', 'This order is on the way already'));
    const row = await rowOf(delivery._id);
    await user.click(await within(row).findByRole('button', { name: `Ready: order ${displayOrderId(delivery._id)}` }));
    expect(await screen.findByText('This order is on the way already')).toBeVisible();
  });

  it('is not offered to a login that cannot move orders on (a driver)', async () => {
    const { queryClient } = openAccepted('counter');
    await waitFor(() => expect(queryClient.getQueryData(['session'])).toBeTruthy());
    const row = await rowOf(delivery._id);
    await within(row).findByRole('button', { name: /^Ready/ });
    queryClient.setQueryData(['session'], { email: 'sam@example.com', username: 'Sam', role: 'driver' });
    await waitFor(() => expect(within(row).queryByRole('button', { name: /^Ready/ })).not.toBeInTheDocument());
  });
});
