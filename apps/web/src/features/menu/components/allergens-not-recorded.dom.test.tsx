import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopTrader } from '@shop/shared/contract/settings';
import { DEFAULT_OPENING_HOURS, orderingStatus } from '@shop/shared/domain/opening-hours';
import { setAvoidedAllergens } from '../../../lib/allergen-filter';
import { closeRealtime } from '../../../lib/realtime';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { categoryWire, productWire, toppingWire } from '../../../../test/wire-fixtures';
import { MenuCard } from './menu-card';
import { MenuScreen } from './menu-screen';

// Decision 1004: a dish whose allergens are not recorded (null, as a shop upgraded before allergens were recorded
// holds them) never says 'none': the card tells the customer to ask the shop, with its phone.

afterEach(() => {
  setAvoidedAllergens([]);
  closeRealtime();
});

const TRADER: ShopTrader = {
  name: 'Harbour Pizza',
  address: ['4 Harbour Walk', 'Bristol BS1 4DJ'],
  phone: '0117 496 0123',
  email: 'hello@harbour.example',
  vatNumber: null,
};

const unrecorded = productWire({
  title: 'Hawaiian',
  category: 'Pizza',
  regularDiscount: 7.99,
  deep_pan: 0,
  thin_crust: 0,
  stuffed_crust: 2,
  allergens: null,
});
const margherita = productWire({
  title: 'Margherita',
  category: 'Pizza',
  regularDiscount: 7.49,
  deep_pan: 0,
  thin_crust: 0,
  stuffed_crust: 2,
  allergens: ['gluten', 'milk'],
});
const chips = productWire({ title: 'Chunky Chips', category: 'Sides', regularDiscount: 2.99, allergens: [] });
const olives = toppingWire('Olives', 'Pizza', 0.8, { allergens: null });
const cheese = toppingWire('Extra Mozzarella', 'Pizza', 1, { allergens: ['milk'] });

const allergensOf = (card: HTMLElement) => within(card).getByTestId('allergens').textContent;

describe('a card whose allergens are not recorded', () => {
  it('says "Ask us about allergens: call" the shop’s phone, never none, and a recorded card keeps its list', async () => {
    fakeApi({
      'GET /allproduts': ok([unrecorded, margherita]),
      'GET /ingredients': ok([olives, cheese]),
      'GET /shop-trader': ok(TRADER),
    });
    renderWithProviders(
      <>
        <MenuCard product={unrecorded} />
        <MenuCard product={margherita} />
      </>,
    );
    const card = screen.getByRole('article', { name: 'Hawaiian' });
    expect(await within(card).findByText(/0117 496 0123/)).toBeInTheDocument();
    expect(allergensOf(card)).toBe('Ask us about allergens: call 0117 496 0123');
    expect(within(card).getByRole('link', { name: '0117 496 0123' })).toHaveAttribute('href', 'tel:+441174960123');
    expect(allergensOf(screen.getByRole('article', { name: 'Margherita' }))).toBe('Allergens: gluten, milk');
  });

  it('a recorded dish with a topping not recorded asks too, once the topping is chosen; the topping says so', async () => {
    fakeApi({
      'GET /allproduts': ok([margherita]),
      'GET /ingredients': ok([olives, cheese]),
      'GET /shop-trader': ok(TRADER),
    });
    const { user } = renderWithProviders(<MenuCard product={margherita} />);
    const card = screen.getByRole('article', { name: 'Margherita' });
    await user.click(within(card).getByRole('button', { name: 'Add toppings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Margherita: Toppings' });
    const olivesBox = within(dialog).getByRole('checkbox', { name: 'Olives' });
    expect(olivesBox).toHaveAccessibleDescription('Allergens not recorded');
    await user.click(olivesBox);
    expect(await within(dialog).findByTestId('chosen-allergens')).toHaveTextContent(
      'Allergens as chosen: Ask us about allergens: call 0117 496 0123',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(allergensOf(card)).toBe('Ask us about allergens: call 0117 496 0123');
  });
});

describe('the allergen filter and a dish not recorded', () => {
  it('marks it "Allergens not recorded: ask us before ordering" instead of showing or hiding it', async () => {
    fakeApi({
      'GET /allcategori': ok([categoryWire('Pizza', 1), categoryWire('Sides', 2)]),
      'GET /allproduts': ok([unrecorded, margherita, chips]),
      'GET /ingredients': ok([cheese]),
      'GET /banners': ok([]),
      'GET /shop-trader': ok(TRADER),
      'GET /opening-status': ok(orderingStatus(new Date('2026-11-27T19:00:00Z'), DEFAULT_OPENING_HOURS)),
    });
    setAvoidedAllergens(['milk']);
    renderWithProviders(<MenuScreen />, { at: '/?category=Pizza' });
    const card = await screen.findByRole('article', { name: 'Hawaiian' });
    expect(within(card).getByTestId('allergen-mark')).toHaveTextContent('Allergens not recorded: ask us before ordering');
    expect(screen.queryByRole('article', { name: 'Margherita' })).not.toBeInTheDocument();
  });
});
