import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire, productWire, sessionAnswer, SOLD_OUT_TODAY, toppingWire } from '../../../../test/wire-fixtures';
import { closeRealtime } from '../../../lib/realtime';
import { adminOrderPath, paths } from '../../../lib/paths';
import { AdminOrderDetailPage } from './admin-order-detail-page';

// The product an order ran out of is marked sold out today in one tap from the order's page.

afterEach(() => closeRealtime());

/** An id of a product the menu no longer lists (the line still carries it). */
const wireIdOf = (n: number) => `65f0aaaa${String(n).padStart(16, '0')}`;

const margherita = orderItemWire({ title: 'Margherita', quantity: 2, price: 12.99 });
const order = orderWire({ items: [margherita], paymentType: 'Cash', paymentStatus: 'unpaid', placedAt: '2026-11-27T18:58:00.000Z' });

describe('sold out from the order page', () => {
  it('Sold out today marks the line product sold out until the next opening, and Back on sale undoes it', async () => {
    const api = fakeApi({
      'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
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

  it('a line’s chosen toppings, crust, dip and deal choices are each marked by their ids, named as the menu names them', async () => {
    const vanilla = toppingWire('Vanilla', 'Shakes', 0);
    const pepperoni = toppingWire('Pepperoni', 'Pizza', 1.5, SOLD_OUT_TODAY);
    const stuffedEdge = toppingWire('Cheese Stuffed Edge', 'Crust', 2);
    const bbqDip = toppingWire('BBQ Dip', 'Dips', 0.75);
    const fries = productWire({ title: 'Fries', category: 'Sides' });
    const shake = orderItemWire({
      title: 'Milkshake',
      quantity: 1,
      price: 4.5,
      category: 'Shakes',
      topping: 'Vanilla',
      line: { productId: wireIdOf(1), quantity: 1, toppingIds: [vanilla._id] },
    });
    const pizza = orderItemWire({
      title: 'Hot Pizza',
      quantity: 1,
      price: 14,
      topping: 'Pepperoni, Cheese Stuffed Edge, BBQ Dip',
      line: { productId: wireIdOf(2), quantity: 1, toppingIds: [pepperoni._id, stuffedEdge._id, bbqDip._id] },
    });
    const deal = orderItemWire({
      title: 'Family Deal',
      quantity: 1,
      price: 25,
      category: 'Deals',
      dealItems: ['Fries'],
      line: { productId: wireIdOf(3), quantity: 1, deal: { items: [{ slot: 0, productId: fries._id }] } },
    });
    const withChoices = orderWire({ items: [shake, pizza, deal] });
    const api = fakeApi({
      'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
      'GET /shop-settings': ok({ lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false }),
      'GET /buy-product/:id': ok(withChoices),
      'GET /allproduts': ok([fries]),
      'GET /ingredients': ok([vanilla, pepperoni, stuffedEdge, bbqDip]),
      'PUT /ingredients/:id/availability': (request, { id = '' }) => {
        const body = request.body as { soldOut: boolean };
        return ok({ _id: id, soldOut: body.soldOut, soldOutUntil: body.soldOut ? '2026-11-28T12:00:00.000Z' : null });
      },
      'PUT /allproduts/:id/availability': (request, { id = '' }) => {
        const body = request.body as { soldOut: boolean };
        return ok({ _id: id, soldOut: body.soldOut, soldOutUntil: body.soldOut ? '2026-11-28T12:00:00.000Z' : null });
      },
    });
    const { user } = renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(withChoices._id), route: paths.adminOrder });
    const items = await screen.findByRole('table', { name: 'Items' });

    const shakeChoices = await within(items).findByRole('group', { name: 'Sold out today from Milkshake' });
    await user.click(within(shakeChoices).getByRole('button', { name: 'Mark Vanilla sold out today' }));
    expect(await screen.findByText('"Vanilla" is sold out today')).toBeVisible();
    expect(api.sent('PUT /ingredients/:id/availability')[0]).toMatchObject({
      path: `/ingredients/${vanilla._id}/availability`,
      body: { soldOut: true, until: 'next-opening' },
    });

    const pizzaChoices = within(items).getByRole('group', { name: 'Sold out today from Hot Pizza' });
    // Sold out already (the menu says so): the tap puts it back.
    await user.click(within(pizzaChoices).getByRole('button', { name: 'Put Pepperoni back on sale' }));
    expect(await screen.findByText('"Pepperoni" is back on sale')).toBeVisible();
    expect(api.sent('PUT /ingredients/:id/availability')[1]).toMatchObject({
      path: `/ingredients/${pepperoni._id}/availability`,
      body: { soldOut: false },
    });
    await user.click(within(pizzaChoices).getByRole('button', { name: 'Mark Cheese Stuffed Edge sold out today' }));
    expect(await screen.findByText('"Cheese Stuffed Edge" is sold out today')).toBeVisible();
    await user.click(within(pizzaChoices).getByRole('button', { name: 'Mark BBQ Dip sold out today' }));
    expect(await screen.findByText('"BBQ Dip" is sold out today')).toBeVisible();
    expect(api.sent('PUT /ingredients/:id/availability').map((request) => request.path)).toEqual(
      [vanilla, pepperoni, stuffedEdge, bbqDip].map((topping) => `/ingredients/${topping._id}/availability`),
    );

    const dealChoices = within(items).getByRole('group', { name: 'Sold out today from Family Deal' });
    await user.click(within(dealChoices).getByRole('button', { name: 'Mark Fries sold out today' }));
    expect(await screen.findByText('"Fries" is sold out today')).toBeVisible();
    expect(api.sent('PUT /allproduts/:id/availability')[0]?.path).toBe(`/allproduts/${fries._id}/availability`);
  });
});
