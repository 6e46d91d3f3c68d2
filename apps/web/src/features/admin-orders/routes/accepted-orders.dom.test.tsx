import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire, sessionAnswer } from '../../../../test/wire-fixtures';
import { closeRealtime } from '../../../lib/realtime';
import { paths } from '../../../lib/paths';
import { AcceptedOrdersPage } from './accepted-orders-page';

// The accepted orders, the kitchen's work, listed by when they are due (sort=due), an order placed
// ahead saying 'For Sat 19:30'.

/** Friday 27 November 2026, 19:00 in London. */
const NOW = new Date('2026-11-27T19:00:00Z');

afterEach(() => {
  closeRealtime();
  vi.useRealTimers();
});

const items = [orderItemWire({ title: 'Margherita', quantity: 1, price: 12.99 })];
const approved = (placedAt: string, expectedAt: string, expectedTime: string, scheduledFor: string | null = null) =>
  orderWire({ items, status: 'Approved Order', placedAt, expectedAt, expectedTime, scheduledFor });
// As the server answers sort=due: the soonest due first, whenever placed.
const dueFirst = approved('2026-11-27T18:50:00.000Z', '2026-11-27T19:20:00.000Z', '19:20');
const dueNext = approved('2026-11-27T18:20:00.000Z', '2026-11-27T19:35:00.000Z', '19:35');
const ahead = approved('2026-11-27T17:00:00.000Z', '2026-11-28T19:30:00.000Z', '19:30', '2026-11-28T19:30:00.000Z');

describe('the accepted orders list', () => {
  it('asks for the accepted orders by when they are due, lists them so, and says For Sat 19:30 on the one placed ahead', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const api = fakeApi({
      'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
      'GET /shop-settings': ok({ lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false }),
      'GET /buy-product': ok([dueFirst, dueNext, ahead]),
    });
    renderWithProviders(<AcceptedOrdersPage />, { at: paths.acceptedOrders });
    expect(await screen.findByRole('heading', { name: 'Accepted Orders' })).toBeVisible();
    await waitFor(() => expect(api.sent('GET /buy-product')).not.toHaveLength(0));
    const [asked] = api.sent('GET /buy-product');
    expect(asked?.query.get('status')).toBe('Approved Order');
    expect(asked?.query.get('sort')).toBe('due');

    const table = await screen.findByRole('table', { name: 'Orders' });
    await within(table).findByText('Expected at 19:20');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(
      [dueFirst, dueNext, ahead].map((order) => displayOrderId(order._id)),
    );
    expect(within(rows[2] as HTMLElement).getByText('For Sat 19:30')).toBeVisible();
    expect(within(table).getAllByText('For Sat 19:30')).toHaveLength(1);
  });

  it('closes the day from the board, saying first how many orders it closes; a kitchen login is not offered it', async () => {
    const api = fakeApi({
      'GET /session': sessionAnswer('admin@example.com', 'manager', 'Admin'),
      'GET /shop-settings': ok({ lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false }),
      'GET /buy-product': ok([dueFirst, dueNext]),
      'GET /orders/close-day': ok({ count: 3, dayEnd: '2026-11-27T23:15:00.000Z' }),
      'POST /orders/close-day': ok({ closed: 2, rejected: 1 }),
    });
    const { user, unmount } = renderWithProviders(<AcceptedOrdersPage />, { at: paths.acceptedOrders });
    await user.click(await screen.findByRole('button', { name: 'Close the day' }));
    const ask = await screen.findByRole('dialog', { name: 'Close the 3 orders left open today?' });
    expect(api.sent('POST /orders/close-day')).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Close the day' }));
    expect(await screen.findByText('Day closed: 3 orders closed')).toBeVisible();
    expect(api.sent('POST /orders/close-day')).toHaveLength(1);
    unmount();
    closeRealtime();

    fakeApi({
      'GET /session': sessionAnswer('cook@example.com', 'kitchen', 'Cook'),
      'GET /shop-settings': ok({ lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false }),
      'GET /buy-product': ok([dueFirst]),
    });
    renderWithProviders(<AcceptedOrdersPage />, { at: paths.acceptedOrders });
    expect(await screen.findByRole('heading', { name: 'Accepted Orders' })).toBeVisible();
    await screen.findAllByText('Expected at 19:20');
    expect(screen.queryByRole('button', { name: 'Close the day' })).not.toBeInTheDocument();
  });
});
