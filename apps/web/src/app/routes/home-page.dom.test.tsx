import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeRealtime } from '../../lib/realtime';
import { cartStore } from '../../lib/cart-store';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { categoryWire, productWire, toppingWire } from '../../../test/wire-fixtures';
import { HomePage } from './home-page';

// A card's tap made before the app ran comes as the page's address (decision 1104): the home route carries it out
// once and takes it out of the address.

afterEach(() => closeRealtime());

const margherita = productWire({
  title: 'Margherita',
  category: 'Pizza',
  regularDiscount: 7.49,
  mediumDiscount: 9.99,
  largeDiscount: 12.99,
  extraLargeDiscount: 14.99,
  deep_pan: 0,
  thin_crust: 0,
  stuffed_crust: 2,
});

function shop() {
  fakeApi({
    'GET /session': ok({ user: null }),
    'GET /allcategori': ok([categoryWire('Pizza', 1), categoryWire('Deals', 2)]),
    'GET /allproduts': ok([margherita]),
    'GET /ingredients': ok([toppingWire('Pepperoni', 'Pizza', 1)]),
  });
}

describe('a tap in the address', () => {
  it('Add to cart with a size and crust: that line, once, with the toast, and the address keeps only the category', async () => {
    shop();
    renderWithProviders(<HomePage />, { at: `/?category=Pizza&size=l&crust=stuffed_crust&add=${margherita._id}` });
    expect(await screen.findByText('Added To Cart!')).toBeVisible();
    expect(cartStore.getSnapshot().map((entry) => entry.line)).toEqual([
      { productId: margherita._id, quantity: 1, size: 'l', crust: 'stuffed_crust' },
    ]);
    expect(window.location.pathname + window.location.search).toBe('/?category=Pizza');
  });

  it('a choice the card does not offer is not taken: thin crust at Regular 7" is deep pan', async () => {
    shop();
    renderWithProviders(<HomePage />, { at: `/?category=Pizza&size=s&crust=thin_crust&add=${margherita._id}` });
    expect(await screen.findByText('Added To Cart!')).toBeVisible();
    expect(cartStore.getSnapshot().map((entry) => entry.line)).toEqual([
      { productId: margherita._id, quantity: 1, size: 's', crust: 'deep_pan' },
    ]);
  });

  it('the extras: the card opens them, with the size sent chosen', async () => {
    shop();
    renderWithProviders(<HomePage />, { at: `/?category=Pizza&size=l&extras=${margherita._id}` });
    expect(await screen.findByRole('dialog', { name: 'Margherita: Toppings' })).toBeVisible();
    const card = screen.getByRole('article', { name: 'Margherita' });
    expect(within(card).getByRole('radio', { name: 'Large 13"' })).toBeChecked();
    expect(window.location.search).toBe('?category=Pizza');
    expect(cartStore.getSnapshot()).toEqual([]);
  });

  it('the allergen filter: its panel opens, and the address keeps only the category', async () => {
    shop();
    renderWithProviders(<HomePage />, { at: '/?category=Pizza&filter=allergens' });
    expect(await screen.findByRole('dialog', { name: 'Hide dishes with' })).toBeVisible();
    expect(window.location.search).toBe('?category=Pizza');
  });

  it("a visitor's heart: asked to sign in", async () => {
    shop();
    renderWithProviders(<HomePage />, { at: `/?category=Pizza&favourite=${margherita._id}` });
    expect(await screen.findByText('Please signin or register')).toBeVisible();
    expect(window.location.search).toBe('?category=Pizza');
  });
});
