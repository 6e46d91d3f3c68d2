import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire, sessionAnswer } from '../../../../test/wire-fixtures';
import { closeRealtime } from '../../../lib/realtime';
import { adminOrderPath, paths } from '../../../lib/paths';
import { AdminOrderDetailPage } from './admin-order-detail-page';

// Issue 21 point 4: the product an order ran out of is marked sold out today in one tap from the order's page.

afterEach(() => closeRealtime());

const margherita = orderItemWire({ title: 'Margherita', quantity: 2, price: 12.99 });
const order = orderWire({ items: [margherita], paymentType: 'Cash', paymentStatus: 'unpaid', placedAt: '2026-11-27T18:58:00.000Z' });

describe('sold out from the order page', () => {
  it('Sold out today marks the line product sold out until the next opening, and Back on sale undoes it', async () => {
    const api = fakeApi({
      'GET /session': sessionAnswer('admin@example.com', 'admin', 'Admin'),
      'GET /shop-settings': ok({ lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false }),
      'GET /buy-product/:id': ok(order),
      'PUT /allproduts/:id/availability': (request, { id = '' }) => {
        const body = request.body as { soldOut: boolean };
        return ok({ _id: id, soldOut: body.soldOut, soldOutUntil: body.soldOut ? '2026-11-28T12:00:00.000Z' : null });
      },
    });
    const { user } = renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(order._id), route: paths.adminOrder });
    expect(await screen.findByRole('heading', { name: `Order ${displayOrderId(order._id)}` })).toBeVisible();
    const items = await screen.findByRole('table', { name: 'Items' });

    await user.click(within(items).getByRole('button', { name: 'Mark Margherita sold out today' }));
    expect(await screen.findByText('"Margherita" is sold out today')).toBeVisible();
    const [marked] = api.sent('PUT /allproduts/:id/availability');
    expect(marked?.path).toBe(`/allproduts/${margherita.line.productId}/availability`);
    expect(marked?.body).toEqual({ soldOut: true, until: 'next-opening' });

    await user.click(within(items).getByRole('button', { name: 'Put Margherita back on sale' }));
    expect(await screen.findByText('"Margherita" is back on sale')).toBeVisible();
    expect(api.sent('PUT /allproduts/:id/availability')[1]?.body).toEqual({ soldOut: false });
  });
});
