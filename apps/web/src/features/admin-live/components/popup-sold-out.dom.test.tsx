import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IngredientWire, ProductWire } from '@shop/shared/contract/catalogue';
import { fakeApi, ok, refuse } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire, productWire, sessionAnswer, SOLD_OUT_TODAY, toppingWire } from '../../../../test/wire-fixtures';
import { NewOrderPopup } from './new-order-popup';

// Sold out from the new-order popup: what the waiting order ran out of (its products, their toppings, crusts,
// dips and shake flavours, a deal's choices) is sold out today in one tap, without leaving the popup or answering it.

const margherita = productWire({ title: 'Margherita', category: 'Pizza' });
const pizzaDeal = productWire({ title: 'Pizza Deal', category: 'Deals' });
const coke = productWire({ title: 'Coca-Cola', category: 'Drinks' });
const pepperoni = toppingWire('Pepperoni', 'Pizza', 1.5);
const stuffedEdge = toppingWire('Cheese Stuffed Edge', 'Crust', 2);
const garlicDip = toppingWire('Garlic Dip', 'Dips', 0.75, SOLD_OUT_TODAY);

const order = orderWire({
  items: [
    orderItemWire({
      title: 'Margherita',
      quantity: 2,
      price: 12.99,
      topping: 'Pepperoni, Cheese Stuffed Edge, Garlic Dip',
      line: { productId: margherita._id, quantity: 2, toppingIds: [pepperoni._id, stuffedEdge._id, garlicDip._id] },
    }),
    orderItemWire({
      title: 'Pizza Deal',
      quantity: 1,
      price: 19.99,
      category: 'Deals',
      dealItems: ['Margherita', 'Coca-Cola'],
      line: {
        productId: pizzaDeal._id,
        quantity: 1,
        deal: {
          items: [
            { slot: 0, productId: margherita._id },
            { slot: 1, productId: coke._id },
          ],
        },
      },
    }),
  ],
});

/** The shop's API: the order waits, and each mark is kept, so the lists asked again say what was marked. */
function shop(toppingsOnSale?: Map<string, IngredientWire>) {
  const products = new Map<string, ProductWire>([margherita, pizzaDeal, coke].map((product) => [product._id, product]));
  const toppings =
    toppingsOnSale ?? new Map<string, IngredientWire>([pepperoni, stuffedEdge, garlicDip].map((topping) => [topping._id, topping]));
  const mark = <T extends { soldOut: boolean; soldOutUntil: string | null }>(list: Map<string, T>, id: string, soldOut: boolean) => {
    const item = list.get(id);
    if (!item) return refuse('NOT_FOUND', 'Not found');
    const soldOutUntil = soldOut ? SOLD_OUT_TODAY.soldOutUntil : null;
    list.set(id, { ...item, soldOut, soldOutUntil });
    return ok({ _id: id, soldOut, soldOutUntil });
  };
  return fakeApi({
    'GET /session': sessionAnswer('admin@example.co.uk', 'owner', 'Admin'),
    'GET /shop-settings': ok({ lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false }),
    'GET /buy-product': (request) => ok(request.query.get('page') === '1' ? [order] : []),
    'GET /buy-product/:id': ok(order),
    'GET /allproduts': () => ok([...products.values()]),
    'GET /ingredients': () => ok([...toppings.values()]),
    'PUT /allproduts/:id/availability': (request, { id = '' }) => mark(products, id, (request.body as { soldOut: boolean }).soldOut),
    'PUT /ingredients/:id/availability': (request, { id = '' }) => mark(toppings, id, (request.body as { soldOut: boolean }).soldOut),
  });
}

describe('sold out from the new-order popup', () => {
  it('marks a line’s product sold out today and undoes it, the popup staying on the order unanswered', async () => {
    const api = shop();
    const { user } = renderWithProviders(<NewOrderPopup />, { at: '/dashboard' });
    const popup = await screen.findByRole('dialog', { name: 'New order has been placed' });
    const taps = within(popup).getByRole('group', { name: 'Sold out today' });
    // The products list is the order as the kitchen reads it.
    expect(
      within(within(popup).getByRole('list', { name: 'Products' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Margherita(2)Toppings: Pepperoni, Cheese Stuffed Edge, Garlic DipAllergens: none of the 14',
      'Pizza Deal(1)Deal: Margherita, Coca-ColaAllergens: none of the 14',
    ]);

    await user.click(within(taps).getByRole('button', { name: 'Mark Margherita sold out today' }));
    expect(await screen.findByText('"Margherita" is sold out today')).toBeInTheDocument();
    const [marked] = api.sent('PUT /allproduts/:id/availability');
    expect(marked?.path).toBe(`/allproduts/${margherita._id}/availability`);
    expect(marked?.body).toEqual({ soldOut: true, until: 'next-opening' });

    await user.click(within(taps).getByRole('button', { name: 'Put Margherita back on sale' }));
    expect(await screen.findByText('"Margherita" is back on sale')).toBeInTheDocument();
    expect(api.sent('PUT /allproduts/:id/availability')[1]?.body).toEqual({ soldOut: false });

    await user.click(within(taps).getByRole('button', { name: 'Mark Pizza Deal sold out today' }));
    expect(await screen.findByText('"Pizza Deal" is sold out today')).toBeInTheDocument();
    expect(api.sent('PUT /allproduts/:id/availability')[2]?.path).toBe(`/allproduts/${pizzaDeal._id}/availability`);

    // Still the same order, still waiting: nothing answered it.
    expect(screen.getByRole('dialog', { name: 'New order has been placed' })).toBeVisible();
    expect(api.sent('PUT /update-sell-products/:id')).toHaveLength(0);
  });

  it('marks a chosen topping or crust, and a deal’s choice, each by its id, each once; one sold out already offers Back on sale', async () => {
    const api = shop();
    const { user } = renderWithProviders(<NewOrderPopup />, { at: '/dashboard' });
    const popup = await screen.findByRole('dialog', { name: 'New order has been placed' });
    const taps = within(popup).getByRole('group', { name: 'Sold out today' });
    expect(await within(taps).findByRole('button', { name: 'Mark Cheese Stuffed Edge sold out today' })).toBeVisible();
    // The menu lists the dip sold out already.
    expect(within(taps).getByRole('button', { name: 'Put Garlic Dip back on sale' })).toBeVisible();
    // Margherita is a line and a deal's choice: one tap.
    expect(
      within(taps)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Mark Margherita sold out today',
      'Mark Pizza Deal sold out today',
      'Mark Pepperoni sold out today',
      'Mark Cheese Stuffed Edge sold out today',
      'Put Garlic Dip back on sale',
      'Mark Coca-Cola sold out today',
    ]);

    await user.click(within(taps).getByRole('button', { name: 'Mark Pepperoni sold out today' }));
    expect(await screen.findByText('"Pepperoni" is sold out today')).toBeInTheDocument();
    const [marked] = api.sent('PUT /ingredients/:id/availability');
    expect(marked?.path).toBe(`/ingredients/${pepperoni._id}/availability`);
    expect(marked?.body).toEqual({ soldOut: true, until: 'next-opening' });
    await user.click(await within(taps).findByRole('button', { name: 'Put Pepperoni back on sale' }));
    expect(await screen.findByText('"Pepperoni" is back on sale')).toBeInTheDocument();
    expect(api.sent('PUT /ingredients/:id/availability')[1]?.body).toEqual({ soldOut: false });

    await user.click(within(taps).getByRole('button', { name: 'Mark Coca-Cola sold out today' }));
    expect(await screen.findByText('"Coca-Cola" is sold out today')).toBeInTheDocument();
    expect(api.sent('PUT /allproduts/:id/availability').map((request) => request.path)).toEqual([`/allproduts/${coke._id}/availability`]);
    expect(api.sent('PUT /update-sell-products/:id')).toHaveLength(0);
  });

  it('follows the menu’s list once it says something new: put back on sale elsewhere, the tap offers Sold out today again', async () => {
    const toppings = new Map<string, IngredientWire>([pepperoni, stuffedEdge, garlicDip].map((topping) => [topping._id, topping]));
    shop(toppings);
    const { user } = renderWithProviders(<NewOrderPopup />, { at: '/dashboard' });
    const popup = await screen.findByRole('dialog', { name: 'New order has been placed' });
    const taps = within(popup).getByRole('group', { name: 'Sold out today' });
    await user.click(await within(taps).findByRole('button', { name: 'Mark Pepperoni sold out today' }));
    expect(await within(taps).findByRole('button', { name: 'Put Pepperoni back on sale' })).toBeVisible();

    // Another admin puts it back on sale; the list is asked again after the next tap here.
    toppings.set(pepperoni._id, { ...pepperoni, soldOut: false, soldOutUntil: null });
    await user.click(within(taps).getByRole('button', { name: 'Mark Cheese Stuffed Edge sold out today' }));
    expect(await within(taps).findByRole('button', { name: 'Mark Pepperoni sold out today' })).toBeVisible();
    expect(within(taps).getByRole('button', { name: 'Put Cheese Stuffed Edge back on sale' })).toBeVisible();
  });
});
