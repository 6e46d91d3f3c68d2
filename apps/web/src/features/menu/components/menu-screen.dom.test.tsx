import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, orderingStatus } from '@shop/shared/domain/opening-hours';
import { fakeApi, ok, refuse } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { categoryWire, productWire } from '../../../../test/wire-fixtures';
import { MenuScreen } from './menu-screen';

/** The menu's answers, and GET /opening-status as the server answers it at `shopTime` (the same shared rule). */
function shopAt(shopTime: string) {
  return fakeApi({
    'GET /allcategori': ok([categoryWire('Pizza', 1), categoryWire('Deals', 2)]),
    'GET /allproduts': ok([productWire({ title: 'Margherita', category: 'Deals', regularDiscount: 7.49 })]),
    'GET /opening-status': ok(orderingStatus(new Date(shopTime), DEFAULT_OPENING_HOURS)),
  });
}

describe('the menu says whether the shop is open', () => {
  it('at 06:00 on a Friday: closed now, and when it opens', async () => {
    shopAt('2026-11-27T06:00:00Z');
    renderWithProviders(<MenuScreen />);
    const state = await screen.findByRole('status', { name: 'Opening hours' });
    expect(await screen.findByText('Closed now · opens today at 14:00')).toBeVisible();
    expect(state).toHaveTextContent('Closed now · opens today at 14:00');
    expect(screen.getByRole('heading', { level: 1, name: 'Our Menu' })).toBeVisible();
  });

  it('on a Friday evening: open, and when orders close', async () => {
    shopAt('2026-11-27T19:00:00Z');
    renderWithProviders(<MenuScreen />);
    expect(await screen.findByText('Open until 00:45 · orders close at 00:30')).toBeVisible();
  });

  it('in the last 15 minutes of a Monday: not taking orders, and when it opens again', async () => {
    shopAt('2026-11-23T23:05:00Z');
    renderWithProviders(<MenuScreen />);
    expect(await screen.findByText('Not taking orders now · opens tomorrow at 12:00')).toBeVisible();
  });
});

describe('the menu that could not be loaded', () => {
  it('Retry links to this address (a reload before the app runs) and, with the app, asks again in place', async () => {
    const api = shopAt('2026-11-27T19:00:00Z');
    api.on('GET /allproduts', refuse('INTERNAL_ERROR', 'The database is down'));
    const { user } = renderWithProviders(<MenuScreen />, { at: '/?category=Pizza' });
    const retry = await screen.findByRole('link', { name: 'Retry' });
    expect(retry).toHaveAttribute('href', '/?category=Pizza');

    api.on('GET /allproduts', ok([productWire({ title: 'Margherita', category: 'Pizza', regularDiscount: 7.49 })]));
    await user.click(retry);
    expect(await screen.findByRole('article', { name: 'Margherita' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Retry' })).not.toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/?category=Pizza');
  });
});
