import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { TOPPING_CATEGORIES } from '@shop/shared/domain/catalogue';
import { INGREDIENT_ADDED } from '@shop/shared/domain/messages';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { toppingWire } from '../../../../test/wire-fixtures';
import { ToppingsPage } from './toppings-page';

// The seeded shop has 24 toppings: on a phone the form must come before them, not below 24 rows.
const toppings = Array.from({ length: 24 }, (_, index) =>
  toppingWire(`Topping ${index + 1}`, TOPPING_CATEGORIES[index % TOPPING_CATEGORIES.length] ?? 'Pizza', 0.5),
);

it('puts the Add Ingredient form before the 24-row toppings table, and adds from there', async () => {
  const api = fakeApi({ 'GET /ingredients': ok(toppings), 'POST /ingredients': ok({ insertedId: '65f000000000000000000abc' }, 201) });
  const { user } = renderWithProviders(<ToppingsPage />, { at: '/ingredients' });
  const table = screen.getByRole('table', { name: 'Toppings' });
  expect(await within(table).findByRole('cell', { name: 'Topping 24' })).toBeVisible();
  expect(within(table).getAllByRole('row')).toHaveLength(25);
  const form = screen.getByRole('form', { name: 'Add Ingredient' });
  expect(form.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

  await user.type(within(form).getByRole('textbox', { name: 'Ingredient Name' }), 'Olives');
  await user.type(within(form).getByRole('spinbutton', { name: 'Ingredient Price' }), '0.75');
  await user.click(within(form).getByRole('button', { name: 'Add Ingredient' }));
  expect(await screen.findByText(INGREDIENT_ADDED)).toBeVisible();
  expect(api.sent('POST /ingredients')[0]?.body).toEqual({ ToopingName: 'Olives', category: 'Pizza', toopingPrice: 0.75, allergens: null });
});

it('lets the keyboard reach the table that scrolls sideways on a phone, even before its rows are drawn', async () => {
  fakeApi({ 'GET /ingredients': ok(toppings) });
  const { user } = renderWithProviders(<ToppingsPage />, { at: '/ingredients' });
  const region = screen.getByRole('region', { name: 'Toppings table' });
  expect(within(region).getByRole('table', { name: 'Toppings' })).toBeInTheDocument();
  region.focus();
  expect(region).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(region).toHaveFocus();
});
