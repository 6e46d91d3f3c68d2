import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeRealtime } from '../../lib/realtime';
import { fakeApi, ok } from '../../../test/fake-api';
import { kitchenStatus } from '../../../test/kitchen-fixtures';
import { renderWithProviders } from '../../../test/render';
import { categoryWire, productWire } from '../../../test/wire-fixtures';
import { MenuScreen } from '../../features/menu/components/menu-screen';
import { CartPage } from '../../features/cart/routes/cart-page';

// On the storefront: while the shop is closed (not paused), the opening line invites ordering ahead
// from the first slot (the opening status's nextSlotAt), leading to the cart and its Checkout, where 'When' offers the
// slots.

/** Wednesday 25 November 2026, 23:50 in London (GMT): closed, opens tomorrow at 12:00; the first slot 12:45. */
const WEDNESDAY_NIGHT = '2026-11-25T23:50:00Z';
/** Thursday 26 November 2026, 06:00: closed, opens today at 12:00. */
const THURSDAY_MORNING = '2026-11-26T06:00:00Z';

afterEach(() => {
  closeRealtime();
  vi.useRealTimers();
});

/** The shop's answers at `now`, the browser's clock at `now` too (as the shop's customers' clocks are). */
function shopAt(now: string, status: unknown = kitchenStatus(now)) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
  return fakeApi({
    'GET /allcategori': ok([categoryWire('Pizza', 1)]),
    'GET /allproduts': ok([productWire({ title: 'Margherita', category: 'Pizza', regularDiscount: 7.49 })]),
    'GET /ingredients': ok([]),
    'GET /opening-status': ok(status),
  });
}

const openingLine = () => screen.getByRole('status', { name: 'Opening hours' });

describe('ordering ahead while the shop is closed', () => {
  it('the menu says when orders can be placed for, a link to the cart', async () => {
    shopAt(WEDNESDAY_NIGHT);
    const { user } = renderWithProviders(<MenuScreen />, { routes: { '/cart': <h1>My Cart</h1> } });
    const link = await screen.findByRole('link', { name: 'Order ahead for tomorrow from 12:45' });
    expect(openingLine()).toHaveTextContent('Closed now · opens tomorrow at 12:00');
    expect(within(openingLine()).getByRole('link', { name: 'Order ahead for tomorrow from 12:45' })).toBeVisible();
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'My Cart' })).toBeVisible();
  });

  it('says today before the shop opens in the morning', async () => {
    shopAt(THURSDAY_MORNING);
    renderWithProviders(<MenuScreen />);
    expect(await screen.findByRole('link', { name: 'Order ahead for today from 12:45' })).toBeVisible();
  });

  it('the cart says it, with a time chosen at checkout, in place of waiting for the opening', async () => {
    shopAt(WEDNESDAY_NIGHT);
    renderWithProviders(<CartPage />, { at: '/cart' });
    expect(await screen.findByText('Order ahead for tomorrow from 12:45')).toBeVisible();
    expect(screen.getByText('Fill your cart and choose a time at checkout.')).toBeVisible();
    expect(within(openingLine()).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText('You can fill your cart now and check out once we take orders.')).not.toBeInTheDocument();
  });

  it('not while orders are taken, nor while paused (the pause says when it is back), nor with no slot left', async () => {
    const friday = '2026-11-27T19:00:00Z';
    shopAt(friday);
    const open = renderWithProviders(<MenuScreen />);
    expect(await screen.findByText('Delivery in about 45 min')).toBeVisible();
    expect(screen.queryByText(/Order ahead/)).not.toBeInTheDocument();
    open.unmount();
    closeRealtime();

    shopAt(friday, kitchenStatus(friday, { state: { busy: null, pausedUntil: new Date('2026-11-27T19:30:00Z') } }));
    const paused = renderWithProviders(<CartPage />, { at: '/cart' });
    expect(await screen.findByText('We are not taking orders right now. Back at 19:30.')).toBeVisible();
    expect(screen.queryByText(/Order ahead/)).not.toBeInTheDocument();
    expect(screen.getByText('You can fill your cart now and check out once we take orders.')).toBeVisible();
    paused.unmount();
    closeRealtime();

    shopAt(WEDNESDAY_NIGHT, { ...kitchenStatus(WEDNESDAY_NIGHT), nextSlotAt: null });
    renderWithProviders(<CartPage />, { at: '/cart' });
    expect(await screen.findByText('Closed now · opens tomorrow at 12:00')).toBeVisible();
    expect(screen.queryByText(/Order ahead/)).not.toBeInTheDocument();
    expect(screen.getByText('You can fill your cart now and check out once we take orders.')).toBeVisible();
  });
});
