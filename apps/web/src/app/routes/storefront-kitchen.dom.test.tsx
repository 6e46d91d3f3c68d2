import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SHOP_STATUS } from '@shop/shared/contract/shop-status';
import { closeRealtime } from '../../lib/realtime';
import { fakeApi, ok } from '../../../test/fake-api';
import { openSockets, serverEmit } from '../../../test/fake-socket';
import { kitchenStatus } from '../../../test/kitchen-fixtures';
import { renderWithProviders } from '../../../test/render';
import { categoryWire, productWire } from '../../../test/wire-fixtures';
import { MenuScreen } from '../../features/menu/components/menu-screen';
import { CartPage } from '../../features/cart/routes/cart-page';

// On the storefront: the quote before ordering, the pause in the server's words, live.

afterEach(() => closeRealtime());

/** Friday 27 November 2026, 19:00 in London (GMT): the shop takes orders. */
const FRIDAY_EVENING = '2026-11-27T19:00:00Z';
const PAUSED = kitchenStatus(FRIDAY_EVENING, { state: { busy: null, pausedUntil: new Date('2026-11-27T19:30:00Z') } });

function shop(status: unknown) {
  return fakeApi({
    'GET /allcategori': ok([categoryWire('Pizza', 1)]),
    'GET /allproduts': ok([productWire({ title: 'Margherita', category: 'Pizza', regularDiscount: 7.49 })]),
    'GET /ingredients': ok([]),
    'GET /opening-status': ok(status),
  });
}

describe('the storefront shows the quote', () => {
  it('on the menu: the usual 45 minutes with an empty kitchen', async () => {
    shop(kitchenStatus(FRIDAY_EVENING));
    renderWithProviders(<MenuScreen />);
    expect(await screen.findByText('Delivery in about 45 min')).toBeVisible();
    expect(screen.getByRole('status', { name: 'Opening hours' })).toHaveTextContent('Open until 00:45 · orders close at 00:30');
  });

  it('on the menu: the queue beyond the allowance and busy mode add to it', async () => {
    // 7 accepted orders (2 beyond the allowance of 5, 5 minutes each) and busy mode +30: 45 + 10 + 30.
    shop(kitchenStatus(FRIDAY_EVENING, { queueLength: 7, state: { busy: { extraMinutes: 30, until: null }, pausedUntil: null } }));
    renderWithProviders(<MenuScreen />);
    expect(await screen.findByText('Delivery in about 85 min')).toBeVisible();
  });

  it('in the cart', async () => {
    shop(kitchenStatus(FRIDAY_EVENING));
    renderWithProviders(<CartPage />, { at: '/cart' });
    expect(await screen.findByText('Delivery in about 45 min')).toBeVisible();
  });

  it('not while the shop is closed by its hours', async () => {
    shop(kitchenStatus('2026-11-27T06:00:00Z'));
    renderWithProviders(<MenuScreen />);
    expect(await screen.findByText('Closed now · opens today at 14:00')).toBeVisible();
    expect(screen.queryByText(/Delivery in about/)).not.toBeInTheDocument();
  });
});

describe('while paused', () => {
  it('the menu says so in the server words, with no quote, and the menu still shows', async () => {
    shop(PAUSED);
    renderWithProviders(<MenuScreen />);
    expect(await screen.findByText('We are not taking orders right now. Back at 19:30.')).toBeVisible();
    expect(screen.queryByText(/Delivery in about/)).not.toBeInTheDocument();
    expect(await screen.findByText('Margherita')).toBeVisible();
  });

  it('the cart says so and keeps the cart', async () => {
    shop(PAUSED);
    renderWithProviders(<CartPage />, { at: '/cart' });
    expect(await screen.findByText('We are not taking orders right now. Back at 19:30.')).toBeVisible();
    expect(screen.getByText('You can fill your cart now and check out once we take orders.')).toBeVisible();
  });
});

describe('the state follows the shop live', () => {
  it('a shop_status event pauses the open menu and another resumes it, without asking again', async () => {
    const api = shop(kitchenStatus(FRIDAY_EVENING));
    renderWithProviders(<MenuScreen />);
    expect(await screen.findByText('Delivery in about 45 min')).toBeVisible();
    await waitFor(() => expect([...openSockets].some((socket) => socket.connected)).toBe(true));
    const asked = api.sent('GET /opening-status').length;

    serverEmit(SHOP_STATUS, PAUSED);
    expect(await screen.findByText('We are not taking orders right now. Back at 19:30.')).toBeVisible();
    expect(screen.queryByText('Delivery in about 45 min')).not.toBeInTheDocument();

    serverEmit(SHOP_STATUS, kitchenStatus(FRIDAY_EVENING, { state: { busy: { extraMinutes: 15, until: null }, pausedUntil: null } }));
    expect(await screen.findByText('Delivery in about 60 min')).toBeVisible();
    expect(screen.queryByText('We are not taking orders right now. Back at 19:30.')).not.toBeInTheDocument();
    expect(api.sent('GET /opening-status')).toHaveLength(asked);
  });

  it('asks again when the pause ends by itself (nothing is sent then)', async () => {
    // The pause ends shortly by the browser's clock; the first answer says paused and every later one open, so the
    // test does not depend on how fast the first screen is drawn (a busy machine once drew it after the refetch).
    const endsSoon = { ...PAUSED, pausedUntil: new Date(Date.now() + 1500).toISOString() };
    let calls = 0;
    const api = shop(endsSoon);
    api.on('GET /opening-status', () => ok((calls += 1) === 1 ? endsSoon : kitchenStatus(FRIDAY_EVENING)));
    renderWithProviders(<MenuScreen />);
    expect(await screen.findByText('We are not taking orders right now. Back at 19:30.')).toBeVisible();
    expect(await screen.findByText('Delivery in about 45 min', {}, { timeout: 8000 })).toBeVisible();
  }, 15_000);
});
