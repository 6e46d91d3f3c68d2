import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrackAnswer } from '@shop/shared/contract/staff-orders';
import { fakeApi, ok, refuse } from '../../../test/fake-api';
import { openSockets, serverEmit } from '../../../test/fake-socket';
import { fill, renderWithProviders } from '../../../test/render';
import { orderItemWire, orderWire } from '../../../test/wire-fixtures';
import { TrackPage } from './track-page';

// The tracking page (decision 1502): the order by its link, live on its own room, the card form for an order
// waiting for its card, and a clear page for a link that is nobody's.

const TOKEN = 'tRk_0123456789abcdefghij';

function tracked(overrides: Partial<TrackAnswer> = {}): TrackAnswer {
  const { _id, items, date, time, paymentType, paymentStatus, status, fulfilment, subtotal, deliveryFee, totalPrice, quantity } = orderWire(
    {
      items: [orderItemWire({ title: 'Margherita', quantity: 2, price: 12.99, sizeLabel: 'Medium 11"' })],
      deliveryFee: 2.5,
    },
  );
  return {
    _id,
    items,
    date,
    time,
    paymentType,
    paymentStatus,
    status,
    fulfilment,
    subtotal,
    deliveryFee,
    discounts: [],
    discount: 0,
    tip: 0,
    totalPrice: Math.round((totalPrice + 2.5) * 100) / 100,
    quantity,
    createdAt: '2026-11-25T18:42:00.000Z',
    placedAt: '2026-11-25T18:42:00.000Z',
    expectedAt: null,
    expectedTime: null,
    scheduledFor: null,
    cancelReason: null,
    refundedTotal: 0,
    statusHistory: [{ status: 'Pending Order', date: '25/11/2026', time: '18:42', createdAt: '2026-11-25T18:42:00.000Z', changedBy: null }],
    channel: 'guest',
    awaitingPayment: false,
    ...overrides,
  } as TrackAnswer;
}

function openTracking(answers: TrackAnswer[] | 'unknown', routes = {}) {
  let served = 0;
  const api = fakeApi({
    'GET /session': ok({ user: null }),
    'GET /payment-config': ok({ provider: 'test', publishableKey: null, testMode: true }),
    'GET /track/:token': (_request, params) => {
      if (answers === 'unknown' || params.token !== TOKEN) return refuse('ORDER_NOT_FOUND', 'No order has this tracking link');
      const answer = answers[Math.min(served, answers.length - 1)]!;
      served += 1;
      return ok(answer);
    },
    ...routes,
  });
  const rendered = renderWithProviders(<TrackPage />, { at: `/track/${TOKEN}`, route: '/track/:token' });
  return { api, ...rendered, next: () => served };
}

describe('the tracking page', () => {
  it('shows the order’s status as a timeline, its lines, totals and payment, and keeps search engines out', async () => {
    openTracking([tracked()]);
    expect(await screen.findByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
    const timeline = screen.getByRole('list', { name: 'Order status' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Pending Order25/11/2026 at 18:42',
      'Approved OrderStill to come',
      'On the wayStill to come',
      'Delivered OrderStill to come',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('status', { name: 'Order promise' })).toHaveTextContent('Your order has been placed');
    const items = screen.getByRole('table', { name: 'Items' });
    expect(within(items).getByText('Margherita')).toBeVisible();
    expect(within(items).getAllByText('£25.98')).toHaveLength(2); // the line, and the subtotal
    expect(within(items).getByText('£2.50')).toBeVisible();
    expect(within(items).getByTestId('track-total')).toHaveTextContent('£28.48');
    expect(within(screen.getByRole('table', { name: 'Payment' })).getByText('Cash On Delivery')).toBeVisible();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('joins the order’s room with its token and follows it live: accepted, with the time it is expected', async () => {
    const { next } = openTracking([
      tracked(),
      tracked({
        status: 'Approved Order',
        expectedTime: '19:15',
        statusHistory: [
          { status: 'Pending Order', date: '25/11/2026', time: '18:42', createdAt: '2026-11-25T18:42:00.000Z', changedBy: null },
          { status: 'Approved Order', date: '25/11/2026', time: '18:45', createdAt: '2026-11-25T18:45:00.000Z', changedBy: null },
        ],
      }),
    ]);
    await screen.findByRole('list', { name: 'Order status' });
    await waitFor(() => expect([...openSockets].some((socket) => socket.connected)).toBe(true));
    expect([...openSockets].map((socket) => socket.options?.auth)).toContainEqual({ track: TOKEN });
    await waitFor(() => expect(next()).toBeGreaterThanOrEqual(1));

    serverEmit('order_updated', { order_id: 'any' });
    const promise = screen.getByRole('status', { name: 'Order promise' });
    await waitFor(() => expect(promise).toHaveTextContent('Expected at 19:15'));
    expect(promise).toHaveTextContent('Your order has been approved');
    const current = within(screen.getByRole('list', { name: 'Order status' }))
      .getAllByRole('listitem')
      .find((step) => step.getAttribute('aria-current') === 'step');
    expect(current).toHaveTextContent('Approved Order25/11/2026 at 18:45');
  });

  it('takes the card of an order waiting for it, then says the order is placed', async () => {
    const waiting = tracked({ paymentType: 'Card', paymentStatus: 'unpaid', awaitingPayment: true, placedAt: null });
    const paid = tracked({ paymentType: 'Card', paymentStatus: 'authorised', awaitingPayment: false });
    let confirmed = false;
    const { api, user } = openTracking([waiting], {
      'GET /track/:token/payment': ok({
        clientSecret: 'pi_test_9_secret',
        orderId: waiting._id,
        provider: 'test',
        publishableKey: null,
        testMode: true,
        amount: 28.48,
      }),
      'POST /test-payments/confirm': () => {
        confirmed = true;
        return ok({ status: 'succeeded', orderId: waiting._id });
      },
    });
    // After the confirm the order reads as paid.
    api.on('GET /track/:token', () => ok(confirmed ? paid : waiting));
    const pay = await screen.findByRole('region', { name: 'Pay £28.48 now' });
    // The card form comes once the payment is fetched (and its chunk loaded).
    await fill(user, await within(pay).findByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await fill(user, within(pay).getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1230');
    await fill(user, within(pay).getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(within(pay).getByRole('button', { name: 'Pay £28.48' }));

    expect(await screen.findByText('Payment Successful')).toBeVisible();
    expect(screen.getByText(/Your order has been placed\. Your card payment is held/)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Pay £28.48 now' })).toBeNull();
    expect(api.sent('POST /test-payments/confirm')[0]?.body).toMatchObject({ clientSecret: 'pi_test_9_secret' });
  });

  it('says plainly when no order has the link', async () => {
    openTracking('unknown');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
    expect(screen.getByText('No order has this tracking link')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse the menu' })).toHaveAttribute('href', '/');
  });
});
