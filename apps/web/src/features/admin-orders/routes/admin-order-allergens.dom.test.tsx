import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire, sessionAnswer } from '../../../../test/wire-fixtures';
import { closeRealtime } from '../../../lib/realtime';
import { adminOrderPath, paths } from '../../../lib/paths';
import { AdminOrderDetailPage } from './admin-order-detail-page';

// Decision 1004: the order page and the kitchen ticket show each line's allergens as the menu
// recorded them when it was ordered, and 'not recorded' where they were not: the kitchen never reads that as none.

afterEach(() => closeRealtime());

const order = orderWire({
  items: [
    orderItemWire({ title: 'Margherita', quantity: 1, price: 12.99, allergens: ['milk', 'gluten'] }),
    orderItemWire({ title: 'Hawaiian', quantity: 1, price: 13.99, allergens: null }),
    orderItemWire({ title: 'Cola', quantity: 1, price: 1.5, category: 'Drinks', allergens: [] }),
  ],
  paymentType: 'Cash',
  paymentStatus: 'unpaid',
});

describe('an order’s lines’ allergens for the kitchen', () => {
  it('the order page and the ticket name each line’s allergens, none of the 14, or not recorded', async () => {
    fakeApi({
      'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
      'GET /shop-settings': ok({ lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false }),
      'GET /buy-product/:id': ok(order),
    });
    renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(order._id), route: paths.adminOrder });
    expect(await screen.findByRole('heading', { name: `Order ${displayOrderId(order._id)}` })).toBeVisible();
    const items = await screen.findByRole('table', { name: 'Items' });
    const row = (title: string) => within(items).getByText(title).closest('tr')!;
    expect(row('Margherita')).toHaveTextContent('Allergens: Gluten, Milk');
    expect(row('Hawaiian')).toHaveTextContent('Allergens: not recorded');
    expect(row('Cola')).toHaveTextContent('Allergens: none of the 14');

    await waitFor(() => expect(screen.getByTestId('kitchen-ticket')).toBeInTheDocument());
    const ticket = screen.getByTestId('kitchen-ticket');
    expect(ticket).toHaveTextContent('1 × MargheritaAllergens: Gluten, Milk');
    expect(ticket).toHaveTextContent('1 × HawaiianAllergens: not recorded');
    expect(ticket).toHaveTextContent('1 × ColaAllergens: none of the 14');
  });
});
