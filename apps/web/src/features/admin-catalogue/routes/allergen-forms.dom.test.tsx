import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refuse } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { categoryWire, toppingWire } from '../../../../test/wire-fixtures';
import { ProductFormPage } from './product-form-page';
import { ToppingsPage } from './toppings-page';

// Allergens in the back office: the product form sets the allergens (14 compact checkboxes) and the VAT rate;
// the toppings table gets an edit form with the name, price, category and allergens.

describe('the product form', () => {
  it('sends the ticked allergens in the list’s order and the VAT rate', async () => {
    const api = fakeApi({
      'GET /session': ok({ user: { email: 'admin@example.co.uk', username: 'Admin', role: 'owner' } }),
      'GET /allcategori': ok([categoryWire('Pizza', 1), categoryWire('Desserts', 2)]),
      'POST /allproduts': ok({ insertedId: '65f0aaaaaaaaaaaaaaaaaaaa' }, 201),
    });
    const { user } = renderWithProviders(<ProductFormPage />, { at: '/productforms', routes: { '/products': <h1>Products</h1> } });
    await user.click(await screen.findByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Desserts' }));
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'New York Cheesecake');
    await fill(user, screen.getByRole('spinbutton', { name: 'Regular Price' }), '3.99');

    const allergens = screen.getByRole('group', { name: 'Allergens' });
    // The 14, and the affirmation that it contains none of them (decision 1004).
    expect(within(allergens).getAllByRole('checkbox')).toHaveLength(15);
    expect(within(allergens).getByRole('checkbox', { name: 'Contains none of the 14 allergens' })).not.toBeChecked();
    await user.click(within(allergens).getByRole('checkbox', { name: 'Milk' }));
    await user.click(within(allergens).getByRole('checkbox', { name: 'Eggs' }));
    await user.click(within(allergens).getByRole('checkbox', { name: 'Cereals containing gluten' }));
    await user.click(within(allergens).getByRole('checkbox', { name: 'Tree nuts' }));
    await user.click(within(allergens).getByRole('checkbox', { name: 'Tree nuts' }));

    await user.click(screen.getByRole('combobox', { name: 'VAT rate' }));
    await user.click(await screen.findByRole('option', { name: 'Zero-rated (0%)' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(api.sent('POST /allproduts')).toHaveLength(1));
    expect(api.sent('POST /allproduts')[0]?.body).toMatchObject({
      title: 'New York Cheesecake',
      allergens: 'gluten,eggs,milk',
      vatRate: 'zero',
    });
  });

  it('a new product is "Allergens not recorded yet" until ticked: saved so it sends null; "Contains none" sends none', async () => {
    const api = fakeApi({
      'GET /session': ok({ user: { email: 'admin@example.co.uk', username: 'Admin', role: 'owner' } }),
      'GET /allcategori': ok([categoryWire('Sides', 1)]),
      'POST /allproduts': ok({ insertedId: '65f0aaaaaaaaaaaaaaaaaaaa' }, 201),
    });
    const { user } = renderWithProviders(<ProductFormPage />, { at: '/productforms', routes: { '/products': <h1>Products</h1> } });
    await user.click(await screen.findByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Sides' }));
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Garlic Bread');
    await fill(user, screen.getByRole('spinbutton', { name: 'Regular Price' }), '3.50');
    const allergens = screen.getByRole('group', { name: 'Allergens' });
    expect(within(allergens).getByTestId('allergens-not-recorded')).toHaveTextContent('Allergens not recorded yet');
    const none = within(allergens).getByRole('checkbox', { name: 'Contains none of the 14 allergens' });
    // Ticking an allergen records it; ticking none clears the allergens; unticking none leaves it not recorded.
    await user.click(within(allergens).getByRole('checkbox', { name: 'Milk' }));
    expect(within(allergens).queryByTestId('allergens-not-recorded')).not.toBeInTheDocument();
    await user.click(none);
    expect(within(allergens).getByRole('checkbox', { name: 'Milk' })).not.toBeChecked();
    expect(none).toBeChecked();
    await user.click(none);
    expect(within(allergens).getByTestId('allergens-not-recorded')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.sent('POST /allproduts')).toHaveLength(1));
    expect(api.sent('POST /allproduts')[0]?.body).toMatchObject({ title: 'Garlic Bread', allergens: 'null' });
  });
});

describe('the toppings table', () => {
  it('lists each topping’s allergens and edits its name, price, category and allergens', async () => {
    const mozzarella = toppingWire('Extra Mozzarella', 'Pizza', 1, { allergens: ['milk'] });
    const crust = toppingWire('Sesame Crust', 'Crust', 0.5);
    const api = fakeApi({
      'GET /ingredients': ok([mozzarella, crust]),
      'PUT /ingredients/:id': ok({ modifiedCount: 1 }),
    });
    const { user } = renderWithProviders(<ToppingsPage />, { at: '/ingredients' });
    const table = screen.getByRole('table', { name: 'Toppings' });
    const row = (name: string) => within(table).getByRole('cell', { name }).closest('tr')!;
    expect(await within(table).findByRole('cell', { name: 'Sesame Crust' })).toBeVisible();
    expect(within(row('Extra Mozzarella')).getByRole('cell', { name: 'milk' })).toBeVisible();
    expect(within(row('Sesame Crust')).getByRole('cell', { name: 'None' })).toBeVisible();

    await user.click(within(row('Sesame Crust')).getByRole('button', { name: 'Edit Sesame Crust' }));
    const form = await screen.findByRole('form', { name: 'Edit Sesame Crust' });
    expect(within(form).getByRole('textbox', { name: 'Ingredient Name' })).toHaveValue('Sesame Crust');
    await fill(user, within(form).getByRole('textbox', { name: 'Ingredient Name' }), 'Sesame Seed Crust');
    await fill(user, within(form).getByRole('spinbutton', { name: 'Ingredient Price' }), '0.6');
    await user.click(within(form).getByRole('checkbox', { name: 'Sesame' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Cereals containing gluten' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.sent('PUT /ingredients/:id')).toHaveLength(1));
    const [request] = api.sent('PUT /ingredients/:id');
    expect(request?.path).toBe(`/ingredients/${crust._id}`);
    expect(request?.body).toEqual({
      ToopingName: 'Sesame Seed Crust',
      category: 'Crust',
      toopingPrice: 0.6,
      allergens: ['gluten', 'sesame'],
    });
    expect(await screen.findByText('"Sesame Seed Crust" is saved')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Sesame Crust' })).not.toBeInTheDocument());
  });

  it('a topping not recorded says so in the table and its form; "Contains none of the 14 allergens" records none', async () => {
    const olives = toppingWire('Olives', 'Pizza', 0.8, { allergens: null });
    const api = fakeApi({
      'GET /ingredients': ok([olives]),
      'PUT /ingredients/:id': ok({ modifiedCount: 1 }),
    });
    const { user } = renderWithProviders(<ToppingsPage />, { at: '/ingredients' });
    const table = screen.getByRole('table', { name: 'Toppings' });
    const row = (await within(table).findByRole('cell', { name: 'Olives' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Allergens not recorded yet' })).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Edit Olives' }));
    const form = await screen.findByRole('form', { name: 'Edit Olives' });
    expect(within(form).getByTestId('allergens-not-recorded')).toHaveTextContent('Allergens not recorded yet');
    await user.click(within(form).getByRole('checkbox', { name: 'Contains none of the 14 allergens' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT /ingredients/:id')).toHaveLength(1));
    expect(api.sent('PUT /ingredients/:id')[0]?.body).toEqual({
      ToopingName: 'Olives',
      category: 'Pizza',
      toopingPrice: 0.8,
      allergens: [],
    });
  });

  it('shows the server’s refusal and keeps the form open', async () => {
    const crust = toppingWire('Sesame Crust', 'Crust', 0.5);
    fakeApi({
      'GET /ingredients': ok([crust]),
      'PUT /ingredients/:id': refuse('UNKNOWN_ALLERGEN', "'cheese' is not an allergen code: use celery, gluten, ..."),
    });
    const { user } = renderWithProviders(<ToppingsPage />, { at: '/ingredients' });
    await user.click(await screen.findByRole('button', { name: 'Edit Sesame Crust' }));
    const form = await screen.findByRole('form', { name: 'Edit Sesame Crust' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("'cheese' is not an allergen code: use celery, gluten, ...")).toBeVisible();
    expect(screen.getByRole('form', { name: 'Edit Sesame Crust' })).toBeVisible();
  });
});
