import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import { fakeApi, ok, refuse, type FakeApi, type FakeHandler } from '../../../../test/fake-api';
import { serverEmit } from '../../../../test/fake-socket';
import { fill, renderWithProviders } from '../../../../test/render';
import { fixClockAfterOrderWire, orderItemWire, orderWire, sessionAnswer } from '../../../../test/wire-fixtures';
import { NewOrderPopup } from './new-order-popup';

let admins = 0;

// Every test on a fixed clock: orderWire's orders a minute old unless the test sets SHOP_NOW (fixClock).
beforeEach(() => fixClockAfterOrderWire());
afterEach(() => {
  vi.useRealTimers();
});

/** The shop's clock in these tests: Friday 27 November 2026, 19:00 in London (UTC in November). */
const SHOP_NOW = new Date('2026-11-27T19:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(SHOP_NOW.getTime() - minutes * 60_000).toISOString();

/** Fixes the browser's clock (what 'Waiting 6 min' is counted from); timers still run. */
function fixClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SHOP_NOW);
}

/**
 * The popup as the app mounts it, for a new admin each time (the tab's waiting orders belong to the admin signed
 * in): `pending` is what the pending-orders list answers when the socket connects, `orders` what each order's
 * detail answers (both change as the test's server changes them).
 */
async function openBackOffice(
  pending: OrderWire[],
  orders: OrderWire[],
  routes: Record<string, FakeHandler> = {},
  settings = { lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false },
  /** Mounted around every page, as the app does: it stays while the admin moves to another page. */
  aroundPages = false,
) {
  admins += 1;
  const byId = new Map([...pending, ...orders].map((order) => [order._id, order]));
  const waiting = new Set(pending.map((order) => order._id));
  const api = fakeApi({
    'GET /session': sessionAnswer(`admin${admins}@example.co.uk`, 'owner', 'Admin'),
    'GET /shop-settings': ok(settings),
    'GET /buy-product': (request) =>
      ok(
        request.query.get('page') === '1'
          ? [...waiting].map((id) => byId.get(id)).filter((order) => order?.status === 'Pending Order')
          : [],
      ),
    'GET /buy-product/:id': (_request, { id = '' }) => {
      const order = byId.get(id);
      return order ? ok(order) : refuse('ORDER_NOT_FOUND', 'Order not found');
    },
    'PUT /update-sell-products/:id': ok({ modifiedCount: 1 }),
    ...routes,
  });
  const rendered = aroundPages
    ? renderWithProviders(
        <>
          <NewOrderPopup />
          <Routes>
            <Route path="allorders/:ordersId" element={<h1>Order detail</h1>} />
            <Route path="*" element={null} />
          </Routes>
        </>,
        { at: '/dashboard', route: '/*' },
      )
    : renderWithProviders(<NewOrderPopup />, { at: '/dashboard', routes: { '/allorders/:ordersId': <h1>Order detail</h1> } });
  // The socket has connected and the orders waiting were read.
  await waitFor(() => expect(api.sent('GET /buy-product')).not.toHaveLength(0));
  /** Another admin answers an order: the server has it in its new status. */
  const answerElsewhere = (order: OrderWire, status: OrderWire['status']) => {
    byId.set(order._id, { ...order, status });
    waiting.delete(order._id);
  };
  return { api, byId, answerElsewhere, ...rendered };
}

/** The server announces an order to the admins' room. */
function announce(order: OrderWire) {
  serverEmit('order_received', { order_id: order._id });
}

function statusSent(api: FakeApi): Array<{ id: string; body: unknown }> {
  return api.sent('PUT /update-sell-products/:id').map((request) => ({ id: request.path.split('/').pop() ?? '', body: request.body }));
}

const sound = () => screen.getByTestId('new-order-sound');
const plays = () => Number(sound().dataset.playCount);
const popupName = 'New order has been placed';

const cashOrder = orderWire({
  _id: '65f00000000000000a1b2c3d',
  paymentType: 'Cash',
  time: '18:42',
  items: [
    orderItemWire({ title: 'Margherita', quantity: 2, price: 12.99, sizeLabel: 'Large 13"', topping: 'Olives, Ham' }),
    orderItemWire({ title: 'BBQ Wings', quantity: 1, price: 9.99, category: 'Wings' }),
  ],
});
const cardOrder = orderWire({
  _id: '65f00000000000000e5f6a7b',
  paymentType: 'Card',
  paymentStatus: 'authorised',
  time: '18:45',
  items: [orderItemWire({ title: 'Pepperoni', quantity: 1, price: 11.99 })],
});

describe('the new-order popup', () => {
  it('shows a new order: its number, time, Cash On Delivery, total, products with their choices, DELIVERY to where, the customer, and rings', async () => {
    await openBackOffice([], [cashOrder]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sound().dataset.ring).toBe('off');

    announce(cashOrder);
    const popup = await screen.findByRole('dialog', { name: popupName });
    expect(within(popup).getByText('Order 1b2c3d · 18:42 · Cash On Delivery · £35.97')).toBeVisible();
    const products = within(popup).getByRole('list', { name: 'Products' });
    expect(
      within(products)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Margherita(2)Large 13"Toppings: Olives, HamAllergens: none of the 14', 'BBQ Wings(1)Allergens: none of the 14']);
    expect(within(popup).getByTestId('popup-delivery')).toHaveTextContent('DELIVERY12 High Street, Leeds LS1 4AP');
    expect(within(popup).getByTestId('popup-customer')).toHaveTextContent('Ada Lovelace · 07700 900123');
    expect(within(popup).getByRole('link', { name: '07700 900123' })).toHaveAttribute('href', 'tel:07700900123');
    expect(within(popup).getByRole('button', { name: 'Reject' })).toBeVisible();
    expect(within(popup).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await waitFor(() => expect(plays()).toBeGreaterThan(0));
  });

  it.each([
    ['phone', 'unpaid', 'PHONE', 'Cash On Delivery'],
    ['counter', 'paid', 'COUNTER', 'Paid in cash'],
    ['guest', 'unpaid', 'GUEST', 'Cash On Delivery'],
  ] as const)('marks a %s order (%s) with its badge', async (channel, paymentStatus, badge, payment) => {
    const order = { ...cashOrder, channel, paymentStatus, takenBy: channel === 'guest' ? null : 'Cas Counter' };
    await openBackOffice([], [order]);
    announce(order);
    const popup = await screen.findByRole('dialog', { name: popupName });
    expect(within(popup).getByTestId('channel-badge')).toHaveTextContent(badge);
    expect(within(popup).getByText(`Order 1b2c3d · 18:42 · ${payment} · £35.97`)).toBeVisible();
  });

  it('marks a web order with no badge', async () => {
    await openBackOffice([], [cashOrder]);
    announce(cashOrder);
    const popup = await screen.findByRole('dialog', { name: popupName });
    expect(within(popup).queryByTestId('channel-badge')).toBeNull();
  });

  it('shows first the order due first, and accepts an order placed ahead for its slot, never minutes from now', async () => {
    fixClock();
    const ahead = orderWire({
      _id: '65f00000000000000c0ffee1',
      paymentType: 'Cash',
      placedAt: minutesAgo(30),
      createdAt: minutesAgo(30),
      scheduledFor: '2026-11-27T21:00:00.000Z',
      items: [orderItemWire({ title: 'Hawaiian', quantity: 1, price: 10.99 })],
    });
    const asap = { ...cashOrder, placedAt: minutesAgo(2), createdAt: minutesAgo(2) };
    const { api, user } = await openBackOffice([ahead, asap], []);
    let popup = await screen.findByRole('dialog', { name: popupName });
    // Placed later, but due sooner: the order for as soon as possible first.
    expect(within(popup).getByText(/Order 1b2c3d/)).toBeVisible();
    await user.click(within(popup).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject order 1b2c3d?' });
    await user.click(within(reject).getByRole('radio', { name: 'We are too busy right now' }));
    await user.click(within(reject).getByRole('button', { name: 'Reject order' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject order 1b2c3d?' })).not.toBeInTheDocument());

    popup = await screen.findByRole('dialog', { name: popupName });
    await waitFor(() => expect(within(popup).getByText(/Order 0ffee1/)).toBeVisible());
    await user.click(within(popup).getByRole('button', { name: 'Approve' }));
    const ask = await screen.findByRole('dialog', { name: /^Accept order/ });
    expect(within(ask).getByTestId('accept-slot')).toHaveTextContent('For Fri 21:00');
    expect(within(ask).queryByText(/min/)).not.toBeInTheDocument();
    expect(within(ask).queryByRole('button', { name: /expected at/ })).not.toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Accept · for 21:00' }));
    await waitFor(() => expect(statusSent(api).at(-1)).toEqual({ id: ahead._id, body: { status: 'Approved Order' } }));
  });

  it('rings for the orders already waiting when the back office opens: nothing waits unseen', async () => {
    const { api } = await openBackOffice([cardOrder, cashOrder], []);
    expect(api.sent('GET /buy-product')[0]?.query.get('status')).toBe('Pending Order');
    const popup = await screen.findByRole('dialog', { name: popupName });
    expect(within(popup).getByTestId('new-order-position')).toHaveTextContent('1 of 2');
    await waitFor(() => expect(plays()).toBeGreaterThan(0));
  });

  it('Approve asks when it arrives, offers 45 minutes first, and sends it', async () => {
    fixClock();
    const { api, user } = await openBackOffice([], [cashOrder, cardOrder]);
    announce(cashOrder);
    announce(cardOrder);
    const popup = await screen.findByRole('dialog', { name: popupName });
    await waitFor(() => expect(within(popup).getByTestId('new-order-position')).toHaveTextContent('1 of 2'));

    await user.click(within(popup).getByRole('button', { name: 'Approve' }));
    const ask = await screen.findByRole('dialog', { name: 'Accept order 1b2c3d' });
    expect(within(ask).getByText('When will it arrive?')).toBeVisible();
    expect(
      within(ask)
        .getAllByRole('button', { pressed: false })
        .map((choice) => choice.getAttribute('aria-label')),
    ).toEqual(['20 min', '30 min', '60 min', '90 min']);
    expect(within(ask).getByRole('button', { name: '45 min', pressed: true })).toBeVisible();
    expect(statusSent(api)).toEqual([]);

    await user.click(within(ask).getByRole('button', { name: 'Accept · expected at 19:45' }));
    expect(await screen.findByText('Order approved')).toBeVisible();
    expect(statusSent(api)).toEqual([{ id: cashOrder._id, body: { status: 'Approved Order', readyInMinutes: 45 } }]);

    // The next order waiting is shown, and the question is gone.
    expect(await within(popup).findByText('Order 5f6a7b · 18:45 · Card · £11.99')).toBeVisible();
    expect(screen.queryByTestId('new-order-position')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Accept order 1b2c3d' })).not.toBeInTheDocument());
  });

  it('Approve sends the time chosen with one tap, and says a held card is taken', async () => {
    fixClock();
    const { api, user } = await openBackOffice([], [cardOrder]);
    announce(cardOrder);
    const popup = await screen.findByRole('dialog', { name: popupName });
    await user.click(within(popup).getByRole('button', { name: 'Approve' }));
    const ask = await screen.findByRole('dialog', { name: 'Accept order 5f6a7b' });
    expect(within(ask).getByText('The £11.99 held on the customer’s card is taken when you accept.')).toBeVisible();

    await user.click(within(ask).getByRole('button', { name: '30 min' }));
    expect(within(ask).getByRole('button', { name: '30 min', pressed: true })).toBeVisible();
    await user.click(within(ask).getByRole('button', { name: 'Accept · expected at 19:30' }));
    await waitFor(() => expect(statusSent(api)).toEqual([{ id: cardOrder._id, body: { status: 'Approved Order', readyInMinutes: 30 } }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: popupName })).not.toBeInTheDocument());
    expect(sound().dataset.ring).toBe('off');
  });

  it('a card that cannot be charged: says so where Approve was pressed, and the order still waits and rings', async () => {
    const { api, user, byId } = await openBackOffice([], [cardOrder], {
      'PUT /update-sell-products/:id': () => refuse('CAPTURE_FAILED', 'The card was declined: expired card'),
    });
    announce(cardOrder);
    const popup = await screen.findByRole('dialog', { name: popupName });
    await user.click(within(popup).getByRole('button', { name: 'Approve' }));
    const ask = await screen.findByRole('dialog', { name: 'Accept order 5f6a7b' });
    await user.click(within(ask).getByRole('button', { name: /^Accept · expected at/ }));

    const alert = await within(ask).findByRole('alert');
    expect(alert).toHaveTextContent('The card could not be charged: the order is not accepted and still waits');
    expect(alert).toHaveTextContent('The card was declined: expired card');
    expect(statusSent(api)).toHaveLength(1);
    expect(byId.get(cardOrder._id)?.status).toBe('Pending Order');

    // Back in the popup: the order is still there, with the reason, and the chime rings on.
    await user.click(within(ask).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Accept order 5f6a7b' })).not.toBeInTheDocument());
    const still = screen.getByRole('dialog', { name: popupName });
    expect(within(still).getByText('The card was declined: expired card.')).toBeVisible();
    expect(sound().dataset.ring).toBe('normal');
  });

  it('Reject asks why: a reason offered is sent with one tap', async () => {
    const { api, user } = await openBackOffice([], [cardOrder]);
    announce(cardOrder);
    const popup = await screen.findByRole('dialog', { name: popupName });

    await user.click(within(popup).getByRole('button', { name: 'Reject' }));
    let ask = await screen.findByRole('dialog', { name: 'Reject order 5f6a7b?' });
    expect(within(ask).getByText(/The £11.99 held on the customer’s card is released: nothing is charged\./)).toBeVisible();
    expect(within(ask).getByRole('button', { name: 'Reject order' })).toBeDisabled();
    await user.click(within(ask).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject order 5f6a7b?' })).not.toBeInTheDocument());
    expect(statusSent(api)).toEqual([]);

    await user.click(within(popup).getByRole('button', { name: 'Reject' }));
    ask = await screen.findByRole('dialog', { name: 'Reject order 5f6a7b?' });
    const why = within(ask).getByRole('radiogroup', { name: 'Why?' });
    expect(
      within(why)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual([
      'We are too busy right now',
      'An item has run out',
      'Your address is outside our delivery area',
      'We are closing early',
      'other',
    ]);
    await user.click(within(why).getByRole('radio', { name: 'An item has run out' }));
    await user.click(within(ask).getByRole('button', { name: 'Reject order' }));

    expect(await screen.findByText('Order canceled')).toBeVisible();
    expect(statusSent(api)).toEqual([{ id: cardOrder._id, body: { status: 'Canceled Order', reason: 'An item has run out' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Reject sends a reason the admin types', async () => {
    const { api, user } = await openBackOffice([], [cashOrder]);
    announce(cashOrder);
    const popup = await screen.findByRole('dialog', { name: popupName });
    await user.click(within(popup).getByRole('button', { name: 'Reject' }));
    const ask = await screen.findByRole('dialog', { name: 'Reject order 1b2c3d?' });
    await user.click(within(ask).getByRole('radio', { name: 'Another reason' }));
    const reason = within(ask).getByRole('textbox', { name: 'Reason' });
    expect(within(ask).getByRole('button', { name: 'Reject order' })).toBeDisabled();
    await fill(user, reason, '  The oven broke  ');
    await user.click(within(ask).getByRole('button', { name: 'Reject order' }));
    await waitFor(() =>
      expect(statusSent(api)).toEqual([{ id: cashOrder._id, body: { status: 'Canceled Order', reason: 'The oven broke' } }]),
    );
  });

  it('keeps the order and says why when the server refuses the change', async () => {
    const canceled: OrderWire = { ...cashOrder, status: 'Canceled Order' };
    const { byId, user } = await openBackOffice([], [cashOrder], {
      'PUT /update-sell-products/:id': () => {
        byId.set(cashOrder._id, canceled);
        return refuse('INVALID_STATUS_CHANGE', 'A canceled order cannot be approved');
      },
    });
    announce(cashOrder);
    const popup = await screen.findByRole('dialog', { name: popupName });
    await user.click(within(popup).getByRole('button', { name: 'Approve' }));
    const ask = await screen.findByRole('dialog', { name: 'Accept order 1b2c3d' });
    await user.click(within(ask).getByRole('button', { name: /^Accept · expected at/ }));

    expect(await within(ask).findByRole('alert')).toHaveTextContent('A canceled order cannot be approved');
    expect(await screen.findByText('Could not update the order. A canceled order cannot be approved.')).toBeVisible();
  });

  it('shows how long each order has waited, and marks one waiting past the shop’s setting Late, ringing louder', async () => {
    fixClock();
    const fresh = { ...cashOrder, placedAt: minutesAgo(3) };
    const old = { ...cardOrder, placedAt: minutesAgo(6) };
    await openBackOffice([fresh], [old]);

    const popup = await screen.findByRole('dialog', { name: popupName });
    expect(within(popup).getByTestId('waiting-time')).toHaveTextContent(/^Waiting 3 min$/);
    expect(within(popup).queryByText('Late')).not.toBeInTheDocument();
    await waitFor(() => expect(sound().dataset.ring).toBe('normal'));
    expect((sound() as HTMLAudioElement).volume).toBeLessThan(1);

    // An order that has waited 6 minutes (the shop marks late after 5) comes in: it is shown first, Late.
    announce(old);
    await waitFor(() => expect(within(popup).getByTestId('waiting-time')).toHaveTextContent('LateWaiting 6 min'));
    expect(within(popup).getByText('Late')).toBeVisible();
    expect(within(popup).getByTestId('new-order-position')).toHaveTextContent('1 of 2');
    await waitFor(() => expect(sound().dataset.ring).toBe('late'));
    expect((sound() as HTMLAudioElement).volume).toBe(1);
  });

  it('the shop’s own late setting counts: 10 minutes, and 6 minutes is not late', async () => {
    fixClock();
    await openBackOffice(
      [{ ...cardOrder, placedAt: minutesAgo(6) }],
      [],
      {},
      { lateAfterMinutes: 10, autoRejectAfterMinutes: 0, autoAccept: false },
    );
    const popup = await screen.findByRole('dialog', { name: popupName });
    await waitFor(() => expect(within(popup).getByTestId('waiting-time')).toHaveTextContent(/^Waiting 6 min$/));
    expect(sound().dataset.ring).toBe('normal');
  });

  it('rings on until each order is answered, and stops when another admin answers (order_changed)', async () => {
    const { answerElsewhere } = await openBackOffice([cashOrder, cardOrder], []);
    const popup = await screen.findByRole('dialog', { name: popupName });
    await waitFor(() => expect(plays()).toBeGreaterThan(0));
    expect(within(popup).getByText(/^Order 1b2c3d/)).toBeVisible();

    // Another admin accepts the first: this popup moves on to the other, still ringing.
    answerElsewhere(cashOrder, 'Approved Order');
    serverEmit('order_changed', { order_id: cashOrder._id, status: 'Approved Order' });
    expect(await within(popup).findByText(/^Order 5f6a7b/)).toBeVisible();
    expect(within(popup).queryByTestId('new-order-position')).not.toBeInTheDocument();
    expect(sound().dataset.ring).toBe('normal');

    // Another admin rejects the last one (an event without its status: the order is read again): silence.
    answerElsewhere(cardOrder, 'Canceled Order');
    serverEmit('order_changed', { order_id: cardOrder._id });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: popupName })).not.toBeInTheDocument());
    expect(sound().dataset.ring).toBe('off');
    const stoppedAt = plays();
    // A late event for it (its answer already known) does not bring it back.
    serverEmit('order_received', { order_id: cardOrder._id });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(plays()).toBe(stoppedAt);
    expect(screen.queryByRole('dialog', { name: popupName })).not.toBeInTheDocument();
  });

  it('Details opens the order’s page, which the popup leaves uncovered, and the chime rings on until it is answered', async () => {
    const { user } = await openBackOffice([], [cashOrder], {}, undefined, true);
    announce(cashOrder);
    const popup = await screen.findByRole('dialog', { name: popupName });
    await user.click(within(popup).getByRole('link', { name: 'Details' }));
    expect(await screen.findByRole('heading', { name: 'Order detail' })).toBeVisible();
    expect(window.location.pathname).toBe(`/allorders/${cashOrder._id}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sound().dataset.ring).toBe('normal');
    // Its page asks Accept and Reject itself: no corner box for it.
    expect(screen.queryByRole('region', { name: 'Orders waiting' })).not.toBeInTheDocument();
  });

  it('Later puts the popup aside without silencing it; Show brings it back, and so does a new order', async () => {
    const { user } = await openBackOffice([cashOrder], [cardOrder]);
    const popup = await screen.findByRole('dialog', { name: popupName });
    await user.click(within(popup).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: popupName })).not.toBeInTheDocument());
    const corner = screen.getByRole('region', { name: 'Orders waiting' });
    expect(corner).toHaveTextContent('1 order waits for an answer');
    expect(sound().dataset.ring).toBe('normal');

    await user.click(within(corner).getByRole('button', { name: 'Show' }));
    expect(within(await screen.findByRole('dialog', { name: popupName })).getByText(/^Order 1b2c3d/)).toBeVisible();
    await user.click(within(screen.getByRole('dialog', { name: popupName })).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: popupName })).not.toBeInTheDocument());

    // A new order comes in: the popup shows it by itself, 2 of 2 behind the one put off.
    announce(cardOrder);
    const again = await screen.findByRole('dialog', { name: popupName });
    expect(within(again).getByText(/^Order 5f6a7b/)).toBeVisible();
    expect(within(again).getByTestId('new-order-position')).toHaveTextContent('2 of 2');
  });

  it('an order the shop accepted on arrival rings once and says so, and does not wait', async () => {
    const auto = { ...cashOrder, status: 'Approved Order' as const, expectedTime: '19:45', expectedAt: '2026-11-27T19:45:00.000Z' };
    await openBackOffice([], [auto]);
    announce(auto);
    expect(await screen.findByText('New order 1b2c3d was accepted automatically: expected at 19:45')).toBeVisible();
    await waitFor(() => expect(plays()).toBe(1));
    expect(sound().dataset.ring).toBe('off');
    expect(screen.queryByRole('dialog', { name: popupName })).not.toBeInTheDocument();
  });
});
