import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, orderingStatus } from '@shop/shared/domain/opening-hours';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { CartPage } from './cart-page';

function shopAt(shopTime: string) {
  return fakeApi({
    'GET /allcategori': ok([]),
    'GET /allproduts': ok([]),
    'GET /ingredients': ok([]),
    'GET /opening-status': ok(orderingStatus(new Date(shopTime), DEFAULT_OPENING_HOURS)),
  });
}

describe('the cart says whether the shop takes orders before checkout does', () => {
  it('at 06:00 on a Friday: closed, when it opens, and that the cart keeps', async () => {
    shopAt('2026-11-27T06:00:00Z');
    renderWithProviders(<CartPage />, { at: '/cart' });
    const state = await screen.findByRole('status', { name: 'Opening hours' });
    expect(await screen.findByText('Closed now · opens today at 14:00')).toBeVisible();
    expect(state).toHaveTextContent('You can fill your cart now and check out once we take orders.');
  });

  it('while the shop takes orders: open until when, and no word of waiting', async () => {
    shopAt('2026-11-23T20:00:00Z');
    renderWithProviders(<CartPage />, { at: '/cart' });
    expect(await screen.findByText('Open until 23:15 · orders close at 23:00')).toBeVisible();
    expect(screen.queryByText(/check out once we take orders/)).not.toBeInTheDocument();
  });
});
