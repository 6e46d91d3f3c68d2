import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MENU_CHANGED } from '@shop/shared/contract/realtime';
import { DEFAULT_OPENING_HOURS, orderingStatus } from '@shop/shared/domain/opening-hours';
import { closeRealtime } from '../../../lib/realtime';
import { fakeApi, ok } from '../../../../test/fake-api';
import { openSockets, serverEmit } from '../../../../test/fake-socket';
import { renderWithProviders } from '../../../../test/render';
import { cartQuoteRoute, productWire, SOLD_OUT_TODAY, toppingWire } from '../../../../test/wire-fixtures';
import { CartPage } from './cart-page';

// In the cart: the line with something sold out says so, in the shop's words, and checkout waits.

afterEach(() => closeRealtime());

const margherita = productWire({ title: 'Margherita', category: 'Pizza', regularDiscount: 7.49, mediumDiscount: 9.99 });
const wings = productWire({ title: 'BBQ Wings', category: 'Wings', regularDiscount: 5.99 });
const pepperoni = toppingWire('Pepperoni', 'Pizza', 1.2);

const cart = [
  { line: { productId: wings._id, quantity: 1, size: 's' as const }, display: { title: 'BBQ Wings', imageUrl: null, category: 'Wings' } },
  {
    line: { productId: margherita._id, quantity: 2, size: 'm' as const, toppingIds: [pepperoni._id] },
    display: { title: 'Margherita', imageUrl: null, category: 'Pizza' },
  },
];

function shop(products: unknown[], toppings: unknown[], quote = cartQuoteRoute([margherita, wings], [pepperoni])) {
  return fakeApi({
    'GET /allcategori': ok([]),
    'GET /allproduts': ok(products),
    'GET /ingredients': ok(toppings),
    'GET /opening-status': ok(orderingStatus(new Date('2026-11-25T19:00:00Z'), DEFAULT_OPENING_HOURS)),
    'POST /cart/quote': quote,
  });
}

describe('a sold-out line in the cart', () => {
  it('says which line is sold out, and checkout does not go on', async () => {
    const soldOutPepperoni = { ...pepperoni, ...SOLD_OUT_TODAY };
    shop([margherita, wings], [soldOutPepperoni], cartQuoteRoute([margherita, wings], [soldOutPepperoni]));
    const { user } = renderWithProviders(<CartPage />, { at: '/cart', cart });
    const lines = screen.getByRole('list', { name: 'Cart items' });
    const pizza = within(lines).getByRole('listitem', { name: 'Margherita' });
    expect(await within(pizza).findByText('"Pepperoni" is sold out today')).toBeVisible();
    expect(within(pizza).getByText('Sold out:')).toBeVisible();
    expect(within(within(lines).getByRole('listitem', { name: 'BBQ Wings' })).queryByText(/sold out/i)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('"Pepperoni" is sold out today', { selector: '[role="alert"] *, [role="alert"]' })).toBeVisible();
    expect(window.location.pathname).toBe('/cart');
  });

  it("shows the server's refusal under its line when the menu in the tab has not heard yet, and clears when it is back", async () => {
    // The tab's menu still says on sale; the server knows better (422 ITEM_SOLD_OUT with the line's index).
    const api = shop([margherita, wings], [pepperoni], cartQuoteRoute([margherita, wings], [{ ...pepperoni, ...SOLD_OUT_TODAY }]));
    renderWithProviders(<CartPage />, { at: '/cart', cart });
    const lines = screen.getByRole('list', { name: 'Cart items' });
    const pizza = within(lines).getByRole('listitem', { name: 'Margherita' });
    expect(await within(pizza).findByRole('alert')).toHaveTextContent('"Pepperoni" is sold out today');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('…');

    // Back on sale: the shop says the menu changed (to the visitor's socket), and the cart asks again.
    await waitFor(() => expect([...openSockets].some((socket) => socket.connected)).toBe(true));
    api.on('POST /cart/quote', cartQuoteRoute([margherita, wings], [pepperoni]));
    serverEmit(MENU_CHANGED, {});
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveAttribute('data-confirmed', 'true'));
    expect(within(pizza).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('£28.37');
  });
});
