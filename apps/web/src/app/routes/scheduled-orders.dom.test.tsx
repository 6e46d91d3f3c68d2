import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { closeRealtime } from '../../lib/realtime';
import { adminOrderPath, orderPath, paths } from '../../lib/paths';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { orderItemWire, orderWire, sessionAnswer } from '../../../test/wire-fixtures';
import { NewOrderPopup } from '../../features/admin-live/components/new-order-popup';
import { AdminOrderDetailPage } from '../../features/admin-orders/routes/admin-order-detail-page';
import { PendingOrdersPage } from '../../features/admin-orders/routes/pending-orders-page';
import { OrderStatusCard } from '../../features/notifications/components/order-status-card';
import { OrderDetailPage } from '../../features/orders/routes/order-detail-page';
import { OrderHistoryPage } from '../../features/orders/routes/order-history-page';

// An order placed ahead says 'For Sat 19:30' (scheduledLine) prominently wherever it is shown,
// and the waiting orders' list asks for the kitchen's work by when it is due.

/** Friday 27 November 2026, 19:00 in London. */
const NOW = new Date('2026-11-27T19:00:00Z');
const EMAIL = 'ada@example.co.uk';

afterEach(() => {
  closeRealtime();
  vi.useRealTimers();
});

const items = [orderItemWire({ title: 'Margherita', quantity: 2, price: 12.99 })];
/** Placed at 18:58 for Saturday 19:30 (London, GMT). */
const ahead = orderWire({
  items,
  email: EMAIL,
  paymentType: 'Cash',
  paymentStatus: 'unpaid',
  placedAt: '2026-11-27T18:58:00.000Z',
  scheduledFor: '2026-11-28T19:30:00.000Z',
});
const asap = orderWire({ items, email: EMAIL, paymentType: 'Cash', paymentStatus: 'unpaid', placedAt: '2026-11-27T18:59:00.000Z' });

function backOffice(orders: OrderWire[]) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  return fakeApi({
    'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
    'GET /shop-settings': ok({ lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false }),
    'GET /buy-product': ok(orders),
    'GET /buy-product/:id': (_request, { id }) => ok(orders.find((order) => order._id === id)),
  });
}

describe('the back office', () => {
  it('the waiting orders list asks by when they are due and says For Sat 19:30 on the order placed ahead only', async () => {
    const api = backOffice([ahead, asap]);
    renderWithProviders(<PendingOrdersPage />, { at: paths.pendingOrders });
    await waitFor(() => expect(api.sent('GET /buy-product')).not.toHaveLength(0));
    expect(api.sent('GET /buy-product')[0]?.query.get('sort')).toBe('due');
    expect(api.sent('GET /buy-product')[0]?.query.get('status')).toBe('Pending Order');
    const marks = await screen.findAllByText('For Sat 19:30');
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark.closest('tr, li')).toHaveTextContent(displayOrderId(ahead._id));
  });

  it('an order placed ahead is not Waiting or Late before the kitchen would start it; one for now is', async () => {
    // Both placed more than 5 minutes (the late setting) ago.
    const aheadLong = { ...ahead, placedAt: '2026-11-27T18:40:00.000Z' };
    const asapLong = { ...asap, placedAt: '2026-11-27T18:41:00.000Z' };
    backOffice([aheadLong, asapLong]);
    renderWithProviders(<PendingOrdersPage />, { at: paths.pendingOrders });
    const [aheadMark] = await screen.findAllByText('For Sat 19:30');
    const aheadRow = aheadMark!.closest('tr, li') as HTMLElement;
    expect(aheadRow).not.toHaveTextContent(/Waiting|Late/);
    const asapRow = screen
      .getAllByText(displayOrderId(asap._id))
      .map((cell) => cell.closest('tr, li') as HTMLElement)
      .find(Boolean)!;
    expect(asapRow).toHaveTextContent('LateWaiting 19 min');
  });

  it('the new-order popup says For Sat 19:30', async () => {
    backOffice([ahead]);
    renderWithProviders(<NewOrderPopup />, { at: '/dashboard' });
    const popup = await screen.findByRole('dialog', { name: /New order has been placed/ });
    expect(within(popup).getByText('For Sat 19:30')).toBeVisible();
  });

  it('the order page and its kitchen ticket say For Sat 19:30', async () => {
    backOffice([ahead]);
    renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(ahead._id), route: paths.adminOrder });
    expect(await screen.findByRole('heading', { name: `Order ${displayOrderId(ahead._id)}` })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('ticket-scheduled')).toHaveTextContent('For Sat 19:30'));
    expect(screen.getAllByText('For Sat 19:30').length).toBeGreaterThanOrEqual(2);
  });

  it('an order for as soon as possible says no For', async () => {
    backOffice([asap]);
    renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(asap._id), route: paths.adminOrder });
    expect(await screen.findByRole('heading', { name: `Order ${displayOrderId(asap._id)}` })).toBeVisible();
    await screen.findByTestId('kitchen-ticket');
    expect(screen.queryByText(/^For /)).not.toBeInTheDocument();
  });
});

describe('the customer', () => {
  function shop(orders: OrderWire[]) {
    return fakeApi({
      'GET /session': sessionAnswer(EMAIL),
      'GET /my-product-history/:email': ok(orders),
      'GET /buy-product/:id': (_request, { id }) => ok(orders.find((order) => order._id === id)),
    });
  }

  it('the order page says For Sat 19:30 on top', async () => {
    shop([ahead]);
    renderWithProviders(<OrderDetailPage />, { at: orderPath(ahead._id), route: paths.order });
    expect(await screen.findByRole('status', { name: 'Order promise' })).toHaveTextContent('For Sat 19:30');
  });

  it('My Orders says it on the order placed ahead only', async () => {
    shop([ahead, asap]);
    renderWithProviders(<OrderHistoryPage />, { at: paths.myOrders });
    const table = await screen.findByRole('table', { name: 'Order history' });
    const rows = within(table).getAllByRole('row');
    const aheadRow = rows.find((row) => row.textContent?.includes(displayOrderId(ahead._id)));
    const asapRow = rows.find((row) => row.textContent?.includes(displayOrderId(asap._id)));
    expect(aheadRow).toHaveTextContent('For Sat 19:30');
    expect(asapRow).not.toHaveTextContent('For Sat');
  });

  it('the notification card says it', () => {
    fakeApi({ 'GET /session': sessionAnswer(EMAIL) });
    renderWithProviders(
      <ul>
        <OrderStatusCard order={ahead} />
      </ul>,
    );
    expect(screen.getByText('For Sat 19:30')).toBeVisible();
  });
});
