import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, orderingStatus } from '@shop/shared/domain/opening-hours';
import { cartStore } from '../../../lib/cart-store';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { categoryWire, productWire } from '../../../../test/wire-fixtures';
import { MenuScreen } from './menu-screen';

const margherita = productWire({
  title: 'Margherita',
  category: 'Pizza',
  regularDiscount: 7.99,
  mediumDiscount: 10.99,
  largeDiscount: 13.99,
  deep_pan: 0,
  thin_crust: 0,
  stuffed_crust: 2,
});
const pepperoni = productWire({
  title: 'Pepperoni',
  category: 'Pizza',
  regularDiscount: 8.99,
  mediumDiscount: 11.99,
  largeDiscount: 14.99,
  deep_pan: 0,
  thin_crust: 0.5,
  stuffed_crust: 2.5,
});
const pepsi = productWire({ title: 'Pepsi 1.5L', category: 'Drinks', regularDiscount: 2.75, drinkKind: 'bottle' });
const water = productWire({ title: 'Still Water', category: 'Drinks', regularDiscount: 1, drinkKind: 'water' });
const coke = productWire({ title: 'Coca-Cola Can', category: 'Drinks', regularDiscount: 1.2, drinkKind: 'can' });
/** Two pizzas and a bottle, medium £18.99 or large £22.99; each pizza's crust add-on on top. */
const pizzaPair = productWire({
  title: 'Pizza Pair',
  category: 'Deals',
  mediumDiscount: 18.99,
  largeDiscount: 22.99,
  deep_pan: 0,
  thin_crust: 0,
  stuffed_crust: 2,
  dealSlots: [
    { kind: 'pizza', label: 'Choose 2 pizzas', categories: ['Pizza'], count: 2 },
    { kind: 'drink', label: 'Choose a bottle', categories: ['Drinks'], count: 1, drinkKinds: ['bottle'] },
  ],
});
/** Two regular pizzas for £21.99, and a third for £4.99 more. */
const fussyEaters = productWire({
  title: 'Fussy Eaters',
  category: 'Deals',
  regularDiscount: 21.99,
  dealSlots: [{ kind: 'pizza', label: 'Choose 2 regular pizzas', categories: ['Pizza'], count: 2, sizes: ['s'], extraEach: 499, max: 3 }],
});

function openMenu() {
  const api = fakeApi({
    'GET /allcategori': ok([categoryWire('Pizza', 1), categoryWire('Drinks', 2), categoryWire('Deals', 3)]),
    'GET /allproduts': ok([margherita, pepperoni, pepsi, water, coke, pizzaPair, fussyEaters]),
    'GET /ingredients': ok([]),
    'GET /banners': ok([]),
    'GET /opening-status': ok(orderingStatus(new Date('2026-11-27T19:00:00Z'), DEFAULT_OPENING_HOURS)),
  });
  return { api, ...renderWithProviders(<MenuScreen />) };
}

async function buildDeal(user: ReturnType<typeof openMenu>['user'], title: string): Promise<HTMLElement> {
  const card = await screen.findByRole('article', { name: title });
  await user.click(within(card).getByRole('button', { name: 'Build Deal' }));
  return screen.findByRole('dialog', { name: title });
}

function choices(dialog: HTMLElement, slot: string): string[] {
  const group = within(dialog).queryByRole('group', { name: `Choices for ${slot}` });
  return group
    ? within(group)
        .getAllByRole('button')
        .map((button) => button.textContent ?? '')
    : [];
}

async function choose(user: ReturnType<typeof openMenu>['user'], dialog: HTMLElement, slot: string, title: string) {
  await user.click(within(within(dialog).getByRole('group', { name: `Choices for ${slot}` })).getByRole('button', { name: title }));
}

describe('the deal builder', () => {
  it('refuses to add a deal until every slot is chosen, then adds it to the cart', async () => {
    const { user } = openMenu();
    const dialog = await buildDeal(user, 'Pizza Pair');
    expect(within(dialog).getByText('Deal price £18.99')).toBeVisible();
    // Only bottles for this deal's drink: not the water, not the can.
    expect(choices(dialog, 'Choose a bottle')).toEqual(['Pepsi 1.5L']);

    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please Select All Products!');

    await choose(user, dialog, 'Choose 2 pizzas', 'Margherita');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please Select All Products!');

    await choose(user, dialog, 'Choose 2 pizzas', 'Pepperoni');
    // A full slot offers nothing more.
    expect(choices(dialog, 'Choose 2 pizzas')).toEqual([]);
    expect(within(dialog).getByRole('list', { name: 'Chosen for Choose 2 pizzas' })).toHaveTextContent('Margherita (Medium 10")');
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please Select All Products!');
    expect(cartStore.getSnapshot()).toEqual([]);

    await choose(user, dialog, 'Choose a bottle', 'Pepsi 1.5L');
    expect(within(dialog).getByText('Price £18.99')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Added To Cart!')).toBeVisible();
    expect(cartStore.getSnapshot().map((entry) => entry.line)).toEqual([
      {
        productId: pizzaPair._id,
        quantity: 1,
        deal: {
          size: 'm',
          crust: 'deep_pan',
          items: [
            { slot: 0, productId: margherita._id },
            { slot: 0, productId: pepperoni._id },
            { slot: 1, productId: pepsi._id },
          ],
        },
      },
    ]);
  });

  it('prices what is chosen: the deal size, and each pizza’s own add-on for the crust chosen once', async () => {
    const { user } = openMenu();
    const dialog = await buildDeal(user, 'Pizza Pair');
    await choose(user, dialog, 'Choose 2 pizzas', 'Margherita');
    await choose(user, dialog, 'Choose 2 pizzas', 'Pepperoni');
    await choose(user, dialog, 'Choose a bottle', 'Pepsi 1.5L');
    expect(within(dialog).getByText('Price £18.99')).toBeVisible();

    const crust = within(dialog).getByRole('group', { name: 'Crust for every pizza' });
    // Stuffed crust: £2.00 for the Margherita and £2.50 for the Pepperoni.
    await user.click(within(crust).getByRole('radio', { name: /^Stuffed Crust/ }));
    expect(within(dialog).getByText('Price £23.49')).toBeVisible();
    await user.click(within(crust).getByRole('radio', { name: /^Thin Crust/ }));
    expect(within(dialog).getByText('Price £19.49')).toBeVisible();

    const size = within(dialog).getByRole('group', { name: 'Deal size' });
    await user.click(within(size).getByRole('radio', { name: /^Large/ }));
    expect(within(dialog).getByText('Price £23.49')).toBeVisible();
    expect(within(dialog).getByRole('list', { name: 'Chosen for Choose 2 pizzas' })).toHaveTextContent('Margherita (Large 13")');
  });

  it('charges each pizza beyond the deal’s count, and keeps a regular-size deal on deep pan', async () => {
    const { user } = openMenu();
    const dialog = await buildDeal(user, 'Fussy Eaters');
    const crust = within(dialog).getByRole('group', { name: 'Crust for every pizza' });
    expect(within(crust).getByRole('radio', { name: /^Stuffed Crust/ })).toBeDisabled();
    expect(within(crust).getByRole('radio', { name: 'Deep Pan' })).toBeChecked();

    await choose(user, dialog, 'Choose 2 regular pizzas', 'Margherita');
    await choose(user, dialog, 'Choose 2 regular pizzas', 'Pepperoni');
    expect(within(dialog).getByText('Price £21.99')).toBeVisible();
    expect(within(dialog).getByText('Add more for £4.99 each (up to 3 in all).')).toBeVisible();

    await choose(user, dialog, 'Choose 2 regular pizzas', 'Margherita');
    expect(within(dialog).getByText('Price £26.98')).toBeVisible();
    expect(choices(dialog, 'Choose 2 regular pizzas')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Remove Pepperoni from Choose 2 regular pizzas' }));
    expect(within(dialog).getByText('Price £21.99')).toBeVisible();
  });
});
