import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryRun } from '@shop/shared/contract/dispatch';
import { deliveredBodySchema, driverLocationBodySchema } from '@shop/shared/contract/dispatch';
import { ANN, runOf, stopOf, waitingOrder } from '../../../test/dispatch-fixtures';
import { fakeApi, ok, refuse } from '../../../test/fake-api';
import { fill, renderWithProviders } from '../../../test/render';
import { sessionAnswer } from '../../../test/wire-fixtures';
import { DriverPage } from './driver-page';
import { paths } from '../../lib/paths';
import { closeRealtime } from '../../lib/realtime';
import { DRIVER_MANIFEST } from '../../features/driver/lib/use-driver-manifest';
import { serverEmit } from '../../../test/fake-socket';

// Decision 1703: the driver's phone against a stand-in of the driver's routes that keeps the runs, a stand-in of the
// phone's geolocation (the test moves the driver) and of the Screen Wake Lock API.

/** Sunday 29 November 2026, 18:30 in London. */
const NOW = new Date('2026-11-29T18:30:00.000Z');

const A = '65f0000000000000000a1a2b';
const B = '65f0000000000000000b3c4d';

/** navigator.geolocation as a phone gives it: the test says where the driver is, or that they refused. */
class FakeGeolocation {
  readonly watchers = new Map<number, { success: PositionCallback; error?: PositionErrorCallback | null }>();
  private next = 1;
  watchPosition(success: PositionCallback, error?: PositionErrorCallback | null): number {
    const id = this.next++;
    this.watchers.set(id, { success, error });
    return id;
  }
  clearWatch(id: number): void {
    this.watchers.delete(id);
  }
  getCurrentPosition(): void {}
  moveTo(latitude: number, longitude: number, accuracy = 8): void {
    for (const { success } of this.watchers.values()) {
      success({ coords: { latitude, longitude, accuracy }, timestamp: Date.now() } as GeolocationPosition);
    }
  }
  refuse(): void {
    for (const { error } of this.watchers.values()) {
      error?.({
        code: 1,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
        message: 'User denied Geolocation',
      } as GeolocationPositionError);
    }
  }
}

/** navigator.wakeLock: grants the screen lock (or refuses it) and counts the requests. */
function fakeWakeLock(grant: boolean) {
  const sentinels: Array<{ released: boolean; release: () => Promise<void> }> = [];
  const request = vi.fn(async () => {
    if (!grant) throw new DOMException('Wake Lock permission request denied', 'NotAllowedError');
    const sentinel = {
      released: false,
      type: 'screen',
      release: async () => {
        sentinel.released = true;
      },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
    sentinels.push(sentinel);
    return sentinel;
  });
  return { request, sentinels };
}

let geolocation: FakeGeolocation;
let wakeLock: ReturnType<typeof fakeWakeLock>;

function install(grantWakeLock = true) {
  geolocation = new FakeGeolocation();
  wakeLock = fakeWakeLock(grantWakeLock);
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation });
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request: wakeLock.request } });
}

beforeEach(() => install());

afterEach(() => {
  closeRealtime();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'geolocation');
  Reflect.deleteProperty(navigator, 'wakeLock');
  document.head.querySelectorAll('link[rel="manifest"]').forEach((link) => link.remove());
});

const cashOrder = waitingOrder(A, {
  customerName: 'Grace Hopper',
  addressLines: ['Flat 2', '14 Harbour Street'],
  postcode: 'BS1 4RN',
  note: 'Ring twice',
  allergyNote: 'No peanuts at all',
  cashDue: 23.5,
  dueAt: '2026-11-29T18:40:00.000Z',
});
const cardOrder = waitingOrder(B, {
  customerName: 'Alan Turing',
  phone: null,
  addressLines: ['2 Quay Road'],
  postcode: 'BS1 5TT',
  paid: true,
  cashDue: 0,
  dueAt: '2026-11-29T18:45:00.000Z',
});

/** Ann's run at the shop: the card order second, listed first by the answer. */
function annsRun(): DeliveryRun {
  return runOf('run-1', ANN, 'Ann', [stopOf(cardOrder, 2), stopOf(cashOrder, 1)]);
}

function openDriver(runs: DeliveryRun[], role: 'driver' | 'customer' = 'driver') {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  const state = { runs: structuredClone(runs) };
  const stop = (id: string) =>
    state.runs.flatMap((run) => run.stops.map((each) => ({ run, stop: each }))).find((each) => each.stop.orderId === id);
  const api = fakeApi({
    'GET /session': sessionAnswer('ann@example.com', role, 'Ann'),
    'GET /driver/runs': () => ok({ runs: state.runs }),
    'POST /driver/orders/:id/picked-up': (_request, { id = '' }) => {
      const found = stop(id);
      if (!found) return refuse('ORDER_NOT_FOUND', 'That delivery is not yours');
      found.stop.pickedUpAt = new Date().toISOString();
      found.run.startedAt ??= found.stop.pickedUpAt;
      return ok({});
    },
    'POST /driver/orders/:id/delivered': (request, { id = '' }) => {
      const found = stop(id);
      if (!found) return refuse('ORDER_NOT_FOUND', 'That delivery is not yours');
      const body = deliveredBodySchema.parse(request.body);
      found.stop.deliveredAt = new Date().toISOString();
      found.stop.cashCollected = body.cashCollected ?? null;
      if (found.run.stops.every((each) => each.deliveredAt)) found.run.finishedAt = found.stop.deliveredAt;
      return ok({});
    },
    'POST /driver/orders/:id/photo': (_request, { id = '' }) => {
      const found = stop(id);
      if (!found) return refuse('ORDER_NOT_FOUND', 'That delivery is not yours');
      found.stop.photoImageId = '65f0000000000000000000f1';
      return ok({ photoImageId: found.stop.photoImageId });
    },
    'GET /driver/tips': () =>
      ok({
        worker: { id: ANN, name: 'Ann' },
        from: '2023-11-29',
        to: '2026-11-29',
        tips: [],
        months: [
          {
            month: '2026-10',
            orders: 3,
            received: 7.5,
            paid: 7.5,
            outstanding: 0,
            dueDate: '2026-11-30',
            status: 'paid',
            paidAt: '2026-11-20T10:00:00.000Z',
            method: 'payroll',
            paidLate: false,
          },
          {
            month: '2026-11',
            orders: 1,
            received: 2,
            paid: 0,
            outstanding: 2,
            dueDate: '2026-12-31',
            status: 'open',
            paidAt: null,
            method: null,
            paidLate: false,
          },
        ],
        total: { received: 9.5, paid: 7.5 },
      }),
    'POST /driver/location': (request) => {
      driverLocationBodySchema.parse(request.body);
      return ok({ shown: true });
    },
  });
  return { api, state, ...renderWithProviders(<DriverPage />, { at: paths.driver }) };
}

const stopCard = (position: number, orderNumber: string) =>
  screen.getByRole('listitem', { name: `Stop ${position}: order ${orderNumber}` });

describe('the driver’s phone', () => {
  it('lists today’s stops in order: the address opens the maps, the phone dials, the notes, CASH DUE or PAID', async () => {
    openDriver([annsRun()]);
    const run = await screen.findByRole('region', { name: 'Run 1' });
    expect(within(run).getByRole('heading', { level: 2 })).toHaveTextContent('Run 1 · 2 stops · at the shop');
    expect(
      within(run)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Stop 1: order 0a1a2b', 'Stop 2: order 0b3c4d']);

    const first = stopCard(1, '0a1a2b');
    expect(within(first).getByText('CASH DUE £23.50')).toBeVisible();
    expect(first).toHaveTextContent('Due 18:40');
    const maps = within(first).getByRole('link', { name: /14 Harbour Street/ });
    expect(maps).toHaveTextContent('Flat 214 Harbour StreetBS1 4RNOpen in maps');
    const target = new URL(maps.getAttribute('href') ?? '');
    expect(target.hostname).toBe('www.google.com');
    expect(target.searchParams.get('destination')).toBe('Flat 2, 14 Harbour Street, BS1 4RN');
    expect(within(first).getByRole('link', { name: 'Call 07700 900123' })).toHaveAttribute('href', 'tel:+447700900123');
    expect(first).toHaveTextContent('Note: Ring twice');
    expect(first).toHaveTextContent('Allergy: No peanuts at all');

    const second = stopCard(2, '0b3c4d');
    expect(within(second).getByText('PAID')).toBeVisible();
    expect(within(second).queryByText(/CASH DUE/)).not.toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: /^Call/ })).not.toBeInTheDocument();
    // At the shop nothing is shared and the screen may sleep.
    expect(screen.getByText('Your position is shared only while you are on a run.')).toBeVisible();
    expect(geolocation.watchers.size).toBe(0);
    expect(wakeLock.request).not.toHaveBeenCalled();
  });

  it('picks up, then delivers a cash order with the cash taken and a card order without, showing the times', async () => {
    const { api, user } = openDriver([annsRun()]);
    await screen.findByRole('region', { name: 'Run 1' });
    await user.click(within(stopCard(1, '0a1a2b')).getByRole('button', { name: 'Picked up' }));
    await waitFor(() => expect(stopCard(1, '0a1a2b')).toHaveTextContent('Picked up 18:30'));
    expect(api.sent('POST /driver/orders/:id/picked-up').map((request) => request.path)).toEqual([`/driver/orders/${A}/picked-up`]);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('on the road since 18:30');

    vi.setSystemTime(new Date('2026-11-29T18:41:00.000Z'));
    await user.click(within(stopCard(1, '0a1a2b')).getByRole('button', { name: 'Delivered' }));
    const cash = within(stopCard(1, '0a1a2b')).getByRole('textbox', { name: 'Cash collected (£)' });
    expect(cash).toHaveValue('23.50');
    await fill(user, cash, 'twenty');
    await user.click(screen.getByRole('button', { name: 'Confirm delivered' }));
    expect(await screen.findByText('Enter the cash you took, such as 23.50')).toBeVisible();
    expect(api.sent('POST /driver/orders/:id/delivered')).toEqual([]);
    await fill(user, cash, '25');
    await user.click(screen.getByRole('button', { name: 'Confirm delivered' }));
    await waitFor(() => expect(stopCard(1, '0a1a2b')).toHaveTextContent('Delivered 18:41 · cash taken £25.00'));
    expect(api.sent('POST /driver/orders/:id/delivered').map((request) => [request.path, request.body])).toEqual([
      [`/driver/orders/${A}/delivered`, { cashCollected: 25 }],
    ]);

    await user.click(within(stopCard(2, '0b3c4d')).getByRole('button', { name: 'Picked up' }));
    await waitFor(() => expect(within(stopCard(2, '0b3c4d')).getByRole('button', { name: 'Delivered' })).toBeVisible());
    await user.click(within(stopCard(2, '0b3c4d')).getByRole('button', { name: 'Delivered' }));
    // The run is finished: it goes under Finished today, and nothing is left to do.
    expect(await screen.findByText(/^Nothing more to deliver for now\./)).toBeVisible();
    expect(screen.getByText('Finished today (1)')).toBeVisible();
    // Once delivered, the cash line says what was taken, not what is due.
    expect(within(stopCard(1, '0a1a2b')).getByText('CASH TAKEN £25.00')).toBeInTheDocument();
    expect(within(stopCard(1, '0a1a2b')).queryByText(/CASH DUE/)).toBeNull();
    expect(api.sent('POST /driver/orders/:id/delivered').at(-1)?.body).toEqual({});
  });

  it('shows a stop dispatch assigns while the page is open, when the server says the runs changed', async () => {
    const { state } = openDriver([]);
    expect(await screen.findByText(/No deliveries for you yet/)).toBeVisible();
    state.runs = [annsRun()];
    serverEmit('runs_changed', {});
    expect(await screen.findByRole('region', { name: 'Run 1' })).toBeVisible();
  });

  it('sends a photo of the door from the phone’s camera once picked up, as a multipart form', async () => {
    const { api, user } = openDriver([annsRun()]);
    await screen.findByRole('region', { name: 'Run 1' });
    const first = stopCard(1, '0a1a2b');
    // At the shop there is nothing to photograph yet.
    expect(within(first).queryByLabelText('Photo of the door (optional)')).toBeNull();
    await user.click(within(first).getByRole('button', { name: 'Picked up' }));
    const camera = await within(stopCard(1, '0a1a2b')).findByLabelText('Photo of the door (optional)');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');
    await user.upload(camera, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'door.jpg', { type: 'image/jpeg' }));
    expect(await within(stopCard(1, '0a1a2b')).findByText('Photo sent to the shop')).toBeVisible();
    const sent = api.sent('POST /driver/orders/:id/photo');
    expect(sent.map((request) => request.path)).toEqual([`/driver/orders/${A}/photo`]);
    // The fake API reads a multipart body as its fields.
    expect((sent[0]?.body as { myfiles: File }).myfiles.name).toBe('door.jpg');
    expect(within(stopCard(1, '0a1a2b')).getByLabelText('Take the photo again')).toBeInTheDocument();
  });

  it('shows the driver their own tips, month by month, when they open My tips', async () => {
    const { api, user } = openDriver([annsRun()]);
    await screen.findByRole('region', { name: 'Run 1' });
    expect(api.sent('GET /driver/tips')).toEqual([]);
    await user.click(screen.getByText('My tips'));
    const statement = await screen.findByRole('region', { name: 'My tips' });
    expect(statement).toHaveTextContent('Received £9.50, paid out £7.50.');
    expect(
      within(statement)
        .getAllByRole('listitem')
        .map((month) => month.textContent),
    ).toEqual(['November 2026: £2.00 from 1 order, so far, to be paid by 2026-12-31', 'October 2026: £7.50 from 3 orders, paid']);
  });

  it('shows the server’s refusal in its words', async () => {
    const { user, api } = openDriver([annsRun()]);
    await screen.findByRole('region', { name: 'Run 1' });
    api.on('POST /driver/orders/:id/picked-up', refuse('NOT_YOUR_ORDER', 'This delivery is on another driver’s run'));
    await user.click(within(stopCard(1, '0a1a2b')).getByRole('button', { name: 'Picked up' }));
    expect(await within(stopCard(1, '0a1a2b')).findByRole('alert')).toHaveTextContent('This delivery is on another driver’s run');
  });

  it('shares the position while a run is on the road, thinned, and keeps the screen on', async () => {
    const run = annsRun();
    run.startedAt = '2026-11-29T18:25:00.000Z';
    run.stops[1]!.pickedUpAt = run.startedAt;
    const { api, state, queryClient } = openDriver([run]);
    await screen.findByRole('region', { name: 'Run 1' });
    await waitFor(() => expect(geolocation.watchers.size).toBe(1));
    expect(screen.getByText('Finding your position… Check location is on for this site.')).toBeVisible();

    geolocation.moveTo(51.4545, -2.5879, 12);
    await waitFor(() => expect(api.sent('POST /driver/location')).toHaveLength(1));
    expect(api.sent('POST /driver/location')[0]?.body).toEqual({ lat: 51.4545, lng: -2.5879, accuracy: 12 });
    expect(await screen.findByText('Sharing your position with your customers · sent 18:30')).toBeVisible();

    // 3 s later and a few metres on: not sent; 16 s later: sent.
    vi.setSystemTime(new Date(NOW.getTime() + 3_000));
    geolocation.moveTo(51.45452, -2.5879);
    vi.setSystemTime(new Date(NOW.getTime() + 16_000));
    geolocation.moveTo(51.45455, -2.5879);
    await waitFor(() => expect(api.sent('POST /driver/location')).toHaveLength(2));
    expect(api.sent('POST /driver/location')[1]?.body).toMatchObject({ lat: 51.45455 });

    await waitFor(() => expect(wakeLock.request).toHaveBeenCalledWith('screen'));
    expect(await screen.findByText('The screen stays on while you deliver.')).toBeVisible();
    // The browser lets the lock go when the page is hidden; back in view, it is asked again.
    await wakeLock.sentinels[0]!.release();
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(wakeLock.request).toHaveBeenCalledTimes(2));

    // The run over (delivered from another tab, say), the watch stops and the lock goes.
    state.runs[0]!.finishedAt = '2026-11-29T18:31:00.000Z';
    for (const each of state.runs[0]!.stops) each.deliveredAt = '2026-11-29T18:31:00.000Z';
    await queryClient.invalidateQueries({ queryKey: ['driver-runs'] });
    expect(await screen.findByText('Finished today (1)')).toBeVisible();
    expect(geolocation.watchers.size).toBe(0);
    expect(wakeLock.sentinels.every((sentinel) => sentinel.released)).toBe(true);
    expect(screen.getByText('Your position is shared only while you are on a run.')).toBeVisible();
  });

  it('says so when location is refused or the screen cannot be kept on', async () => {
    install(false);
    const run = annsRun();
    run.startedAt = '2026-11-29T18:25:00.000Z';
    openDriver([run]);
    await screen.findByRole('region', { name: 'Run 1' });
    await waitFor(() => expect(geolocation.watchers.size).toBe(1));
    geolocation.refuse();
    expect(
      await screen.findByText('Location is blocked: customers cannot see you on the map. Allow location for this site.'),
    ).toBeVisible();
    expect(
      await screen.findByText('The screen may turn off: this phone did not let the page keep it on. Tap it now and then.'),
    ).toBeVisible();
  });

  it('offers the driver’s own manifest, so the page installs as Deliveries', async () => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/manifest.webmanifest';
    document.head.append(link);
    const { unmount } = openDriver([]);
    expect(await screen.findByText('No deliveries for you yet. The shop will give you some: this page shows them.')).toBeVisible();
    expect(link.getAttribute('href')).toBe(DRIVER_MANIFEST);
    unmount();
    expect(link.getAttribute('href')).toBe('/manifest.webmanifest');
  });

  it('tells anyone else the page is for the shop’s drivers', async () => {
    const { api } = openDriver([], 'customer');
    expect(await screen.findByRole('heading', { name: 'For the shop’s drivers' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', paths.home);
    expect(api.sent('GET /driver/runs')).toEqual([]);
  });
});
