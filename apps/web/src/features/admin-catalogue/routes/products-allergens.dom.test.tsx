import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { productWire } from '../../../../test/wire-fixtures';
import { ProductsPage } from './products-page';

// Decision 1004: the owner sees in the products list which dishes still have no allergen record (the storefront tells
// customers to call about them), so an upgraded shop's list says what is left to fill in.
describe('the products list and allergens', () => {
  it('marks a product whose allergens are not recorded, and not one recorded (even as none of the 14)', async () => {
    fakeApi({
      'GET /allproduts': () =>
        ok([
          productWire({ title: 'Margherita', category: 'Pizza', regularDiscount: 7.49, allergens: ['gluten', 'milk'] }),
          productWire({ title: 'Cola', category: 'Drinks', regularDiscount: 1.5, allergens: [] }),
          productWire({ title: 'House Special', category: 'Pizza', regularDiscount: 9.99, allergens: null }),
        ]),
    });
    renderWithProviders(<ProductsPage />, { at: '/products' });
    await screen.findByRole('heading', { name: 'House Special' });
    const card = (title: string) =>
      within(screen.getByRole('list', { name: 'Products' }))
        .getAllByRole('listitem')
        .find((item) => within(item).queryByRole('heading', { name: title }))!;
    expect(within(card('House Special')).getByText('Allergens not recorded yet')).toBeVisible();
    expect(within(card('Margherita')).queryByText('Allergens not recorded yet')).not.toBeInTheDocument();
    expect(within(card('Cola')).queryByText('Allergens not recorded yet')).not.toBeInTheDocument();
  });
});
