import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderWire, RefundWire } from '@shop/shared/contract/orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { fakeApi, ok, refuse, type FakeHandler } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire, sessionAnswer, wireId } from '../../../../test/wire-fixtures';
import { closeRealtime } from '../../../lib/realtime';
import { adminOrderPath, paths } from '../../../lib/paths';
import { AdminOrderDetailPage } from './admin-order-detail-page';
import { OrderListPage } from './order-list-page';

/** The shop's clock in these tests: Friday 27 November 2026, 19:00 in London. */
const SHOP_NOW = new Date('2026-11-27T19:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(SHOP_NOW.getTime() - minutes * 60_000).toISOString();

afterEach(() => {
  closeRealtime();
  vi.useRealTimers();
});

function fixClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SHOP_NOW);
}

const items = [
  orderItemWire({ title: 'Margherita', quantity: 2, price: 12.99 }),
  orderItemWire({ title: 'Garlic Bread', quantity: 2, price: 4.99 }),
];
// £35.96 each.
const waitingCard = orderWire({ items, paymentType: 'Card', paymentStatus: 'authorised', placedAt: minutesAgo(6) });
const waitingCash = orderWire({ items, paymentType: 'Cash', paymentStatus: 'unpaid', placedAt: minutesAgo(2) });
const accepted = orderWire({
  items,
  paymentType: 'Card',
  paymentStatus: 'paid',
  status: 'Approved Order',
  expectedAt: '2026-11-27T19:45:00.000Z',
  expectedTime: '19:45',
});

function refundWire(overrides: Partial<RefundWire> & Pick<RefundWire, 'amount' | 'reason'>): RefundWire {
  return { _id: wireId(), status: 'succeeded', failureReason: null, createdAt: '2026-11-27T18:55:00.000Z', ...overrides };
}

/** The back office's API for these orders; `routes` replace its answers. */
function backOffice(orders: OrderWire[], routes: Record<string, FakeHandler> = {}) {
  return fakeApi({
    'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
    'GET /shop-settings': ok({ lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false }),
    'GET /buy-product': ok(orders),
    'GET /buy-product/:id': (_request, { id }) => ok(orders.find((order) => order._id === id)),
    'PUT /update-sell-products/:id': ok({ modifiedCount: 1 }),
    ...routes,
  });
}

function openOrder(order: OrderWire) {
  return renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(order._id), route: paths.adminOrder });
}

const sentChanges = (api: ReturnType<typeof backOffice>) => api.sent('PUT /update-sell-products/:id').map((request) => request.body);

describe('the order list’s row menu answers an order as the popup does', () => {
  const row = async (order: OrderWire) => {
    const table = await screen.findByRole('table', { name: 'Orders' });
    return (await within(table).findByRole('link', { name: `Order ${displayOrderId(order._id)}` })).closest('tr')!;
  };

  it('shows how long each waiting order has waited, Late past the shop’s setting, and when an accepted one is expected', async () => {
    fixClock();
    backOffice([waitingCard, waitingCash, accepted]);
    renderWithProviders(<OrderListPage />, { at: paths.orderList });
    await waitFor(async () => expect(await row(waitingCard)).toHaveTextContent('LateWaiting 6 min'));
    expect(await row(waitingCash)).toHaveTextContent('Waiting 2 min');
    expect(await row(waitingCash)).not.toHaveTextContent('Late');
    expect(await row(accepted)).toHaveTextContent('Expected at 19:45');
  });

  it('Approved Order asks when it arrives and sends 45 minutes unless another time is chosen', async () => {
    const api = backOffice([waitingCard]);
    const { user } = renderWithProviders(<OrderListPage />, { at: paths.orderList });
    const short = displayOrderId(waitingCard._id);
    await user.click(within(await row(waitingCard)).getByRole('button', { name: `Change status of order ${short}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Approved Order' }));
    const ask = await screen.findByRole('dialog', { name: `Accept order ${short}` });
    expect(within(ask).getByRole('button', { name: '45 min', pressed: true })).toBeVisible();
    await user.click(within(ask).getByRole('button', { name: /^Accept · expected at/ }));
    expect(await screen.findByText(`Order ${short} is now Approved Order`)).toBeVisible();
    expect(sentChanges(api)).toEqual([{ status: 'Approved Order', readyInMinutes: 45 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a card that cannot be charged is said in the question, which stays open; nothing is accepted', async () => {
    const api = backOffice([waitingCard], {
      'PUT /update-sell-products/:id': () => refuse('CAPTURE_FAILED', 'The card has expired'),
    });
    const { user } = renderWithProviders(<OrderListPage />, { at: paths.orderList });
    const short = displayOrderId(waitingCard._id);
    await user.click(within(await row(waitingCard)).getByRole('button', { name: `Change status of order ${short}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Approved Order' }));
    const ask = await screen.findByRole('dialog', { name: `Accept order ${short}` });
    await user.click(within(ask).getByRole('button', { name: '20 min' }));
    await user.click(within(ask).getByRole('button', { name: /^Accept · expected at/ }));
    const alert = await within(ask).findByRole('alert');
    expect(alert).toHaveTextContent('The card could not be charged: the order is not accepted and still waits');
    expect(alert).toHaveTextContent('The card has expired');
    expect(sentChanges(api)).toEqual([{ status: 'Approved Order', readyInMinutes: 20 }]);
    expect(screen.getByRole('dialog', { name: `Accept order ${short}` })).toBeVisible();
  });

  it('On the way straight from waiting takes the held card too: a card that cannot be charged says so', async () => {
    backOffice([waitingCard], {
      'PUT /update-sell-products/:id': () => refuse('CAPTURE_FAILED', 'The card has expired'),
    });
    const { user } = renderWithProviders(<OrderListPage />, { at: paths.orderList });
    const short = displayOrderId(waitingCard._id);
    await user.click(within(await row(waitingCard)).getByRole('button', { name: `Change status of order ${short}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'On the way' }));
    expect(
      await screen.findByText('The card could not be charged: the order is not accepted and still waits. The card has expired'),
    ).toBeVisible();
  });

  it('Canceled Order asks why and sends the reason chosen', async () => {
    const api = backOffice([accepted]);
    const { user } = renderWithProviders(<OrderListPage />, { at: paths.orderList });
    const short = displayOrderId(accepted._id);
    await user.click(within(await row(accepted)).getByRole('button', { name: `Change status of order ${short}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Canceled Order' }));
    const ask = await screen.findByRole('dialog', { name: `Cancel order ${short}?` });
    expect(within(ask).getByText(/The £35.96 taken is refunded to the customer’s card./)).toBeVisible();
    await user.click(within(ask).getByRole('radio', { name: 'We are closing early' }));
    await user.click(within(ask).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(sentChanges(api)).toEqual([{ status: 'Canceled Order', reason: 'We are closing early' }]));
  });
});

describe('the order page’s promise', () => {
  it('a waiting order: how long it has waited, Late, and Accept with a time', async () => {
    fixClock();
    const api = backOffice([waitingCard]);
    const { user } = openOrder(waitingCard);
    const panel = await screen.findByRole('region', { name: 'Waiting for an answer' });
    await waitFor(() => expect(within(panel).getByTestId('waiting-time')).toHaveTextContent('LateWaiting 6 min'));
    await user.click(within(panel).getByRole('button', { name: 'Accept' }));
    const ask = await screen.findByRole('dialog', { name: `Accept order ${displayOrderId(waitingCard._id)}` });
    await user.click(within(ask).getByRole('button', { name: '60 min' }));
    await user.click(within(ask).getByRole('button', { name: 'Accept · expected at 20:00' }));
    await waitFor(() => expect(sentChanges(api)).toEqual([{ status: 'Approved Order', readyInMinutes: 60 }]));
  });

  it('a waiting order: Reject with a typed reason', async () => {
    const api = backOffice([waitingCash]);
    const { user } = openOrder(waitingCash);
    const panel = await screen.findByRole('region', { name: 'Waiting for an answer' });
    await user.click(within(panel).getByRole('button', { name: 'Reject' }));
    const ask = await screen.findByRole('dialog', { name: `Reject order ${displayOrderId(waitingCash._id)}?` });
    await user.click(within(ask).getByRole('radio', { name: 'Another reason' }));
    await fill(user, within(ask).getByRole('textbox', { name: 'Reason' }), 'No driver tonight');
    await user.click(within(ask).getByRole('button', { name: 'Reject order' }));
    await waitFor(() => expect(sentChanges(api)).toEqual([{ status: 'Canceled Order', reason: 'No driver tonight' }]));
  });

  it('an accepted order: expected at 19:45, and running late +10 asks for 19:55', async () => {
    fixClock();
    const api = backOffice([accepted]);
    const { user } = openOrder(accepted);
    const panel = await screen.findByRole('region', { name: 'Expected time' });
    expect(within(panel).getByText('Expected at 19:45')).toBeVisible();
    expect(within(panel).getByRole('button', { name: '+20 min, expected at 20:05' })).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: '+10 min, expected at 19:55' }));
    await waitFor(() => expect(sentChanges(api)).toEqual([{ readyInMinutes: 55 }]));
    expect(await screen.findByText(`Order ${displayOrderId(accepted._id)} is now expected later`)).toBeVisible();
  });

  it('a canceled order shows why', async () => {
    const canceled = orderWire({ items, status: 'Canceled Order', cancelReason: 'An item has run out' });
    backOffice([canceled]);
    openOrder(canceled);
    expect(await screen.findByText('An item has run out')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Waiting for an answer' })).not.toBeInTheDocument();
  });
});

describe('the order page’s money', () => {
  const paid = orderWire({
    items,
    paymentType: 'Card',
    paymentStatus: 'partially_refunded',
    status: 'Delivered Order',
    refundedTotal: 5.49,
    refunds: [
      refundWire({ amount: 5.49, reason: 'Garlic bread missing' }),
      refundWire({ amount: 2, reason: 'Cold pizza', status: 'failed', failureReason: 'The card was closed' }),
    ],
  });

  it('shows the payment line with the refunded total, the refunds, and what is left to refund', async () => {
    backOffice([paid]);
    openOrder(paid);
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(within(payment).getByRole('row', { name: /^Status/ })).toHaveTextContent('Paid by card, £5.49 refunded to the customer’s card');
    const refunds = within(payment).getByRole('table', { name: 'Refunds' });
    const rows = within(refunds)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['27/11/2026 18:55£5.49Garlic bread missingRefunded', '27/11/2026 18:55£2.00Cold pizzaFailedThe card was closed']);
    expect(within(payment).getByTestId('refund-left')).toHaveTextContent('£30.47 left to refund');
  });

  it('refuses more than is left before sending, then sends the amount and reason', async () => {
    const api = backOffice([paid], {
      'POST /orders/:id/refunds': (request) =>
        ok({
          refund: refundWire({ ...(request.body as { amount: number; reason: string }), status: 'pending' }),
          refundedTotal: 9.99,
          paymentStatus: 'partially_refunded',
        }),
    });
    const { user } = openOrder(paid);
    const form = await screen.findByRole('form', { name: 'Refund' });
    await fill(user, within(form).getByRole('textbox', { name: 'Amount' }), '30.48');
    await fill(user, within(form).getByRole('textbox', { name: 'Reason' }), 'Drinks missing');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('At most £30.47 is left to refund')).toBeVisible();
    expect(api.sent('POST /orders/:id/refunds')).toEqual([]);

    await fill(user, within(form).getByRole('textbox', { name: 'Amount' }), '4.50');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    // Money leaving the shop is asked first, naming the amount; Cancel sends nothing.
    let ask = await screen.findByRole('dialog', { name: 'Refund £4.50 to the customer’s card?' });
    expect(within(ask).getByText('Reason the customer reads: Drinks missing')).toBeVisible();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('POST /orders/:id/refunds')).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    ask = await screen.findByRole('dialog', { name: 'Refund £4.50 to the customer’s card?' });
    await user.click(within(ask).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded £4.50 to the customer’s card')).toBeVisible();
    const sent = api.sent('POST /orders/:id/refunds');
    expect(sent.map((request) => [request.path, request.body])).toEqual([
      [`/orders/${paid._id}/refunds`, { amount: 4.5, reason: 'Drinks missing' }],
    ]);
  });

  it('shows the server’s refusal', async () => {
    backOffice([paid], {
      'POST /orders/:id/refunds': () => refuse('REFUND_TOO_LARGE', 'Only £1.00 is left to refund on this order'),
    });
    const { user } = openOrder(paid);
    const form = await screen.findByRole('form', { name: 'Refund' });
    await user.click(within(form).getByRole('button', { name: 'All £30.47' }));
    expect(within(form).getByRole('textbox', { name: 'Amount' })).toHaveValue('30.47');
    await fill(user, within(form).getByRole('textbox', { name: 'Reason' }), 'Order never came');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Refund £30.47 to the customer’s card?' })).getByRole('button', { name: 'Refund' }),
    );
    expect(await within(form).findByRole('alert')).toHaveTextContent('Only £1.00 is left to refund on this order');
  });

  it('offers no refund for a held card, cash, or a card refunded whole', async () => {
    const refunded = { ...paid, _id: wireId(), paymentStatus: 'refunded' as const, refundedTotal: 35.96 };
    for (const order of [waitingCard, waitingCash, refunded]) {
      backOffice([order]);
      const { unmount } = openOrder(order);
      await screen.findByRole('region', { name: 'Payment' });
      expect(screen.queryByRole('form', { name: 'Refund' })).not.toBeInTheDocument();
      unmount();
    }
  });
});
