import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MENU_CHANGED } from '@shop/shared/contract/realtime';
import { DEFAULT_OPENING_HOURS, orderingStatus } from '@shop/shared/domain/opening-hours';
import { cartStore } from '../../../lib/cart-store';
import { LiveMenu } from '../../../lib/live-menu';
import { closeRealtime } from '../../../lib/realtime';
import { fakeApi, ok } from '../../../../test/fake-api';
import { openSockets, serverEmit } from '../../../../test/fake-socket';
import { renderWithProviders } from '../../../../test/render';
import { categoryWire, productWire, SOLD_OUT_HELD, SOLD_OUT_TODAY, toppingWire } from '../../../../test/wire-fixtures';
import { MenuCard } from './menu-card';
import { MenuScreen } from './menu-screen';

// On the storefront: a sold-out product says so and cannot be added; the toppings dialog and the deal
// builder leave sold-out choices out; the open menu follows the shop's menu_changed without a reload.

afterEach(() => closeRealtime());

const margherita = productWire({
  title: 'Margherita',
  category: 'Pizza',
  regularDiscount: 7.49,
  mediumDiscount: 9.99,
  deep_pan: 0,
  thin_crust: 0,
  stuffed_crust: 2,
});
const hawaiian = productWire({ title: 'Hawaiian', category: 'Pizza', regularDiscount: 7.99, mediumDiscount: 10.49 });
const pepsi = productWire({ title: 'Pepsi 1.5L', category: 'Drinks', regularDiscount: 2.75, drinkKind: 'bottle' });
const pizzaPair = productWire({
  title: 'Pizza Pair',
  category: 'Deals',
  mediumDiscount: 18.99,
  deep_pan: 0,
  thin_crust: 0,
  stuffed_crust: 2,
  dealSlots: [
    { kind: 'pizza', label: 'Choose 2 pizzas', categories: ['Pizza'], count: 2 },
    { kind: 'drink', label: 'Choose a bottle', categories: ['Drinks'], count: 1, drinkKinds: ['bottle'] },
  ],
});
const pepperoni = toppingWire('Pepperoni', 'Pizza', 1.2);
const mushrooms = toppingWire('Mushrooms', 'Pizza', 0.8);

/** The tab's socket is connected (it opens once the session has answered): the server's events reach it from now. */
const socketReady = () => waitFor(() => expect([...openSockets].some((socket) => socket.connected)).toBe(true));

const soldOut = <T extends object>(item: T, how: typeof SOLD_OUT_TODAY | typeof SOLD_OUT_HELD = SOLD_OUT_TODAY): T => ({ ...item, ...how });

describe('a sold-out product on the menu', () => {
  it("shows 'Sold out' and cannot be added", async () => {
    const gone = soldOut(margherita);
    fakeApi({ 'GET /allproduts': ok([gone]), 'GET /ingredients': ok([pepperoni]) });
    const { user } = renderWithProviders(<MenuCard product={gone} />);
    const card = screen.getByRole('article', { name: 'Margherita' });
    const button = within(card).getByRole('button', { name: 'Sold out' });
    expect(button).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /toppings/i })).not.toBeInTheDocument();
    expect(within(card).getAllByText('Sold out')).toHaveLength(2);
    await user.click(button).catch(() => undefined);
    expect(cartStore.getSnapshot()).toEqual([]);
  });

  it('on sale, the same card adds it', async () => {
    fakeApi({ 'GET /allproduts': ok([margherita]), 'GET /ingredients': ok([pepperoni]) });
    const { user } = renderWithProviders(<MenuCard product={margherita} />);
    const card = screen.getByRole('article', { name: 'Margherita' });
    expect(within(card).queryByText('Sold out')).not.toBeInTheDocument();
    const add = within(card).getByRole('button', { name: 'Add to cart' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(cartStore.getSnapshot().map((entry) => entry.line.productId)).toEqual([margherita._id]);
  });
});

describe('the toppings dialog', () => {
  it("shows a sold-out topping disabled with 'Sold out', and a topping that sells out while ticked leaves the choice", async () => {
    const api = fakeApi({ 'GET /allproduts': ok([margherita]), 'GET /ingredients': ok([pepperoni, soldOut(mushrooms, SOLD_OUT_HELD)]) });
    const { user } = renderWithProviders(<LiveCard />);
    const card = screen.getByRole('article', { name: 'Margherita' });
    await user.click(within(card).getByRole('button', { name: 'Add toppings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Margherita: Toppings' });
    const mushroomBox = await within(dialog).findByRole('checkbox', { name: 'Mushrooms' });
    expect(mushroomBox).toBeDisabled();
    expect(mushroomBox).toHaveAccessibleDescription('Sold out');
    const pepperoniBox = within(dialog).getByRole('checkbox', { name: 'Pepperoni' });
    expect(pepperoniBox).toBeEnabled();
    await user.click(pepperoniBox);
    expect(pepperoniBox).toBeChecked();
    expect(within(dialog).getByText('£8.69')).toBeVisible();

    // The shop marks Pepperoni sold out: the open menu hears it and the dialog follows, without a reload.
    await socketReady();
    api.on('GET /ingredients', ok([soldOut(pepperoni), soldOut(mushrooms, SOLD_OUT_HELD)]));
    serverEmit(MENU_CHANGED, {});
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: 'Pepperoni' })).toBeDisabled());
    expect(within(dialog).getByRole('checkbox', { name: 'Pepperoni' })).not.toBeChecked();
    expect(within(dialog).getByText('£7.49')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    expect(cartStore.getSnapshot().map((entry) => entry.line)).toEqual([
      { productId: margherita._id, quantity: 1, size: 's', crust: 'deep_pan' },
    ]);
  });
});

/** The menu card with the live menu beside it, as the menu screen mounts it, without the rest of the screen. */
function LiveCard() {
  return (
    <>
      <LiveMenu />
      <MenuCard product={margherita} />
    </>
  );
}

function openMenu(products: unknown[], toppings: unknown[] = []) {
  const api = fakeApi({
    'GET /allcategori': ok([categoryWire('Pizza', 1), categoryWire('Drinks', 2), categoryWire('Deals', 3)]),
    'GET /allproduts': ok(products),
    'GET /ingredients': ok(toppings),
    'GET /banners': ok([]),
    'GET /opening-status': ok(orderingStatus(new Date('2026-11-27T19:00:00Z'), DEFAULT_OPENING_HOURS)),
  });
  return { api, ...renderWithProviders(<MenuScreen />, { at: '/?category=Pizza' }) };
}

describe('the open menu follows the shop', () => {
  it("shows 'Sold out' on a card once the shop marks it, without a reload, for a visitor too", async () => {
    const { api } = openMenu([margherita, hawaiian]);
    // The card with its options loads a moment after the plain one: find it afresh each time.
    const hawaiianCard = () => screen.getByRole('article', { name: 'Hawaiian' });
    await waitFor(() => expect(within(hawaiianCard()).getByRole('button', { name: 'Add to cart' })).toBeVisible());
    // A visitor (nobody signed in) holds a socket for the menu.
    await socketReady();
    const asked = api.sent('GET /allproduts').length;

    api.on('GET /allproduts', ok([margherita, soldOut(hawaiian)]));
    serverEmit(MENU_CHANGED, {});
    await waitFor(() => expect(within(hawaiianCard()).getByRole('button', { name: 'Sold out' })).toBeDisabled());
    expect(within(hawaiianCard()).queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(api.sent('GET /allproduts')).toHaveLength(asked + 1);

    api.on('GET /allproduts', ok([margherita, hawaiian]));
    serverEmit(MENU_CHANGED, {});
    await waitFor(() => expect(within(hawaiianCard()).getByRole('button', { name: 'Add to cart' })).toBeVisible());
  });
});

describe('the deal builder', () => {
  it("leaves a sold-out pizza out of the choices, and a sold-out deal says 'Sold out'", async () => {
    const { user } = openMenu([margherita, soldOut(hawaiian), pepsi, pizzaPair]);
    await user.click(await screen.findByRole('button', { name: 'Deals' }));
    const card = await screen.findByRole('article', { name: 'Pizza Pair' });
    await user.click(within(card).getByRole('button', { name: 'Build Deal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pizza Pair' });
    const pizzas = within(dialog).getByRole('group', { name: 'Choices for Choose 2 pizzas' });
    expect(
      within(pizzas)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Margherita']);
  });

  it('a pizza that sells out after it was chosen: marked, the shop’s words shown, and the deal cannot be added', async () => {
    const { api, user } = openMenu([margherita, hawaiian, pepsi, pizzaPair]);
    await user.click(await screen.findByRole('button', { name: 'Deals' }));
    await user.click(within(await screen.findByRole('article', { name: 'Pizza Pair' })).getByRole('button', { name: 'Build Deal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pizza Pair' });
    const choose = async (slot: string, title: string) =>
      user.click(within(within(dialog).getByRole('group', { name: `Choices for ${slot}` })).getByRole('button', { name: title }));
    await choose('Choose 2 pizzas', 'Margherita');
    await choose('Choose 2 pizzas', 'Hawaiian');
    await choose('Choose a bottle', 'Pepsi 1.5L');
    expect(within(dialog).getByRole('button', { name: 'Add to cart' })).toBeEnabled();

    await socketReady();
    api.on('GET /allproduts', ok([margherita, soldOut(hawaiian), pepsi, pizzaPair]));
    serverEmit(MENU_CHANGED, {});
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('"Hawaiian" is sold out today');
    expect(within(dialog).getByRole('list', { name: 'Chosen for Choose 2 pizzas' })).toHaveTextContent('Hawaiian (Medium 10") Sold out');
    expect(within(dialog).getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(cartStore.getSnapshot()).toEqual([]);
  });

  it("a sold-out deal's card cannot be built", async () => {
    const { user } = openMenu([margherita, pepsi, soldOut(pizzaPair, SOLD_OUT_HELD)]);
    await user.click(await screen.findByRole('button', { name: 'Deals' }));
    const card = await screen.findByRole('article', { name: 'Pizza Pair' });
    expect(within(card).getByRole('button', { name: 'Sold out' })).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Build Deal' })).not.toBeInTheDocument();
  });
});
