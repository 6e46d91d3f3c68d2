import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
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
    const thin = crusts.getByRole('button', { name: 'Thin Crust' });
    const stuffed = crusts.getByRole('button', { name: 'Stuffed Crust +£2.00' });
    expect(thin).toBeDisabled();
    expect(stuffed).toBeDisabled();
    expect(contrastOnWhite(thin)).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite(stuffed)).toBeGreaterThanOrEqual(4.5);
    expect(crusts.getByRole('button', { name: 'Deep Pan' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('at a larger size every crust can be chosen, the stuffed one with its price', async () => {
    fakeApi({ 'GET /allproduts': ok([margherita]), 'GET /ingredients': ok([]) });
    const { user } = renderWithProviders(<MenuCard product={margherita} />);
    await user.click(within(screen.getByRole('group', { name: 'Size' })).getByRole('button', { name: 'Large 13"' }));
    const crusts = within(screen.getByRole('group', { name: 'Crust' }));
    await user.click(crusts.getByRole('button', { name: 'Stuffed Crust +£2.00' }));
    expect(crusts.getByRole('button', { name: 'Stuffed Crust +£2.00' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('£14.99')).toBeVisible();
  });
});
