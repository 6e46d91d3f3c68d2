import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api';
import { serverEmit } from '../../test/fake-socket';
import { fixClockAfterOrderWire, orderItemWire, orderWire, sessionAnswer } from '../../test/wire-fixtures';
import { closeRealtime } from '../lib/realtime';
import { paths } from '../lib/paths';
import { routes } from './route-table';

// A fixed clock: the waiting order is a minute old (not late) whatever day the test runs.
beforeEach(() => fixClockAfterOrderWire());
afterEach(() => {
  closeRealtime();
  vi.useRealTimers();
});

const waiting = orderWire({ _id: '65f00000000000000c0ffee1', items: [orderItemWire({ title: 'Margherita', quantity: 1, price: 12.99 })] });

/** The whole app (its real route table, both layouts) opened at a storefront page, for whoever the session says. */
function openApp(at: string, session: ReturnType<typeof sessionAnswer>) {
  const api = fakeApi({
    'GET /session': session,
    'GET /shop-settings': ok({ lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false }),
    'GET /buy-product': (request) => ok(request.query.get('page') === '1' ? [waiting] : []),
    'GET /buy-product/:id': ok(waiting),
  });
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, router };
}

describe('the new-order chime around every page', () => {
  it('rings for an admin on the storefront (My Cart), outside the back office, and pops the waiting order up', async () => {
    openApp(paths.cart, sessionAnswer('chef@example.co.uk', 'owner', 'Chef'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Cart' })).toBeVisible();
    const popup = await screen.findByRole('dialog', { name: 'New order has been placed' });
    expect(within(popup).getByText(/^Order 0ffee1 ·/)).toBeVisible();
    const sound = screen.getByTestId('new-order-sound');
    await waitFor(() => expect(Number(sound.dataset.playCount)).toBeGreaterThan(0));
    expect(sound.dataset.ring).toBe('normal');
  });

  it('is not there for a customer: no pending orders asked for, no sound, no popup', async () => {
    const { api } = openApp(paths.cart, sessionAnswer('ada@example.co.uk', 'customer'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Cart' })).toBeVisible();
    serverEmit('order_received', { order_id: waiting._id });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('new-order-sound')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent('GET /buy-product')).toEqual([]);
    expect(api.sent('GET /buy-product/:id')).toEqual([]);
  });
});
