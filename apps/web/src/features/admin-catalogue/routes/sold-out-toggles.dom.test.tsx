import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AvailabilityRequest, IngredientWire, ProductWire } from '@shop/shared/contract/catalogue';
import { fakeApi, ok, refuse, type FakeHandler } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { productWire, toppingWire } from '../../../../test/wire-fixtures';
import { ProductsPage } from './products-page';
import { ToppingsPage } from './toppings-page';

// Sold out in the back office: one tap in the products list and the toppings table, the state on each row.

const BACK_AT = '2026-11-28T12:00:00.000Z';

/** The availability route as the server answers it, keeping the list it changes up to date. */
function availability<T extends ProductWire | IngredientWire>(list: T[]): FakeHandler {
  return (request, params) => {
    const item = list.find((entry) => entry._id === params.id);
    if (!item) return refuse('PRODUCT_NOT_FOUND', 'Product not found');
    const body = request.body as AvailabilityRequest;
    const state = body.soldOut
      ? { soldOut: true, soldOutUntil: body.until === 'turned-back-on' ? null : BACK_AT }
      : { soldOut: false, soldOutUntil: null };
    Object.assign(item, state);
    return ok({ _id: item._id, ...state });
  };
}

describe('the products list', () => {
  it('marks a product sold out for today, until turned back on, and back on, each in one tap with its body', async () => {
    const products = [
      productWire({ title: 'Margherita', category: 'Pizza', regularDiscount: 7.49 }),
      productWire({ title: 'Hawaiian', category: 'Pizza', regularDiscount: 7.99 }),
    ];
    const api = fakeApi({ 'GET /allproduts': () => ok(products), 'PUT /allproduts/:id/availability': availability(products) });
    const { user } = renderWithProviders(<ProductsPage />, { at: '/products' });
    const card = () => within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem')[0]!;
    await screen.findByRole('heading', { name: 'Margherita' });
    expect(within(card()).getByText('On sale')).toBeVisible();
    expect(within(card()).queryByRole('button', { name: 'Back on: Margherita' })).not.toBeInTheDocument();

    await user.click(within(card()).getByRole('button', { name: 'Sold out today: Margherita' }));
    expect(await within(card()).findByText('Sold out today · back Sat 12:00')).toBeVisible();
    expect(await screen.findByText('"Margherita" is sold out today')).toBeVisible();

    await user.click(within(card()).getByRole('button', { name: 'Sold out until turned back on: Margherita' }));
    expect(await within(card()).findByText('Sold out until turned back on', { selector: 'p' })).toBeVisible();

    await user.click(within(card()).getByRole('button', { name: 'Back on: Margherita' }));
    await waitFor(() => expect(within(card()).getByText('On sale')).toBeVisible());

    expect(api.sent('PUT /allproduts/:id/availability').map((request) => [request.path, request.body])).toEqual([
      [`/allproduts/${products[0]!._id}/availability`, { soldOut: true, until: 'next-opening' }],
      [`/allproduts/${products[0]!._id}/availability`, { soldOut: true, until: 'turned-back-on' }],
      [`/allproduts/${products[0]!._id}/availability`, { soldOut: false }],
    ]);
    // The other product was never touched.
    expect(within(within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem')[1]!).getByText('On sale')).toBeVisible();
  });
});

describe('the toppings table', () => {
  it('shows each topping’s state and changes it in one tap', async () => {
    const toppings = [
      toppingWire('Pepperoni', 'Pizza', 1.2),
      toppingWire('Garlic & Herb', 'Dips', 0.6, { soldOut: true, soldOutUntil: null }),
      toppingWire('Caramel Flavour', 'Shakes', 0.99, { soldOut: true, soldOutUntil: BACK_AT }),
    ];
    const api = fakeApi({ 'GET /ingredients': () => ok(toppings), 'PUT /ingredients/:id/availability': availability(toppings) });
    const { user } = renderWithProviders(<ToppingsPage />, { at: '/ingredients' });
    const table = screen.getByRole('table', { name: 'Toppings' });
    const row = (name: string) => within(table).getByRole('cell', { name }).closest('tr')!;
    await within(table).findByRole('cell', { name: 'Pepperoni' });
    expect(within(row('Pepperoni')).getByText('On sale')).toBeVisible();
    expect(within(row('Garlic & Herb')).getByText('Sold out until turned back on')).toBeVisible();
    expect(within(row('Caramel Flavour')).getByText('Sold out today · back Sat 12:00')).toBeVisible();

    await user.click(within(row('Pepperoni')).getByRole('button', { name: 'Sold out today: Pepperoni' }));
    expect(await within(row('Pepperoni')).findByText('Sold out today · back Sat 12:00')).toBeVisible();
    await user.click(within(row('Garlic & Herb')).getByRole('button', { name: 'Back on: Garlic & Herb' }));
    expect(await within(row('Garlic & Herb')).findByText('On sale')).toBeVisible();

    expect(api.sent('PUT /ingredients/:id/availability').map((request) => [request.path, request.body])).toEqual([
      [`/ingredients/${toppings[0]!._id}/availability`, { soldOut: true, until: 'next-opening' }],
      [`/ingredients/${toppings[1]!._id}/availability`, { soldOut: false }],
    ]);
  });
});
