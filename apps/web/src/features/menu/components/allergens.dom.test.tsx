import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, orderingStatus } from '@shop/shared/domain/opening-hours';
import { setAvoidedAllergens } from '../../../lib/allergen-filter';
import { closeRealtime } from '../../../lib/realtime';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { categoryWire, productWire, toppingWire } from '../../../../test/wire-fixtures';
import { MenuCard } from './menu-card';
import { MenuScreen } from './menu-screen';

// On the storefront (decision 1000): every card names its allergens, the toppings dialog and the deal
// builder show what is chosen as it changes, and the menu's filter hides a dish that contains an avoided allergen
// and marks one whose only such allergen comes with a choice.

afterEach(() => {
  setAvoidedAllergens([]);
  closeRealtime();
});

const margherita = productWire({
  title: 'Margherita',
  category: 'Pizza',
  regularDiscount: 7.49,
  mediumDiscount: 9.99,
  deep_pan: 0,
  thin_crust: 0,
  stuffed_crust: 2,
  allergens: ['gluten', 'milk'],
});
const veganGarden = productWire({ title: 'Vegan Garden', category: 'Vegan', regularDiscount: 7.99, allergens: ['gluten'] });
const marinara = productWire({
  title: 'Marinara',
  category: 'Pizza',
  regularDiscount: 6.99,
  mediumDiscount: 8.99,
  deep_pan: 0,
  thin_crust: 0,
  stuffed_crust: 2,
  allergens: ['gluten'],
});
const chips = productWire({ title: 'Chunky Chips', category: 'Sides', regularDiscount: 2.99 });
const cola = productWire({ title: 'Cola 1.5L', category: 'Drinks', regularDiscount: 2.75, drinkKind: 'bottle' });
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
const cheesePair = productWire({
  title: 'Cheese Pair',
  category: 'Deals',
  regularDiscount: 12.99,
  dealSlots: [{ kind: 'pizza', label: 'Choose a cheese pizza', categories: ['Vegan'], count: 1 }],
});
const extraCheese = toppingWire('Extra Mozzarella', 'Pizza', 1, { allergens: ['milk'] });
const sesameCrust = toppingWire('Sesame Seed Crust', 'Crust', 0.5, { allergens: ['sesame'] });
const mushrooms = toppingWire('Mushrooms', 'Pizza', 0.8);

const allergensOf = (card: HTMLElement) => within(card).getByTestId('allergens').textContent;

function openMenu(category: string, products: unknown[] = [margherita, veganGarden, marinara, chips, cola, pizzaPair, cheesePair]) {
  fakeApi({
    'GET /allcategori': ok([categoryWire('Pizza', 1), categoryWire('Vegan', 2), categoryWire('Sides', 3), categoryWire('Deals', 4)]),
    'GET /allproduts': ok(products),
    'GET /ingredients': ok([extraCheese, sesameCrust, mushrooms]),
    'GET /banners': ok([]),
    'GET /opening-status': ok(orderingStatus(new Date('2026-11-27T19:00:00Z'), DEFAULT_OPENING_HOURS)),
  });
  return renderWithProviders(<MenuScreen />, { at: `/?category=${category}` });
}

describe('a menu card names its allergens', () => {
  it('the dish’s own, then those of the chosen crust and toppings as they change', async () => {
    fakeApi({ 'GET /allproduts': ok([marinara]), 'GET /ingredients': ok([extraCheese, sesameCrust, mushrooms]) });
    const { user } = renderWithProviders(<MenuCard product={marinara} />);
    const card = screen.getByRole('article', { name: 'Marinara' });
    expect(allergensOf(card)).toBe('Allergens: gluten');

    await user.click(within(card).getByRole('radio', { name: 'Medium 10"' }));
    await user.click(within(card).getByRole('radio', { name: 'Stuffed Crust +£2.00' }));
    expect(allergensOf(card)).toBe('Allergens: gluten, milk');
    await user.click(within(card).getByRole('radio', { name: 'Deep Pan' }));
    expect(allergensOf(card)).toBe('Allergens: gluten');

    await user.click(within(card).getByRole('button', { name: 'Add toppings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marinara: Toppings' });
    // Each topping says what it adds; the checkbox keeps the topping's name and is described by it.
    const sesame = within(dialog).getByRole('checkbox', { name: 'Sesame Seed Crust' });
    expect(sesame).toHaveAccessibleDescription('Allergens: sesame');
    expect(within(dialog).getByRole('checkbox', { name: 'Mushrooms' })).not.toHaveAccessibleDescription();
    expect(within(dialog).getByTestId('chosen-allergens')).toHaveTextContent('Allergens as chosen: Cereals containing gluten');

    await user.click(sesame);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Extra Mozzarella' }));
    expect(within(dialog).getByTestId('chosen-allergens')).toHaveTextContent(
      'Allergens as chosen: Cereals containing gluten, Milk, Sesame',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(allergensOf(card)).toBe('Allergens: gluten, milk, sesame');
  });

  it('a dish with none says so; a deal says its allergens come with its choices', async () => {
    const { user } = openMenu('Sides');
    expect(allergensOf(await screen.findByRole('article', { name: 'Chunky Chips' }))).toBe('Allergens: none');
    await user.click(screen.getByRole('button', { name: 'Deals' }));
    expect(allergensOf(await screen.findByRole('article', { name: 'Pizza Pair' }))).toBe('Allergens: as you choose, shown in Build Deal');
  });
});

describe('the deal builder', () => {
  it('shows each choice’s allergens and those of what is chosen as it changes', async () => {
    const { user } = openMenu('Deals');
    await user.click(within(await screen.findByRole('article', { name: 'Pizza Pair' })).getByRole('button', { name: 'Build Deal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pizza Pair' });
    const pizzas = within(dialog).getByRole('group', { name: 'Choices for Choose 2 pizzas' });
    expect(within(pizzas).getByRole('button', { name: 'Marinara' })).toHaveAccessibleDescription('gluten');
    const chosen = within(dialog).getByTestId('chosen-allergens');
    expect(chosen).toHaveTextContent('Allergens as chosen: choose your dishes');
    await user.click(within(pizzas).getByRole('button', { name: 'Marinara' }));
    expect(chosen).toHaveTextContent('Allergens as chosen: Cereals containing gluten');
    await user.click(within(pizzas).getByRole('button', { name: 'Margherita' }));
    expect(chosen).toHaveTextContent('Allergens as chosen: Cereals containing gluten, Milk');
  });
});

describe('the allergen filter', () => {
  it('hides a dish that contains milk, marks one whose milk is only in a choice, and remembers it', async () => {
    const { user } = openMenu('Pizza');
    await screen.findByRole('article', { name: 'Margherita' });
    await user.click(screen.getByRole('button', { name: 'Allergies? Hide dishes with…' }));
    const panel = await screen.findByRole('dialog', { name: 'Hide dishes with' });
    await user.click(within(panel).getByRole('checkbox', { name: 'Milk' }));
    await user.click(within(panel).getByRole('button', { name: 'Done' }));

    expect(await screen.findByText('1 dish with milk hidden here.')).toBeVisible();
    expect(screen.queryByRole('article', { name: 'Margherita' })).not.toBeInTheDocument();
    // Marinara has no milk of its own: its stuffed crust and the extra mozzarella have, so it is shown and marked.
    const marinaraCard = await screen.findByRole('article', { name: 'Marinara' });
    expect(within(marinaraCard).getByTestId('allergen-mark')).toHaveTextContent('Check your choices: some contain milk');
    expect(screen.getByRole('button', { name: 'Hiding dishes with: milk' })).toBeVisible();
    expect(window.localStorage.getItem('shop.avoidAllergens')).toBe('["milk"]');

    // In the toppings dialog the milk topping says so loudly.
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Marinara' })).getByRole('button', { name: 'Add toppings' })).toBeVisible(),
    );
    await user.click(within(screen.getByRole('article', { name: 'Marinara' })).getByRole('button', { name: 'Add toppings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marinara: Toppings' });
    expect(within(dialog).getByRole('checkbox', { name: 'Extra Mozzarella' })).toHaveAccessibleDescription('Contains milk');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    // A dish with nothing to do with milk is neither hidden nor marked.
    await user.click(await screen.findByRole('button', { name: 'Sides' }));
    const chipsCard = await screen.findByRole('article', { name: 'Chunky Chips' });
    expect(within(chipsCard).queryByTestId('allergen-mark')).not.toBeInTheDocument();

    // Show everything brings the dish back.
    await user.click(await screen.findByRole('button', { name: 'Pizza' }));
    await user.click(screen.getByRole('button', { name: 'Hiding dishes with: milk' }));
    const again = await screen.findByRole('dialog', { name: 'Hide dishes with' });
    await user.click(within(again).getByRole('button', { name: 'Show everything' }));
    await user.click(within(again).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('article', { name: 'Margherita' })).toBeVisible();
    expect(window.localStorage.getItem('shop.avoidAllergens')).toBeNull();
  });

  it('its button submits a GET form to the category with filter=allergens, so a tap before the app runs loads that', async () => {
    openMenu('Pizza');
    await screen.findByRole('article', { name: 'Margherita' });
    const button = screen.getByRole('button', { name: 'Allergies? Hide dishes with…' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('name', 'filter');
    expect(button).toHaveAttribute('value', 'allergens');
    const form = button.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/');
    expect(form).toHaveFormValues({ category: 'Pizza' });
  });

  it('hides a deal whose slot offers only dishes with the allergen', async () => {
    setAvoidedAllergens(['gluten', 'sesame']);
    openMenu('Deals');
    // Every pizza here has gluten: both deals' pizza slots offer nothing else. No dish here has sesame, so none is said to.
    expect(await screen.findByText('2 dishes with gluten hidden here.')).toBeVisible();
    expect(screen.queryByRole('article', { name: 'Pizza Pair' })).not.toBeInTheDocument();
    expect(screen.getByText('Every dish here contains gluten.')).toBeVisible();
  });

  it('says of each section what its own dishes contain: with gluten and milk hidden, the vegan section names gluten only', async () => {
    setAvoidedAllergens(['gluten', 'milk']);
    const { user } = openMenu('Vegan');
    expect(await screen.findByText('1 dish with gluten hidden here.')).toBeVisible();
    expect(screen.getByText('Every dish here contains gluten.')).toBeVisible();
    const section = screen.getByRole('region', { name: 'Vegan' });
    expect(within(section).queryByText(/milk/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Pizza' }));
    expect(await screen.findByText('2 dishes with gluten or milk hidden here.')).toBeVisible();
    expect(screen.getByText('Every dish here contains gluten; some also contain milk.')).toBeVisible();
  });

  it('marks a deal whose choices include a dish with the allergen but offer others', async () => {
    setAvoidedAllergens(['milk']);
    openMenu('Deals');
    const pair = await screen.findByRole('article', { name: 'Pizza Pair' });
    expect(within(pair).getByTestId('allergen-mark')).toHaveTextContent('Check your choices: some contain milk');
    expect(screen.getByRole('article', { name: 'Cheese Pair' })).toBeVisible();
  });
});
