import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
import { OrderDetailPage } from '../../features/orders/routes/order-detail-page';
import { OrderHistoryPage } from '../../features/orders/routes/order-history-page';

// Decision 1003: COLLECTION and the allergy note, loud wherever the kitchen reads an
// Order (popup, lists, order page, ticket), and shown to the customer on their order page and My Orders.

const EMAIL = 'ada@example.co.uk';
const ALLERGY = 'Severe peanut allergy, no sesame';

afterEach(() => closeRealtime());

const items = [orderItemWire({ title: 'Margherita', quantity: 2, price: 12.99 })];
const collection = orderWire({
  items,
  email: EMAIL,
  paymentType: 'Cash',
  paymentStatus: 'unpaid',
  fulfilment: 'collection',
  allergyNote: ALLERGY,
  addressId: null,
  address: {
    firstname: 'Ada Lovelace',
    lastname: '',
    Email: EMAIL,
    phone: '07700 900123',
    address: '',
    address2: '',
    city: '',
    postcode: '',
  },
});
const delivery = orderWire({ items, email: EMAIL, paymentType: 'Cash', paymentStatus: 'unpaid' });

function backOffice(orders: OrderWire[]) {
  return fakeApi({
    'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
    'GET /shop-settings': ok({ lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false }),
    'GET /buy-product': ok(orders),
    'GET /buy-product/:id': (_request, { id }) => ok(orders.find((order) => order._id === id)),
  });
}

describe('the back office', () => {
  it('the new-order popup shows COLLECTION and the allergy note, boxed, and Pay on collection', async () => {
    backOffice([collection]);
    renderWithProviders(<NewOrderPopup />, { at: '/dashboard' });
    const popup = await screen.findByRole('dialog', { name: /New order has been placed/ });
    expect(within(popup).getByTestId('collection-label')).toHaveTextContent('COLLECTION');
    expect(within(popup).getByRole('note', { name: 'Allergy' })).toHaveTextContent(`ALLERGY: ${ALLERGY}`);
    expect(within(popup).getByText(/Pay on collection/)).toBeVisible();
  });

  it('a delivery without a note shows neither', async () => {
    backOffice([delivery]);
    renderWithProviders(<NewOrderPopup />, { at: '/dashboard' });
    const popup = await screen.findByRole('dialog', { name: /New order has been placed/ });
    expect(within(popup).getByText(/Cash On Delivery/)).toBeVisible();
    expect(within(popup).queryByText('COLLECTION')).not.toBeInTheDocument();
    expect(within(popup).queryByRole('note', { name: 'Allergy' })).not.toBeInTheDocument();
  });

  it('the waiting orders list marks the collection order and its allergy note, not the delivery', async () => {
    backOffice([collection, delivery]);
    renderWithProviders(<PendingOrdersPage />, { at: paths.pendingOrders });
    const [label] = await screen.findAllByText('COLLECTION');
    const row = label!.closest('tr, li') as HTMLElement;
    expect(row).toHaveTextContent(displayOrderId(collection._id));
    expect(row).toHaveTextContent(`ALLERGY: ${ALLERGY}`);
    const deliveryRow = screen
      .getAllByText(displayOrderId(delivery._id))
      .map((cell) => cell.closest('tr, li') as HTMLElement)
      .find(Boolean)!;
    expect(deliveryRow).not.toHaveTextContent(/COLLECTION|ALLERGY/);
  });

  it('the order page and its kitchen ticket say COLLECTION and ALLERGY loud, with no delivery address', async () => {
    backOffice([collection]);
    renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(collection._id), route: paths.adminOrder });
    expect(await screen.findByRole('heading', { name: `Order ${displayOrderId(collection._id)}` })).toBeVisible();
    expect(await screen.findByRole('note', { name: 'Allergy' })).toHaveTextContent(`ALLERGY: ${ALLERGY}`);
    expect(screen.getAllByText('COLLECTION')[0]).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Collection: the customer' })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('ticket-collection')).toHaveTextContent('COLLECTION'));
    expect(screen.getByTestId('ticket-allergy')).toHaveTextContent(`ALLERGY: ${ALLERGY}`);
    expect(screen.getByTestId('kitchen-ticket')).toHaveTextContent('Pay on collection, total');
    expect(screen.getByTestId('kitchen-ticket')).toHaveTextContent('Tel 07700 900123');
  });

  it('a delivery’s ticket has neither', async () => {
    backOffice([delivery]);
    renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(delivery._id), route: paths.adminOrder });
    await screen.findByTestId('kitchen-ticket');
    expect(screen.queryByTestId('ticket-collection')).not.toBeInTheDocument();
    expect(screen.queryByTestId('ticket-allergy')).not.toBeInTheDocument();
    expect(screen.getByTestId('kitchen-ticket')).toHaveTextContent('Cash on delivery, total');
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

  it('the order page says it is collected, and the allergies given', async () => {
    shop([collection]);
    renderWithProviders(<OrderDetailPage />, { at: orderPath(collection._id), route: paths.order });
    expect(await screen.findByText('You collect this order from the shop.')).toBeVisible();
    expect(screen.queryByText('Delivery address')).not.toBeInTheDocument();
    const payment = screen.getByRole('table', { name: 'Payment' });
    expect(payment).toHaveTextContent('Pay on collection');
    expect(payment).toHaveTextContent(`Allergies${ALLERGY}`);
  });

  it('My Orders says Collection and the allergy on that order only', async () => {
    shop([collection, delivery]);
    renderWithProviders(<OrderHistoryPage />, { at: paths.myOrders });
    const table = await screen.findByRole('table', { name: 'Order history' });
    const rows = within(table).getAllByRole('row');
    const collected = rows.find((row) => row.textContent?.includes(displayOrderId(collection._id)));
    const delivered = rows.find((row) => row.textContent?.includes(displayOrderId(delivery._id)));
    expect(collected).toHaveTextContent('Collection');
    expect(collected).toHaveTextContent(`Allergy: ${ALLERGY}`);
    expect(delivered).not.toHaveTextContent(/Collection|Allergy/);
  });
});
