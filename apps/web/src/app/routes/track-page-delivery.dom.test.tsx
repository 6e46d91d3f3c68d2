import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeliveryProgress } from '@shop/shared/contract/dispatch';
import type { OrderUpdatesAnswer } from '@shop/shared/contract/order-updates';
import type { TrackAnswer } from '@shop/shared/contract/staff-orders';
import { fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { serverEmit } from '../../../test/fake-socket';
import { browserWithPush } from '../../../test/push-browser';
import { renderWithProviders } from '../../../test/render';
import { orderItemWire, orderWire } from '../../../test/wire-fixtures';
import { TrackPage } from './track-page';

// The tracking page of a delivery on its run (decision 1702): the stages when they happened, the stops before this
// one, the driver on the shop's map, and the order updates the customer can ask for or turn off.

const TOKEN = 'tRk_0123456789abcdefghij';
const TILES = { tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example <b>Maps</b>' };

const ON_THE_WAY: DeliveryProgress = {
  acceptedAt: '2026-11-25T18:45:00.000Z',
  readyAt: '2026-11-25T18:45:00.000Z',
  onTheWayAt: '2026-11-25T19:05:00.000Z',
  deliveredAt: null,
  stopsBefore: 2,
  driverName: 'Dan',
  position: { lat: 51.4545, lng: -2.5879, at: '2026-11-25T19:06:00.000Z' },
  arrivesAt: '2026-11-25T19:35:00.000Z',
  map: null,
};

function tracked(delivery: DeliveryProgress | null, status: TrackAnswer['status'] = 'On the way'): TrackAnswer {
  const wire = orderWire({ items: [orderItemWire({ title: 'Margherita', quantity: 1, price: 12.99, sizeLabel: 'Medium 11"' })] });
  return {
    _id: wire._id,
    items: wire.items,
    date: '25/11/2026',
    time: '18:42',
    paymentType: 'Cash',
    paymentStatus: 'unpaid',
    status,
    fulfilment: 'delivery',
    subtotal: wire.subtotal,
    deliveryFee: 0,
    discounts: [],
    discount: 0,
    tip: 0,
    totalPrice: wire.totalPrice,
    quantity: wire.quantity,
    createdAt: '2026-11-25T18:42:00.000Z',
    placedAt: '2026-11-25T18:42:00.000Z',
    expectedAt: '2026-11-25T19:30:00.000Z',
    expectedTime: '19:30',
    scheduledFor: null,
    cancelReason: null,
    refundedTotal: 0,
    statusHistory: [],
    channel: 'web',
    awaitingPayment: false,
    delivery,
  };
}

const UPDATES: OrderUpdatesAnswer = { push: { offered: true, on: true, subscriptions: 0 }, sms: { offered: false, on: true } };

function openTracking(answers: TrackAnswer[], routes: Record<string, FakeHandler> = {}) {
  let served = 0;
  const api = fakeApi({
    'GET /track/:token': () => {
      const answer = answers[Math.min(served, answers.length - 1)]!;
      served += 1;
      return ok(answer);
    },
    'GET /track/:token/updates': () => ok(UPDATES),
    ...routes,
  });
  return { api, ...renderWithProviders(<TrackPage />, { at: `/track/${TOKEN}`, route: '/track/:token' }) };
}

const stages = async () =>
  within(await screen.findByRole('list', { name: 'Delivery progress' }))
    .getAllByRole('listitem')
    .map((step) => step.textContent);

describe('the tracking page of a delivery', () => {
  it('shows each stage with the time it happened, the stops before this one, the driver and the arrival; no map without tiles', async () => {
    openTracking([tracked(ON_THE_WAY)]);
    expect(await stages()).toEqual([
      'Accepted25/11/2026 at 18:45',
      'Being made25/11/2026 at 18:45',
      'On the way25/11/2026 at 19:05',
      'DeliveredStill to come',
    ]);
    const delivery = screen.getByRole('status', { name: 'Your delivery' });
    expect(delivery).toHaveTextContent('2 stops before yours');
    expect(delivery).toHaveTextContent('Dan is bringing your order.');
    expect(delivery).toHaveTextContent('Arriving at about 19:35');
    expect(screen.queryByRole('region', { name: 'Map of where your driver is' })).toBeNull();
    expect(screen.queryByText('Loading the map…')).toBeNull();
  });

  it('draws the driver on the shop’s map with its attribution as text, and follows the run live', async () => {
    const nextStop = { ...ON_THE_WAY, stopsBefore: 0, map: TILES, position: { lat: 51.46, lng: -2.59, at: '2026-11-25T19:20:00.000Z' } };
    openTracking([tracked({ ...ON_THE_WAY, map: TILES }), tracked(nextStop)]);
    const map = await screen.findByRole('region', { name: 'Map of where your driver is' });
    expect(map).toBeVisible();
    // The attribution is shown as the shop wrote it, never as markup.
    expect(within(map).getByText(/© Example <b>Maps<\/b>/)).toBeVisible();
    expect(map.querySelector('b')).toBeNull();
    expect(within(map).getByTitle('Your driver')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Your delivery' })).toHaveTextContent('2 stops before yours');

    serverEmit('order_updated', { order_id: 'any' });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Your delivery' })).toHaveTextContent('You are the next stop'));
    expect(screen.getByRole('region', { name: 'Map of where your driver is' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Your delivery' })).toHaveTextContent('Driver last seen at 19:20');
  });

  it('says when it was delivered, and nothing more of the driver', async () => {
    openTracking([
      tracked(
        {
          ...ON_THE_WAY,
          deliveredAt: '2026-11-25T19:31:00.000Z',
          stopsBefore: null,
          driverName: null,
          position: null,
          arrivesAt: null,
          map: TILES,
        },
        'Delivered Order',
      ),
    ]);
    expect(await stages()).toEqual([
      'Accepted25/11/2026 at 18:45',
      'Being made25/11/2026 at 18:45',
      'On the way25/11/2026 at 19:05',
      'Delivered25/11/2026 at 19:31',
    ]);
    expect(screen.queryByRole('status', { name: 'Your delivery' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Map of where your driver is' })).toBeNull();
  });

  it('offers “Tell me when it’s on its way” where the browser takes push, and subscribes this browser to the order', async () => {
    const { subscribe } = browserWithPush();
    const { api, user } = openTracking([tracked(ON_THE_WAY, 'Approved Order')], {
      'GET /push/key': () => ok({ publicKey: `B${'A'.repeat(86)}` }),
      'POST /track/:token/push': () => ok({ ...UPDATES, push: { offered: true, on: true, subscriptions: 1 } }),
      'PUT /track/:token/updates': (request) =>
        ok({ ...UPDATES, push: { offered: true, on: (request.body as { push: boolean }).push, subscriptions: 1 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Tell me when it’s on its way' }));
    const box = await screen.findByRole('checkbox', { name: /Notifications in this browser/ });
    expect(box).toBeChecked();
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(api.sent('POST /track/:token/push')[0]?.body).toEqual({
      endpoint: 'https://push.example.net/send/abc',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    });

    // Turned off for this order.
    await user.click(box);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Notifications in this browser/ })).not.toBeChecked());
    expect(api.sent('PUT /track/:token/updates')[0]?.body).toEqual({ push: false });
  });

  it('offers no push button when the browser cannot take push, or the shop sends none', async () => {
    openTracking([tracked(ON_THE_WAY)]);
    await stages();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Tell me when/ })).toBeNull());

    browserWithPush();
    openTracking([tracked(ON_THE_WAY)], {
      'GET /track/:token/updates': () => ok({ ...UPDATES, push: { offered: false, on: true, subscriptions: 0 } }),
    });
    await screen.findAllByRole('list', { name: 'Delivery progress' });
    expect(screen.queryByRole('button', { name: /^Tell me when/ })).toBeNull();
  });

  it('offers “Tell me when it’s delivered” once the order is on its way', async () => {
    browserWithPush();
    openTracking([tracked(ON_THE_WAY)], { 'GET /push/key': () => ok({ publicKey: `B${'A'.repeat(86)}` }) });
    expect(await screen.findByRole('button', { name: 'Tell me when it’s delivered' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Tell me when it’s on its way' })).toBeNull();
  });

  it('turns the shop’s texts off for the order', async () => {
    const { api, user } = openTracking([tracked(ON_THE_WAY)], {
      'GET /track/:token/updates': () => ok({ push: { offered: false, on: true, subscriptions: 0 }, sms: { offered: true, on: true } }),
      'PUT /track/:token/updates': () => ok({ push: { offered: false, on: true, subscriptions: 0 }, sms: { offered: true, on: false } }),
    });
    const texts = await screen.findByRole('checkbox', { name: /Text messages to your phone/ });
    expect(texts).toBeChecked();
    await user.click(texts);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Text messages to your phone/ })).not.toBeChecked());
    expect(api.sent('PUT /track/:token/updates')[0]?.body).toEqual({ sms: false });
  });
});
