import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, ok, refuse, type FakeApi } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { categoryWire } from '../../../../test/wire-fixtures';
import { ProductFormPage } from './product-form-page';

const CATEGORIES = ['All', 'Pizza', 'Wings', 'Vegan', 'Sides', 'Deals', 'Drinks'].map((name, index) => categoryWire(name, index));

function openAddProduct(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /session': ok({ user: { email: 'admin@example.co.uk', username: 'Admin', role: 'owner' } }),
    'GET /allcategori': ok(CATEGORIES),
    'POST /allproduts': ok({ insertedId: '65f0aaaaaaaaaaaaaaaaaaaa' }, 201),
    ...routes,
  });
  const rendered = renderWithProviders(<ProductFormPage />, { at: '/productforms', routes: { '/products': <h1>Products</h1> } });
  return { api, ...rendered };
}

type User = ReturnType<typeof openAddProduct>['user'];

async function chooseCategory(user: User, name: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Category' }));
  await user.click(await screen.findByRole('option', { name }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

/** The price inputs the form shows, by their labels, with what they hold. */
function priceFields(): Record<string, string> {
  return Object.fromEntries(
    screen
      .getAllByRole('spinbutton')
      .map((input) => [input.getAttribute('aria-label') ?? labelOf(input), (input as HTMLInputElement).value]),
  );
}

function labelOf(input: HTMLElement): string {
  const label = document.querySelector(`label[for="${input.id}"]`);
  return (label?.textContent ?? '').replace(/\s*\*$/, '').trim();
}

function sentProduct(api: FakeApi): Record<string, unknown> {
  const [request] = api.sent('POST /allproduts');
  expect(request, 'the product was sent').toBeDefined();
  return request!.body as Record<string, unknown>;
}

describe('Add Product', () => {
  it('offers every category but All', async () => {
    const { user } = openAddProduct();
    await user.click(await screen.findByRole('combobox', { name: 'Category' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Pizza', 'Wings', 'Vegan', 'Sides', 'Deals', 'Drinks']);
  });

  it('shows the prices of the chosen category: sizes and crust additions for Pizza, pieces and types for Wings, one price otherwise', async () => {
    const { user } = openAddProduct();
    await chooseCategory(user, 'Pizza');
    expect(priceFields()).toEqual({
      'Regular Price': '',
      'Medium Price': '',
      'Large Price': '',
      'Extra Large Price': '',
      'Deep Pan': '0',
      'Thin Crust': '0',
      'Stuffed Crust': '2',
    });
    expect(screen.getByText('Crust additions')).toBeVisible();

    await chooseCategory(user, 'Wings');
    expect(priceFields()).toEqual({ '6 Pcs Price': '', '10 Pcs Price': '', Normal: '0', Boneless: '0' });
    expect(screen.queryByText('Crust additions')).not.toBeInTheDocument();

    await chooseCategory(user, 'Sides');
    expect(priceFields()).toEqual({ 'Regular Price': '' });
    expect(screen.queryByText('Type')).not.toBeInTheDocument();

    await chooseCategory(user, 'Deals');
    expect(Object.keys(priceFields())).toEqual(['Regular Price', 'Medium Price', 'Large Price', 'Extra Large Price']);

    await chooseCategory(user, 'Drinks');
    expect(priceFields()).toEqual({ 'Regular Price': '' });
    expect(screen.getByRole('combobox', { name: 'Drink kind' })).toBeVisible();
  });

  it('saves a side chosen after Pizza and Wings without their crust and wing prices', async () => {
    const { api, user } = openAddProduct();
    await chooseCategory(user, 'Pizza');
    await fill(user, screen.getByRole('spinbutton', { name: 'Stuffed Crust' }), '2.5');
    await chooseCategory(user, 'Wings');
    await fill(user, screen.getByRole('spinbutton', { name: 'Boneless' }), '1');
    await chooseCategory(user, 'Sides');
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Halloumi Fries');
    await fill(user, screen.getByRole('spinbutton', { name: 'Regular Price' }), '4.5');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(api.sent('POST /allproduts')).toHaveLength(1));
    expect(sentProduct(api)).toEqual({
      title: 'Halloumi Fries',
      category: 'Sides',
      description: '',
      regularDiscount: '4.5',
      mediumDiscount: '',
      largeDiscount: '',
      extraLargeDiscount: '',
      deep_pan: '',
      thin_crust: '',
      stuffed_crust: '',
      normal: '',
      boneless: '',
      allergens: 'null',
      vatRate: 'standard',
    });
  });

  it('keeps what was typed for a category when the admin comes back to it', async () => {
    const { user } = openAddProduct();
    await chooseCategory(user, 'Pizza');
    await fill(user, screen.getByRole('spinbutton', { name: 'Stuffed Crust' }), '3');
    await chooseCategory(user, 'Sides');
    await chooseCategory(user, 'Pizza');
    expect(screen.getByRole('spinbutton', { name: 'Stuffed Crust' })).toHaveValue(3);
  });

  it('says what is missing before sending anything: the category, the title, a size price, a price in pounds', async () => {
    const { api, user } = openAddProduct();
    const submit = await screen.findByRole('button', { name: 'Submit' });

    await user.click(submit);
    expect(await screen.findByText('Please Choose a Category')).toBeVisible();

    await chooseCategory(user, 'Pizza');
    await user.click(submit);
    expect(await screen.findByText('Please Enter Product Title')).toBeVisible();

    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Nduja Heat');
    await user.click(submit);
    expect(await screen.findByText('Please enter at least one size price')).toBeVisible();

    await fill(user, screen.getByRole('spinbutton', { name: 'Medium Price' }), '10.999');
    await user.click(submit);
    expect(await screen.findByText('Medium Price: enter pounds, not negative, with at most two decimals')).toBeVisible();

    expect(api.sent('POST /allproduts')).toEqual([]);
  });

  it('sends a pizza with its prices, disables Submit while it is saved, says so and returns to the products', async () => {
    const answer = deferred();
    const { api, user } = openAddProduct({
      'POST /allproduts': async () => {
        await answer.promise;
        return ok({ insertedId: '65f0aaaaaaaaaaaaaaaaaaaa' }, 201);
      },
    });
    await chooseCategory(user, 'Pizza');
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), '  Nduja Heat ');
    await fill(user, screen.getByRole('textbox', { name: 'Description' }), 'Spicy sausage');
    await fill(user, screen.getByRole('spinbutton', { name: 'Regular Price' }), '8.5');
    await fill(user, screen.getByRole('spinbutton', { name: 'Large Price' }), '14');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled());
    expect(sentProduct(api)).toEqual({
      title: 'Nduja Heat',
      category: 'Pizza',
      description: 'Spicy sausage',
      regularDiscount: '8.5',
      mediumDiscount: '',
      largeDiscount: '14',
      extraLargeDiscount: '',
      deep_pan: '0',
      thin_crust: '0',
      stuffed_crust: '2',
      normal: '',
      boneless: '',
      allergens: 'null',
      vatRate: 'standard',
    });
    answer.resolve();
    expect(await screen.findByText('Successfully upload your product')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Products' }, { timeout: 4000 })).toBeVisible();
    expect(window.location.pathname).toBe('/products');
  });

  it('shows the server’s refusal and lets the admin try again', async () => {
    const { api, user } = openAddProduct({
      'POST /allproduts': refuse('BAD_REQUEST', 'category: there is no category named "Sides"'),
    });
    await chooseCategory(user, 'Sides');
    await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Chips');
    await fill(user, screen.getByRole('spinbutton', { name: 'Regular Price' }), '2.99');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('category: there is no category named "Sides"')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(window.location.pathname).toBe('/productforms');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.sent('POST /allproduts')).toHaveLength(2));
  });
});
