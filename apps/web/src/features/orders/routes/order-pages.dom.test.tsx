import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import { ORDER_UPDATED } from '@shop/shared/contract/realtime';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { fakeApi, ok } from '../../../../test/fake-api';
import { openSockets, serverEmit } from '../../../../test/fake-socket';
import { browserWithPush, PUSH_ENDPOINT, PUSH_KEYS } from '../../../../test/push-browser';
import { renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire, sessionAnswer } from '../../../../test/wire-fixtures';
import { closeRealtime } from '../../../lib/realtime';
import { orderPath, paths } from '../../../lib/paths';
import { OrderDetailPage } from './order-detail-page';
import { OrderHistoryPage } from './order-history-page';

afterEach(() => closeRealtime());

const EMAIL = 'ada@example.co.uk';
const items = [orderItemWire({ title: 'Margherita', quantity: 2, price: 7.49 })];
const deliveredCash = orderWire({ items, email: EMAIL, paymentType: 'Cash', paymentStatus: 'unpaid', status: 'Delivered Order' });
const pendingCash = orderWire({ items, email: EMAIL, paymentType: 'Cash', paymentStatus: 'unpaid', status: 'Pending Order' });
const paidCard = orderWire({ items, email: EMAIL, paymentType: 'Card', paymentStatus: 'paid', status: 'On the way' });

/** The shop's answers read `orders` when asked, so a test changes an order by replacing it there (see `change`). */
function shopWith(orders: OrderWire[]) {
  return fakeApi({
    'GET /session': sessionAnswer(EMAIL),
    'GET /my-product-history/:email': () => ok(orders),
    'GET /buy-product/:id': (_request, { id }) => ok(orders.find((order) => order._id === id)),
  });
}

/** The shop changes an order (the admin re-times, cancels, refunds) and tells the customer's socket. */
function change(orders: OrderWire[], id: string, fields: Partial<OrderWire>) {
  const index = orders.findIndex((order) => order._id === id);
  orders[index] = { ...orders[index]!, ...fields };
  serverEmit(ORDER_UPDATED, { order_id: id });
}

/** The page's socket has connected and listens for `order_updated` (fake-socket keeps its listeners by event). */
async function listening() {
  await waitFor(() => {
    const ready = [...openSockets].some(
      (socket) =>
        socket.connected && ((socket as unknown as { listeners: Map<string, Set<unknown>> }).listeners.get(ORDER_UPDATED)?.size ?? 0) > 0,
    );
    expect(ready, 'the socket is connected and listens for order_updated').toBe(true);
  });
}

/** A card order of two Margheritas (£14.98) the shop accepted for 19:45: its money taken. */
function acceptedCard(): OrderWire {
  return orderWire({
    items,
    email: EMAIL,
    paymentType: 'Card',
    paymentStatus: 'paid',
    status: 'Approved Order',
    expectedAt: '2026-11-25T19:45:00.000Z',
    expectedTime: '19:45',
  });
}

describe("the customer's order page says where the payment stands", () => {
  it.each([
    { label: 'a delivered cash order', order: deliveredCash, type: 'Cash On Delivery', line: 'Paid in cash' },
    { label: 'a cash order not yet delivered', order: pendingCash, type: 'Cash On Delivery', line: 'To be paid on delivery' },
    { label: 'a paid card order', order: paidCard, type: 'Card', line: 'Paid by card' },
  ])('$label: $type, $line', async ({ order, type, line }) => {
    shopWith([order]);
    renderWithProviders(<OrderDetailPage />, { at: orderPath(order._id), route: paths.order });
    const payment = await screen.findByRole('table', { name: 'Payment' });
    expect(within(payment).getByRole('row', { name: /^Payment type/ })).toHaveTextContent(type);
    expect(within(payment).getByRole('row', { name: /^Payment\b(?! type)/ })).toHaveTextContent(line);
  });
});

describe("the customer's order page says when the food comes, or why not, and where the money is, live", () => {
  it('an accepted order is expected at its time; a re-time, a cancel with its reason and the refund show without a reload', async () => {
    const order = acceptedCard();
    const orders = [order];
    shopWith(orders);
    renderWithProviders(<OrderDetailPage />, { at: orderPath(order._id), route: paths.order });
    const promise = await screen.findByRole('status', { name: 'Order promise' });
    expect(promise).toHaveTextContent('Expected at 19:45');
    const payment = screen.getByRole('table', { name: 'Payment' });
    expect(within(payment).getByRole('row', { name: /^Payment\b(?! type)/ })).toHaveTextContent('Paid by card');
    await listening();

    // Running late: the shop moves the time on by 20 minutes.
    change(orders, order._id, { expectedAt: '2026-11-25T20:05:00.000Z', expectedTime: '20:05' });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Order promise' })).toHaveTextContent('Expected at 20:05'));
    expect(screen.getByRole('status', { name: 'Order promise' })).not.toHaveTextContent('19:45');

    // Then it cancels, with a reason, and refunds the card.
    change(orders, order._id, {
      status: 'Canceled Order',
      cancelReason: 'An item has run out',
      paymentStatus: 'refunded',
      refundedTotal: 14.98,
    });
    const refunded = 'Refunded £14.98 to your card: it reaches your account in 5 to 10 working days';
    await waitFor(() => expect(screen.getByRole('status', { name: 'Order promise' })).toHaveTextContent('Canceled: An item has run out'));
    expect(screen.getByRole('status', { name: 'Order promise' })).toHaveTextContent(refunded);
    expect(screen.getByRole('status', { name: 'Order promise' })).not.toHaveTextContent('Expected at');
    expect(within(payment).getByRole('row', { name: /^Payment\b(?! type)/ })).toHaveTextContent(refunded);
    expect(within(payment).getByRole('row', { name: /^Status/ })).toHaveTextContent('Canceled Order');
  });

  it('a delivery on its run shows its stages with their times and the stops before it, and moves on live', async () => {
    const order = orderWire({
      items,
      email: EMAIL,
      paymentType: 'Cash',
      paymentStatus: 'unpaid',
      status: 'On the way',
      delivery: {
        acceptedAt: '2026-11-25T18:45:00.000Z',
        readyAt: '2026-11-25T18:50:00.000Z',
        onTheWayAt: '2026-11-25T19:05:00.000Z',
        deliveredAt: null,
        stopsBefore: 2,
        driverName: 'Dan',
        position: null,
        arrivesAt: '2026-11-25T19:35:00.000Z',
        map: null,
      },
    });
    const orders = [order];
    shopWith(orders);
    renderWithProviders(<OrderDetailPage />, { at: orderPath(order._id), route: paths.order });
    const stages = await screen.findByRole('list', { name: 'Delivery progress' });
    expect(
      within(stages)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Accepted25/11/2026 at 18:45', 'Being made25/11/2026 at 18:50', 'On the way25/11/2026 at 19:05', 'DeliveredStill to come']);
    expect(screen.getByRole('status', { name: 'Your delivery' })).toHaveTextContent('2 stops before yours');
    await listening();

    change(orders, order._id, { delivery: { ...order.delivery!, stopsBefore: 1, arrivesAt: '2026-11-25T19:30:00.000Z' } });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Your delivery' })).toHaveTextContent('1 stop before yours'));
    expect(screen.getByRole('status', { name: 'Your delivery' })).toHaveTextContent('Arriving at about 19:30');
  });

  it('a waiting order promises no time yet; its card money is held', async () => {
    const order = orderWire({ items, email: EMAIL, paymentType: 'Card', paymentStatus: 'authorised', status: 'Pending Order' });
    shopWith([order]);
    renderWithProviders(<OrderDetailPage />, { at: orderPath(order._id), route: paths.order });
    const payment = await screen.findByRole('table', { name: 'Payment' });
    expect(within(payment).getByRole('row', { name: /^Payment\b(?! type)/ })).toHaveTextContent(
      'Card payment held: taken only when the shop accepts',
    );
    expect(screen.queryByRole('status', { name: 'Order promise' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Expected at/)).not.toBeInTheDocument();
  });

  it('a card order rejected before it was accepted says why, and that the card was not charged', async () => {
    const order = orderWire({
      items,
      email: EMAIL,
      paymentType: 'Card',
      paymentStatus: 'released',
      status: 'Canceled Order',
      cancelReason: 'We are too busy right now',
    });
    shopWith([order]);
    renderWithProviders(<OrderDetailPage />, { at: orderPath(order._id), route: paths.order });
    const promise = await screen.findByRole('status', { name: 'Order promise' });
    expect(promise).toHaveTextContent('Canceled: We are too busy right now');
    expect(promise).toHaveTextContent('Not charged: the hold on your card was released');
  });
});

describe('the order history says when each order is expected, or why it was canceled', () => {
  const row = (order: OrderWire) =>
    within(screen.getByRole('table', { name: 'Order history' }))
      .getByRole('link', { name: `Order ${displayOrderId(order._id)}` })
      .closest('tr')!;

  it('each row, and a re-time and a partial refund without a reload', async () => {
    const accepted = acceptedCard();
    const rejected = orderWire({
      items,
      email: EMAIL,
      paymentType: 'Cash',
      paymentStatus: 'unpaid',
      status: 'Canceled Order',
      cancelReason: 'Your address is outside our delivery area',
    });
    const orders = [accepted, rejected, pendingCash];
    shopWith(orders);
    renderWithProviders(<OrderHistoryPage />, { at: paths.myOrders });
    await screen.findByRole('table', { name: 'Order history' });
    expect(row(accepted)).toHaveTextContent('Approved OrderExpected at 19:45');
    expect(row(rejected)).toHaveTextContent('Canceled OrderCanceled: Your address is outside our delivery area');
    expect(row(rejected)).toHaveTextContent('Not paid (order canceled)');
    expect(row(pendingCash)).not.toHaveTextContent(/Expected at|Canceled:/);
    await listening();

    change(orders, accepted._id, {
      expectedAt: '2026-11-25T19:55:00.000Z',
      expectedTime: '19:55',
      paymentStatus: 'partially_refunded',
      refundedTotal: 2.5,
    });
    await waitFor(() => expect(row(accepted)).toHaveTextContent('Expected at 19:55'));
    expect(row(accepted)).toHaveTextContent('Paid by card, £2.50 refunded: it reaches your account in 5 to 10 working days');
  });
});

it('the order history gives each order its payment line', async () => {
  shopWith([deliveredCash, pendingCash, paidCard]);
  renderWithProviders(<OrderHistoryPage />, { at: paths.myOrders });
  const table = await screen.findByRole('table', { name: 'Order history' });
  const row = (order: OrderWire) =>
    within(table)
      .getByRole('link', { name: `Order ${displayOrderId(order._id)}` })
      .closest('tr')!;
  expect(await within(table).findByText('Paid in cash')).toBeVisible();
  expect(row(deliveredCash)).toHaveTextContent('Paid in cash');
  expect(row(deliveredCash)).not.toHaveTextContent('To be paid on delivery');
  expect(row(pendingCash)).toHaveTextContent('To be paid on delivery');
  expect(row(paidCard)).toHaveTextContent('Paid by card');
});

describe("the customer's order page shows the delivery fee on its own line", () => {
  /** The text of each row of the Items table, in order. */
  async function itemRows(order: OrderWire): Promise<string[]> {
    shopWith([order]);
    renderWithProviders(<OrderDetailPage />, { at: orderPath(order._id), route: paths.order });
    const table = await screen.findByRole('table', { name: 'Items' });
    return within(table)
      .getAllByRole('row')
      .map((row) => row.textContent ?? '');
  }
  const pence = (text: string) => Math.round(Number(/£(\d+\.\d\d)$/.exec(text)![1]) * 100);

  it('a delivery with a fee: Subtotal, Delivery £2.50, then Total Price, adding up to the penny', async () => {
    const rows = await itemRows(orderWire({ items, email: EMAIL, subtotal: 14.98, deliveryFee: 2.5, totalPrice: 17.48 }));
    expect(rows.slice(-3)).toEqual(['Subtotal£14.98', 'Delivery£2.50', 'Total Price£17.48']);
    expect(pence(rows.at(-3)!) + pence(rows.at(-2)!)).toBe(pence(rows.at(-1)!));
  });

  it.each([
    { label: 'a free delivery', order: orderWire({ items, email: EMAIL }) },
    { label: 'a collection', order: orderWire({ items, email: EMAIL, fulfilment: 'collection', addressId: null }) },
  ])('$label: no delivery line, the total alone', async ({ order }) => {
    const rows = await itemRows(order);
    expect(rows.at(-1)).toBe('Total Price£14.98');
    expect(rows.some((row) => row.startsWith('Delivery') || row.startsWith('Subtotal'))).toBe(false);
  });
});

describe("the customer's order page lists each line's allergens as they were when ordered (decisions 1000 and 1004)", () => {
  it('recorded allergens by name, none of the 14 as none, and a line not recorded asks the customer to call', async () => {
    const order = orderWire({
      email: EMAIL,
      paymentType: 'Cash',
      paymentStatus: 'unpaid',
      status: 'Approved Order',
      items: [
        orderItemWire({ title: 'Margherita', quantity: 1, price: 7.49, allergens: ['gluten', 'milk'] }),
        orderItemWire({ title: 'Cola', quantity: 1, price: 1.5, allergens: [] }),
        orderItemWire({ title: 'House Special', quantity: 1, price: 9.99, allergens: null }),
      ],
    });
    fakeApi({
      'GET /session': sessionAnswer(EMAIL),
      'GET /buy-product/:id': () => ok(order),
      'GET /shop-trader': () =>
        ok({
          name: 'Harbourside Slice',
          address: ['24 Quayside Lane', 'Bristol BS1 4DJ'],
          phone: '0117 496 0321',
          email: 'hello@example.com',
          vatNumber: null,
        }),
    });
    renderWithProviders(<OrderDetailPage />, { at: orderPath(order._id), route: paths.order });
    const table = await screen.findByRole('table', { name: 'Items' });
    const row = (title: string) => within(table).getByRole('row', { name: new RegExp(`^${title}`) });
    expect(row('Margherita')).toHaveTextContent('Allergens: gluten, milk');
    expect(row('Cola')).toHaveTextContent('Allergens: none');
    await waitFor(() => expect(row('House Special')).toHaveTextContent('Ask us about allergens: call 0117 496 0321'));
    expect(row('House Special')).not.toHaveTextContent('Allergens: none');
  });
});

describe("the customer's order page offers the order's updates", () => {
  const updates = { push: { offered: true, on: true, subscriptions: 0 }, sms: { offered: false, on: true } };

  it('asks for notifications in this browser, as the tracking page does, while the order is live', async () => {
    const { subscribe } = browserWithPush();
    const order = { ...acceptedCard(), trackingUrl: '/track/tok_123' };
    const api = fakeApi({
      'GET /session': sessionAnswer(EMAIL),
      'GET /buy-product/:id': () => ok(order),
      'GET /track/:token/updates': () => ok(updates),
      'GET /push/key': () => ok({ publicKey: PUSH_KEYS.p256dh }),
      'POST /track/:token/push': () => ok({ ...updates, push: { offered: true, on: true, subscriptions: 1 } }),
    });
    const { user } = renderWithProviders(<OrderDetailPage />, { at: orderPath(order._id), route: paths.order });
    await user.click(await screen.findByRole('button', { name: 'Tell me when it’s on its way' }));
    expect(await screen.findByRole('checkbox', { name: /Notifications in this browser/ })).toBeChecked();
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(api.sent('POST /track/:token/push')).toEqual([
      expect.objectContaining({ path: '/track/tok_123/push', body: { endpoint: PUSH_ENDPOINT, keys: PUSH_KEYS } }),
    ]);
  });

  it('offers none once the order is delivered', async () => {
    browserWithPush();
    const order = { ...deliveredCash, trackingUrl: '/track/tok_123' };
    const api = fakeApi({
      'GET /session': sessionAnswer(EMAIL),
      'GET /buy-product/:id': () => ok(order),
      'GET /track/:token/updates': () => ok(updates),
    });
    renderWithProviders(<OrderDetailPage />, { at: orderPath(order._id), route: paths.order });
    await screen.findByRole('table', { name: 'Payment' });
    expect(screen.queryByRole('button', { name: /^Tell me when/ })).toBeNull();
    expect(api.sent('GET /track/:token/updates')).toEqual([]);
  });
});
