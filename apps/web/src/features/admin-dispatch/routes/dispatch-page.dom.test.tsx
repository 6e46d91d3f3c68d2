import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DispatchAnswer } from '@shop/shared/contract/dispatch';
import { assignBodySchema } from '@shop/shared/contract/dispatch';
import { fakeApi, ok, refuse } from '../../../../test/fake-api';
import { serverEmit } from '../../../../test/fake-socket';
import { ANN, BOB, dispatchAnswer, runOf, stopOf, waitingOrder } from '../../../../test/dispatch-fixtures';
import { renderWithProviders } from '../../../../test/render';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { closeRealtime } from '../../../lib/realtime';
import { DispatchPage } from './dispatch-page';

// Decision 1703: the back office's Dispatch screen against a stand-in of the dispatch routes that keeps its own runs,
// so what the screen shows after an action is what the server would answer (the rules themselves are the server's,
// tested in apps/server/test).

/** Sunday 29 November 2026, 18:30 in London. */
const NOW = new Date('2026-11-29T18:30:00.000Z');

afterEach(() => {
  closeRealtime();
  vi.useRealTimers();
});

const A = '65f0000000000000000a1a2b';
const B = '65f0000000000000000b3c4d';
const C = '65f0000000000000000c5e6f';
const D = '65f0000000000000000d7a8b';

function openDispatch(start: DispatchAnswer) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  const state = structuredClone(start);
  const names: Record<string, string> = Object.fromEntries(state.drivers.map((driver) => [driver.id, driver.name]));
  const takeOff = (orderId: string) => {
    for (const run of state.runs) run.stops = run.stops.filter((stop) => stop.orderId !== orderId);
    state.runs = state.runs.filter((run) => run.stops.length > 0);
  };
  const api = fakeApi({
    'GET /session': sessionAnswer('counter@example.com', 'counter', 'Sam'),
    'GET /dispatch': () => ok(state),
    'POST /orders/:id/assign': (request, { id = '' }) => {
      const { driverId } = assignBodySchema.parse(request.body);
      const waiting = state.unassigned.find((order) => order.orderId === id);
      const onRun = state.runs.flatMap((run) => run.stops).find((stop) => stop.orderId === id);
      const order = waiting ?? onRun;
      if (!order) return refuse('ORDER_NOT_FOUND', 'No such order');
      if (onRun?.pickedUpAt) return refuse('CONFLICT', `Order ${onRun.orderNumber} is on the road: it cannot move`);
      state.unassigned = state.unassigned.filter((each) => each.orderId !== id);
      takeOff(id);
      let run = state.runs.find((each) => each.driverId === driverId && each.startedAt === null);
      if (!run) {
        run = runOf(`run-${state.runs.length + 1}`, driverId, names[driverId] ?? '?', []);
        state.runs.push(run);
      }
      run.stops.push(stopOf(order, run.stops.length + 1));
      return ok({ run });
    },
    'DELETE /orders/:id/assign': (_request, { id = '' }) => {
      const stop = state.runs.flatMap((run) => run.stops).find((each) => each.orderId === id);
      if (!stop) return refuse('ORDER_NOT_FOUND', 'No such order');
      takeOff(id);
      const { position: _p, pickedUpAt: _u, deliveredAt: _d, cashCollected: _c, ...order } = stop;
      state.unassigned.push(order);
      return ok({});
    },
    'POST /orders/:id/ready': (_request, { id = '' }) => {
      const order = state.unassigned.find((each) => each.orderId === id);
      if (order) order.readyAt = NOW.toISOString();
      return ok({});
    },
  });
  return { api, state, ...renderWithProviders(<DispatchPage />, { at: paths.dispatch }) };
}

const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
const card = (name: string) => screen.getByRole('article', { name });
const stopsOf = (list: string) =>
  within(screen.getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

const WAITING = dispatchAnswer({
  unassigned: [
    waitingOrder(A, { readyAt: '2026-11-29T18:18:00.000Z' }),
    waitingOrder(B, {
      paid: true,
      cashDue: 0,
      postcode: 'BS1 5TT',
      addressLines: ['2 Quay Road', 'Flat 3'],
      dueAt: '2026-11-29T18:45:00.000Z',
    }),
    waitingOrder(C, { postcode: 'BS8 1AA' }),
  ],
  drivers: [
    { id: ANN, name: 'Ann', lastSeenAt: '2026-11-29T18:27:00.000Z' },
    { id: BOB, name: 'Bob', lastSeenAt: null },
  ],
  suggestions: [{ orderIds: [A, B], reason: 'BS1, due 18:40 to 18:45' }],
});

describe('the Dispatch screen', () => {
  it('lists the deliveries waiting, the runs suggested and the drivers with their runs', async () => {
    const start = structuredClone(WAITING);
    const d = waitingOrder(D, { postcode: 'BS2 0XX' });
    start.runs = [
      runOf(
        'run-1',
        BOB,
        'Bob',
        [
          stopOf(d, 1, {
            pickedUpAt: '2026-11-29T18:10:00.000Z',
            deliveredAt: '2026-11-29T18:22:00.000Z',
            cashCollected: 23.5,
            photoImageId: '65f0000000000000000000f1',
          }),
        ],
        {
          startedAt: '2026-11-29T18:10:00.000Z',
        },
      ),
    ];
    openDispatch(start);

    const a = await screen.findByRole('article', { name: 'Order 0a1a2b' });
    expect(a).toHaveTextContent('Ready 18:18');
    expect(a).toHaveTextContent('CASH £23.50');
    expect(a).toHaveTextContent('Due 18:40');
    expect(a).toHaveTextContent('14 Harbour Street BS1 4RN');
    const b = card('Order 0b3c4d');
    expect(b).toHaveTextContent('Being made');
    expect(b).toHaveTextContent('PAID');
    expect(b).toHaveTextContent('2 Quay Road, Flat 3 BS1 5TT');
    expect(within(section('Waiting for a driver')).getAllByRole('article')).toHaveLength(3);

    const suggestion = card('Suggested run 1');
    expect(suggestion).toHaveTextContent('BS1, due 18:40 to 18:45');
    expect(
      within(suggestion)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['0a1a2b BS1 4RN · Due 18:40 · CASH £23.50', '0b3c4d BS1 5TT · Due 18:45 · PAID']);

    expect(card('Driver Ann')).toHaveTextContent('Seen 3 min ago');
    expect(card('Driver Ann')).toHaveTextContent('No runs today.');
    expect(card('Driver Bob')).toHaveTextContent('Not seen today');
    expect(stopsOf('Bob: On the road since 18:10')).toEqual(['Stop 1: order 0d7a8b']);
    expect(card('Driver Bob')).toHaveTextContent('Delivered 18:22');
    // The driver's photo at the door, through the order (never by the image's id).
    expect(within(card('Driver Bob')).getByRole('link', { name: 'Photo of the delivery' })).toHaveAttribute(
      'href',
      `/api/orders/${D}/photo`,
    );
  });

  it('gives a suggested run to the driver chosen, in its order, with one tap', async () => {
    const { api, user } = openDispatch(WAITING);
    const suggestion = await screen.findByRole('article', { name: 'Suggested run 1' });
    const assign = within(suggestion).getByRole('button', { name: 'Assign run' });
    expect(assign).toBeDisabled();
    await user.selectOptions(within(suggestion).getByRole('combobox', { name: 'Driver for suggested run 1' }), 'Ann');
    await user.click(assign);

    await waitFor(() => expect(stopsOf('Ann: Waiting at the shop')).toEqual(['Stop 1: order 0a1a2b', 'Stop 2: order 0b3c4d']));
    expect(api.sent('POST /orders/:id/assign').map((request) => [request.path, request.body])).toEqual([
      [`/orders/${A}/assign`, { driverId: ANN }],
      [`/orders/${B}/assign`, { driverId: ANN }],
    ]);
    expect(
      within(section('Waiting for a driver'))
        .getAllByRole('article')
        .map((each) => each.getAttribute('aria-label')),
    ).toEqual(['Order 0c5e6f']);
    expect(screen.queryByRole('article', { name: 'Suggested run 1' })).not.toBeInTheDocument();
  });

  it('assigns one delivery, moves it to another driver and takes it off again', async () => {
    const { api, user } = openDispatch(WAITING);
    const c = await screen.findByRole('article', { name: 'Order 0c5e6f' });
    await user.selectOptions(within(c).getByRole('combobox', { name: 'Driver for 0c5e6f' }), 'Bob');
    await user.click(within(c).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(stopsOf('Bob: Waiting at the shop')).toEqual(['Stop 1: order 0c5e6f']));

    const stop = screen.getByRole('listitem', { name: 'Stop 1: order 0c5e6f' });
    expect(within(stop).getByText('At the shop')).toBeVisible();
    // Moving offers the other drivers only.
    const moveTo = within(stop).getByRole('combobox', { name: 'Move 0c5e6f to' });
    expect(
      within(moveTo)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a driver', 'Ann']);
    await user.selectOptions(moveTo, 'Ann');
    await user.click(within(stop).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(stopsOf('Ann: Waiting at the shop')).toEqual(['Stop 1: order 0c5e6f']));
    expect(card('Driver Bob')).toHaveTextContent('No runs today.');
    expect(api.sent('POST /orders/:id/assign').at(-1)?.body).toEqual({ driverId: ANN });

    await user.click(screen.getByRole('button', { name: 'Take 0c5e6f off the run' }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Order 0c5e6f' })).toBeVisible());
    expect(api.sent('DELETE /orders/:id/assign').map((request) => request.path)).toEqual([`/orders/${C}/assign`]);
    expect(card('Driver Ann')).toHaveTextContent('No runs today.');
  });

  it('shows the server’s refusal in its words, and what the server has now', async () => {
    const start = structuredClone(WAITING);
    start.runs = [runOf('run-1', BOB, 'Bob', [stopOf(waitingOrder(D), 1)])];
    const { user, state } = openDispatch(start);
    const stop = await screen.findByRole('listitem', { name: 'Stop 1: order 0d7a8b' });
    // Bob picks it up while the screen still shows it at the shop.
    const onRun = state.runs[0]?.stops[0];
    if (onRun) onRun.pickedUpAt = '2026-11-29T18:20:00.000Z';
    await user.selectOptions(within(stop).getByRole('combobox', { name: 'Move 0d7a8b to' }), 'Ann');
    await user.click(within(stop).getByRole('button', { name: 'Move' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Order 0d7a8b is on the road: it cannot move');
    // Refetched: picked up, it is in Bob's hands, so neither Move nor Take off is offered.
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Stop 1: order 0d7a8b' })).toHaveTextContent('Picked up 18:20'));
    const pickedUp = screen.getByRole('listitem', { name: 'Stop 1: order 0d7a8b' });
    expect(within(pickedUp).queryByRole('combobox', { name: 'Move 0d7a8b to' })).toBeNull();
    expect(within(pickedUp).queryByRole('button', { name: 'Take 0d7a8b off the run' })).toBeNull();
  });

  it('lets the counter say a delivery being made is ready', async () => {
    const { api, user } = openDispatch(WAITING);
    const b = await screen.findByRole('article', { name: 'Order 0b3c4d' });
    // Already ready: no button.
    expect(within(card('Order 0a1a2b')).queryByRole('button', { name: 'Ready' })).not.toBeInTheDocument();
    await user.click(within(b).getByRole('button', { name: 'Ready' }));
    await waitFor(() => expect(card('Order 0b3c4d')).toHaveTextContent('Ready 18:30'));
    expect(api.sent('POST /orders/:id/ready').map((request) => request.path)).toEqual([`/orders/${B}/ready`]);
  });

  it('asks again when the board hears of an order', async () => {
    const { state } = openDispatch(WAITING);
    await screen.findByRole('article', { name: 'Order 0a1a2b' });
    state.unassigned.push(waitingOrder(D));
    serverEmit('order_changed', { order_id: D, status: 'Approved Order' });
    expect(await screen.findByRole('article', { name: 'Order 0d7a8b' })).toBeVisible();
  });
});
