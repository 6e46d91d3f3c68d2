import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { cartStore } from '../../../lib/cart-store';
import { productWire } from '../../../../test/wire-fixtures';
import { MenuCard } from './menu-card';

/** WCAG's relative luminance of an sRGB channel triple. */
function luminance([r, g, b]: number[]): number {
  const [lr = 0, lg = 0, lb = 0] = [r, g, b].map((value = 0) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** The contrast of an element's computed text colour (its alpha blended) on the card's white. */
function contrastOnWhite(element: Element): number {
  const parts = /rgba?\(([^)]+)\)/.exec(getComputedStyle(element).color)?.[1]?.split(',').map(Number);
  if (!parts) throw new Error(`No colour on ${element.outerHTML}`);
  const [r = 0, g = 0, b = 0, alpha = 1] = parts;
  const blended = [r, g, b].map((channel) => channel * alpha + 255 * (1 - alpha));
  return (1 + 0.05) / (luminance(blended) + 0.05);
}

const margherita = productWire({
  title: 'Margherita',
  category: 'Pizza',
  regularDiscount: 7.49,
  mediumDiscount: 9.99,
  largeDiscount: 12.99,
  extraLargeDiscount: 14.99,
  deep_pan: 0,
  thin_crust: 0,
  stuffed_crust: 2,
});

describe('the crust choices on a menu card', () => {
  it('at Regular 7" thin and stuffed crust are off, and still readable (at least 4.5:1)', async () => {
    fakeApi({ 'GET /allproduts': ok([margherita]), 'GET /ingredients': ok([]) });
    renderWithProviders(<MenuCard product={margherita} />);
    const crusts = within(screen.getByRole('group', { name: 'Crust' }));
    const thin = crusts.getByRole('radio', { name: 'Thin Crust' });
    const stuffed = crusts.getByRole('radio', { name: 'Stuffed Crust +£2.00' });
    expect(thin).toBeDisabled();
    expect(stuffed).toBeDisabled();
    expect(contrastOnWhite(thin.closest('label')!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite(stuffed.closest('label')!)).toBeGreaterThanOrEqual(4.5);
    expect(crusts.getByRole('radio', { name: 'Deep Pan' })).toBeChecked();
  });

  it('at a larger size every crust can be chosen, the stuffed one with its price', async () => {
    fakeApi({ 'GET /allproduts': ok([margherita]), 'GET /ingredients': ok([]) });
    const { user } = renderWithProviders(<MenuCard product={margherita} />);
    await user.click(within(screen.getByRole('group', { name: 'Size' })).getByRole('radio', { name: 'Large 13"' }));
    const crusts = within(screen.getByRole('group', { name: 'Crust' }));
    await user.click(crusts.getByRole('radio', { name: 'Stuffed Crust +£2.00' }));
    expect(crusts.getByRole('radio', { name: 'Stuffed Crust +£2.00' })).toBeChecked();
    expect(await screen.findByText('£14.99')).toBeVisible();
  });
});

describe("the menu card's form", () => {
  it("sends the card's choices with Add to cart as a plain GET form to the category's page", () => {
    fakeApi({ 'GET /allproduts': ok([margherita]), 'GET /ingredients': ok([]) });
    renderWithProviders(<MenuCard product={margherita} />);
    const add = screen.getByRole('button', { name: 'Add to cart' });
    const form = add.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    // Back at this card: the tap's page opens where the tap was made.
    expect(form).toHaveAttribute('action', `/#card-${margherita._id}`);
    expect(add).toHaveAttribute('type', 'submit');
    expect(add).toHaveAttribute('name', 'add');
    expect(add).toHaveAttribute('value', margherita._id);
    expect(Object.fromEntries(new FormData(form) as unknown as Iterable<[string, string]>)).toEqual({
      category: 'Pizza',
      size: 's',
      crust: 'deep_pan',
    });
  });

  it('takes a size checked before the hydration as its choice: its price, and the line Add to cart adds', async () => {
    fakeApi({ 'GET /allproduts': ok([margherita]), 'GET /ingredients': ok([]) });
    const card = () => (
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/?category=Pizza']}>
          <MenuCard product={margherita} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    cartStore.clear();
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(card());
    // A tap on Large 13" before the app ran: the radio is checked in the server's markup.
    container.querySelector<HTMLInputElement>('input[name="size"][value="l"]')!.checked = true;
    render(card(), { container, hydrate: true });
    expect(screen.getByRole('radio', { name: 'Large 13"' })).toBeChecked();
    expect(await screen.findByText('£12.99')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(cartStore.getSnapshot().map((entry) => entry.line)).toEqual([
      { productId: margherita._id, quantity: 1, size: 'l', crust: 'deep_pan' },
    ]);
  });
});
