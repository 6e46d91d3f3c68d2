import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '@shop/shared/contract/cart';
import { cartStore } from '../../../lib/cart-store';
import { fakeApi, ok } from '../../../../test/fake-api';
import { fixedMediaQueryList } from '../../../../test/media-query';
import { renderWithProviders } from '../../../../test/render';
import { cartQuoteRoute, productWire, sessionAnswer } from '../../../../test/wire-fixtures';
import { BasketBar } from './basket-bar';
import { CartPanel } from './cart-panel';

// The basket bar on a phone's menu: the cart's count and the total the side cart shows, Checkout as the side cart's,
// nothing while the cart is empty or the side cart is beside the menu, and nothing in the server's markup.

afterEach(() => vi.restoreAllMocks());

const margherita = productWire({ title: 'Margherita', category: 'Pizza', regularDiscount: 7.49, mediumDiscount: 12.99 });
const chips = productWire({ title: 'Chunky Chips', category: 'Sides', regularDiscount: 2.99 });

const line = (product: { _id: string; title: string; category: string }, quantity: number, size?: CartLine['size']) => ({
  line: { productId: product._id, quantity, ...(size ? { size } : {}) },
  display: { title: product.title, imageUrl: null, category: product.category },
});
/** 2 × medium Margherita (£12.99) and 1 × chips (£2.99): 3 items, £28.97. */
const BASKET = [line(margherita, 2, 'm'), line(chips, 1)];

function shop(session = ok({ user: null })) {
  return fakeApi({
    'GET /session': session,
    'GET /allproduts': ok([margherita, chips]),
    'GET /ingredients': ok([]),
    'POST /cart/quote': cartQuoteRoute([margherita, chips]),
  });
}

function screenWidth(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => fixedMediaQueryList(query, wide));
}

const routes = { '/signin': <h1>Sign in</h1>, '/payment': <h1>Checkout</h1> };

describe('the basket bar', () => {
  it('shows the count and the total the cart panel shows, confirmed by the server', async () => {
    screenWidth(false);
    shop();
    renderWithProviders(
      <>
        <BasketBar />
        <CartPanel />
      </>,
      { at: '/', cart: BASKET },
    );
    const bar = await screen.findByRole('region', { name: 'Basket' });
    expect(within(bar).getByText('3 items')).toBeVisible();
    await waitFor(() => expect(within(bar).getByTestId('basket-bar-total')).toHaveAttribute('data-confirmed', 'true'));
    expect(within(bar).getByTestId('basket-bar-total')).toHaveTextContent('£28.97');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('£28.97');
    expect(within(bar).getByRole('button', { name: '3 items £28.97 Checkout' })).toBeVisible();
  });

  it('follows the cart: one item, then none and no bar', async () => {
    screenWidth(false);
    shop();
    renderWithProviders(<BasketBar />, { at: '/', cart: [line(margherita, 1, 'm'), line(chips, 1)] });
    const bar = await screen.findByRole('region', { name: 'Basket' });
    cartStore.remove(cartStore.getSnapshot()[1]!.key);
    await waitFor(() => expect(within(bar).getByText('1 item')).toBeVisible());
    await waitFor(() => expect(within(bar).getByTestId('basket-bar-total')).toHaveTextContent('£12.99'));
    cartStore.clear();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Basket' })).toBeNull());
  });

  it('is not there with an empty cart', async () => {
    screenWidth(false);
    shop();
    renderWithProviders(<BasketBar />, { at: '/' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Basket' })).toBeNull();
  });

  it('is not there where the side cart is beside the menu', async () => {
    screenWidth(true);
    shop();
    renderWithProviders(<BasketBar />, { at: '/', cart: BASKET });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Basket' })).toBeNull();
  });

  it('checks out as the side cart does: a visitor goes to the payment too (where they sign in or continue as a guest)', async () => {
    screenWidth(false);
    shop();
    const { user } = renderWithProviders(<BasketBar />, { at: '/', cart: BASKET, routes });
    const bar = await screen.findByRole('region', { name: 'Basket' });
    await waitFor(() => expect(within(bar).getByTestId('basket-bar-total')).toHaveAttribute('data-confirmed', 'true'));
    await user.click(within(bar).getByRole('button'));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeVisible();
  });

  it('checks out as the side cart does: a customer goes to the payment', async () => {
    screenWidth(false);
    shop(sessionAnswer('ada@example.co.uk'));
    const { user } = renderWithProviders(<BasketBar />, { at: '/', cart: BASKET, routes });
    const bar = await screen.findByRole('region', { name: 'Basket' });
    await waitFor(() => expect(within(bar).getByTestId('basket-bar-total')).toHaveAttribute('data-confirmed', 'true'));
    await user.click(within(bar).getByRole('button'));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeVisible();
  });

  it('under the minimum, says so as the side cart does and stays', async () => {
    screenWidth(false);
    shop(sessionAnswer('ada@example.co.uk'));
    const { user } = renderWithProviders(<BasketBar />, { at: '/', cart: [line(chips, 1)], routes });
    const bar = await screen.findByRole('region', { name: 'Basket' });
    await waitFor(() => expect(within(bar).getByTestId('basket-bar-total')).toHaveAttribute('data-confirmed', 'true'));
    await user.click(within(bar).getByRole('button'));
    expect(await screen.findByText('Minimum order amount is £10.00')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Checkout' })).toBeNull();
  });

  it('is not in the server’s markup, and comes after the hydration without a mismatch', async () => {
    screenWidth(false);
    shop();
    cartStore.clear();
    cartStore.addLines(BASKET);
    const errors = vi.spyOn(console, 'error');
    const ui = () => (
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/']}>
          <main>
            <p>Menu</p>
            <BasketBar />
          </main>
        </MemoryRouter>
      </QueryClientProvider>
    );
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(ui());
    expect(container.innerHTML).not.toContain('basket-bar');
    render(ui(), { container, hydrate: true });
    expect(await screen.findByRole('region', { name: 'Basket' })).toBeVisible();
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });
});
