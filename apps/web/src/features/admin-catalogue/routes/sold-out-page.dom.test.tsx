import { screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { fakeApi, ok } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { productWire, sessionAnswer, SOLD_OUT_TODAY, toppingWire } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { SoldOutPage } from './sold-out-page';

const margherita = productWire({ title: 'Margherita', category: 'Pizza' });
const wings = productWire({ title: 'BBQ Wings', category: 'Wings', ...SOLD_OUT_TODAY });
const olives = toppingWire('Olives', 'Pizza', 0.8);

it('lets the kitchen mark a product sold out today without the menu’s editing, and find one by name', async () => {
  const api = fakeApi({
    'GET /session': sessionAnswer('kit@example.com', 'kitchen', 'Kit Cook'),
    'GET /allproduts': ok([margherita, wings]),
    'GET /ingredients': ok([olives]),
    'PUT /allproduts/:id/availability': ok({ _id: margherita._id, ...SOLD_OUT_TODAY }),
  });
  const { user } = renderWithProviders(<SoldOutPage />, { at: paths.soldOut });
  const products = await screen.findByRole('region', { name: 'Products' });
  expect(
    within(products)
      .getAllByRole('listitem')
      .map((row) => row.firstChild?.textContent),
  ).toEqual(['BBQ WingsWings', 'MargheritaPizza']);
  expect(within(screen.getByRole('region', { name: 'Toppings' })).getByText('Olives')).toBeVisible();
  expect(screen.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();

  await user.click(within(products).getByRole('button', { name: 'Sold out today: Margherita' }));
  expect(api.sent('PUT /allproduts/:id/availability').map((request) => [request.path, request.body])).toEqual([
    [`/allproduts/${margherita._id}/availability`, { soldOut: true, until: 'next-opening' }],
  ]);

  await fill(user, screen.getByRole('searchbox', { name: 'Search products and toppings' }), 'wing');
  await waitFor(() => expect(within(products).getAllByRole('listitem')).toHaveLength(1));
  expect(within(products).getByText('BBQ Wings')).toBeVisible();
});
