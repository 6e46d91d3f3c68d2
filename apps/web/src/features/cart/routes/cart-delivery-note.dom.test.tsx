import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, orderingStatus } from '@shop/shared/domain/opening-hours';
import { fakeApi, ok, type FakeHandler } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { cartQuoteRoute, productWire } from '../../../../test/wire-fixtures';
import { SideCart } from '../components/side-cart';
import { CartPage } from './cart-page';

// The cart tells what delivery may add before checkout, from the quote's range of the zones' fees, and says nothing of
// a fee when the shop has no zones.

const margherita = productWire({ title: 'Margherita', category: 'Pizza', regularDiscount: 7.49, mediumDiscount: 9.99 });
const cart = [
  {
    line: { productId: margherita._id, quantity: 2, size: 'm' as const },
    display: { title: 'Margherita', imageUrl: null, category: 'Pizza' },
  },
];

/** The shop's quote, with the range of its zones' fees as the server adds it (null: no zones). */
function quoteWithFees(deliveryFees: { from: number; to: number } | null): FakeHandler {
  const quote = cartQuoteRoute([margherita]);
  return async (request, params) => {
    const answer = await quote(request, params);
    return ok({ ...(answer.body as object), deliveryFees });
  };
}

function shop(deliveryFees: { from: number; to: number } | null) {
  return fakeApi({
    'GET /allcategori': ok([]),
    'GET /allproduts': ok([margherita]),
    'GET /ingredients': ok([]),
    'GET /opening-status': ok(orderingStatus(new Date('2026-11-25T19:00:00Z'), DEFAULT_OPENING_HOURS)),
    'POST /cart/quote': quoteWithFees(deliveryFees),
  });
}

describe('what delivery may cost, in the cart before checkout', () => {
  it('the cart page gives the range of the zones’ fees and that collecting is free', async () => {
    shop({ from: 0, to: 3.5 });
    renderWithProviders(<CartPage />, { at: '/cart', cart });
    expect(await screen.findByRole('note', { name: 'Delivery fee' })).toHaveTextContent(
      'Delivery from £0.00 to £3.50 by area, shown at checkout; free to collect',
    );
  });

  it('the side cart says it too, and one fee for every zone as it is', async () => {
    window.matchMedia = ((query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    shop({ from: 2.5, to: 2.5 });
    renderWithProviders(<SideCart />, { at: '/', cart });
    const aside = await screen.findByRole('complementary', { name: 'Side cart' });
    expect(await within(aside).findByRole('note', { name: 'Delivery fee' })).toHaveTextContent(
      'Delivery £2.50 in our area, shown at checkout; free to collect',
    );
  });

  it('says nothing of a delivery fee while the shop has no zones', async () => {
    shop(null);
    renderWithProviders(<CartPage />, { at: '/cart', cart });
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveAttribute('data-confirmed', 'true'));
    expect(screen.queryByRole('note', { name: 'Delivery fee' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Delivery/)).not.toBeInTheDocument();
  });
});
