import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHOP_STATUS } from '@shop/shared/contract/shop-status';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { closeRealtime } from '../../lib/realtime';
import { adminOrderPath, paths } from '../../lib/paths';
import { fakeApi, ok, refuse, type FakeAnswer, type FakeHandler } from '../../../test/fake-api';
import { openSockets, serverEmit } from '../../../test/fake-socket';
import { kitchenStatus } from '../../../test/kitchen-fixtures';
import { renderWithProviders } from '../../../test/render';
import { orderItemWire, orderWire, sessionAnswer } from '../../../test/wire-fixtures';
import { AdminOrderDetailPage } from '../../features/admin-orders/routes/admin-order-detail-page';
import { AdminLayout } from './admin-layout';

// The kitchen in the back office: busy mode and the pause in one tap from every admin page's header,
// with their countdown; the Accept question's default time is the shop's quote.

/** The shop's clock and the browser's in these tests: Friday 27 November 2026, 19:00 in London. */
const NOW = '2026-11-27T19:00:00Z';
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000);

afterEach(() => {
  closeRealtime();
  vi.useRealTimers();
});

function backOffice(routes: Record<string, FakeHandler | FakeAnswer> = {}) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  return fakeApi({
    'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
    'GET /opening-status': ok(kitchenStatus(NOW)),
    ...routes,
  });
}

async function openKitchen(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Kitchen' }));
  return screen.findByRole('dialog', { name: 'Kitchen' });
}

describe('the kitchen controls in the admin header', () => {
  it('busy mode in one tap: +30 min for 60 min, then its countdown on the page, then off', async () => {
    const busy = kitchenStatus(NOW, { state: { busy: { extraMinutes: 30, until: at(60) }, pausedUntil: null } });
    const api = backOffice({
      'PUT /shop-status': (request) => ok(request.body && (request.body as { busy: unknown }).busy === null ? kitchenStatus(NOW) : busy),
    });
    const { user } = renderWithProviders(<AdminLayout />, { at: paths.dashboard });
    const panel = await openKitchen(user);
    await user.click(within(panel).getByRole('button', { name: 'Busy +30 min for 60 min' }));
    expect(api.sent('PUT /shop-status').map((request) => request.body)).toEqual([{ busy: { extraMinutes: 30, forMinutes: 60 } }]);
    expect(await screen.findByText('Busy +30 min · 1:00:00 left')).toBeVisible();

    // The countdown moves with the clock.
    vi.setSystemTime(at(15.5));
    expect(await screen.findByText('Busy +30 min · 44:30 left', {}, { timeout: 3000 })).toBeVisible();

    const again = await openKitchen(user);
    await user.click(within(again).getByRole('button', { name: 'Turn busy mode off' }));
    expect(api.sent('PUT /shop-status').at(-1)?.body).toEqual({ busy: null });
    await waitFor(() => expect(screen.queryByText(/^Busy \+30 min/)).not.toBeInTheDocument());
  });

  it('busy mode until turned off, and each choice of +15, +30, +45 for 30, 60, 90 min is one button', async () => {
    const api = backOffice({
      'PUT /shop-status': ok(kitchenStatus(NOW, { state: { busy: { extraMinutes: 15, until: null }, pausedUntil: null } })),
    });
    const { user } = renderWithProviders(<AdminLayout />, { at: paths.dashboard });
    const panel = await openKitchen(user);
    for (const extra of [15, 30, 45]) {
      for (const span of ['for 30 min', 'for 60 min', 'for 90 min', 'until turned off']) {
        expect(within(panel).getByRole('button', { name: `Busy +${extra} min ${span}` })).toBeEnabled();
      }
    }
    await user.click(within(panel).getByRole('button', { name: 'Busy +15 min until turned off' }));
    expect(api.sent('PUT /shop-status')[0]?.body).toEqual({ busy: { extraMinutes: 15, forMinutes: null } });
    expect(await screen.findByText('Busy +15 min · until turned off')).toBeVisible();
  });

  it('Stop taking orders for 30 min, its countdown, and Take orders again', async () => {
    const paused = kitchenStatus(NOW, { state: { busy: null, pausedUntil: at(30) } });
    const api = backOffice({
      'PUT /shop-status': (request) => ok((request.body as { pause: unknown }).pause === null ? kitchenStatus(NOW) : paused),
    });
    const { user } = renderWithProviders(<AdminLayout />, { at: paths.dashboard });
    const panel = await openKitchen(user);
    await user.click(within(panel).getByRole('button', { name: 'Stop taking orders for 30 min' }));
    expect(api.sent('PUT /shop-status')[0]?.body).toEqual({ pause: { forMinutes: 30 } });
    expect(await screen.findByText('Paused · 30:00 left')).toBeVisible();

    const again = await openKitchen(user);
    await user.click(within(again).getByRole('button', { name: 'Take orders again' }));
    expect(api.sent('PUT /shop-status').at(-1)?.body).toEqual({ pause: null });
    await waitFor(() => expect(screen.queryByText(/^Paused/)).not.toBeInTheDocument());
  });

  it('the rest of today sends untilEndOfDay; a refusal is said', async () => {
    const api = backOffice({
      'PUT /shop-status': refuse('VALIDATION_FAILED', 'pause: Send pause as {forMinutes} or {untilEndOfDay: true}'),
    });
    const { user } = renderWithProviders(<AdminLayout />, { at: paths.dashboard });
    const panel = await openKitchen(user);
    await user.click(within(panel).getByRole('button', { name: 'Stop taking orders for the rest of today' }));
    expect(api.sent('PUT /shop-status')[0]?.body).toEqual({ pause: { untilEndOfDay: true } });
    expect(await screen.findByText('pause: Send pause as {forMinutes} or {untilEndOfDay: true}')).toBeVisible();
  });

  it('another admin pausing shows here at once (shop_status)', async () => {
    backOffice();
    renderWithProviders(<AdminLayout />, { at: paths.dashboard });
    expect(await screen.findByRole('button', { name: 'Kitchen' })).toBeVisible();
    await waitFor(() => expect([...openSockets].some((socket) => socket.connected)).toBe(true));
    serverEmit(SHOP_STATUS, kitchenStatus(NOW, { state: { busy: null, pausedUntil: at(15) } }));
    expect(await screen.findByText('Paused · 15:00 left')).toBeVisible();
  });
});

describe('the Accept question offers the quote first', () => {
  it('with 7 orders in the kitchen and busy mode +15: 70 min chosen, and sent', async () => {
    const order = orderWire({
      items: [orderItemWire({ title: 'Margherita', quantity: 2, price: 12.99 })],
      paymentType: 'Cash',
      paymentStatus: 'unpaid',
      placedAt: at(-2).toISOString(),
    });
    const api = backOffice({
      'GET /opening-status': ok(
        kitchenStatus(NOW, { queueLength: 7, state: { busy: { extraMinutes: 15, until: null }, pausedUntil: null } }),
      ),
      'GET /shop-settings': ok({ lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false }),
      'GET /buy-product/:id': ok(order),
      'PUT /update-sell-products/:id': ok({ modifiedCount: 1 }),
    });
    const { user } = renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(order._id), route: paths.adminOrder });
    const short = displayOrderId(order._id);
    await waitFor(() => expect(api.sent('GET /opening-status').length).toBeGreaterThan(0));
    const accept = await screen.findAllByRole('button', { name: 'Accept' });
    await user.click(accept[0]!);
    const ask = await screen.findByRole('dialog', { name: `Accept order ${short}` });
    expect(within(ask).getByRole('button', { name: '70 min', pressed: true })).toBeVisible();
    await user.click(within(ask).getByRole('button', { name: /^Accept · expected at/ }));
    await waitFor(() =>
      expect(api.sent('PUT /update-sell-products/:id')[0]?.body).toEqual({ status: 'Approved Order', readyInMinutes: 70 }),
    );
  });
});
