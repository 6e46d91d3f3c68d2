import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeShiftBodySchema, openShiftBodySchema, type DriverShiftsAnswer, type DriverShiftWire } from '@shop/shared/contract/cash-up';
import { fakeApi, ok, refuse } from '../../../../test/fake-api';
import { fixedMediaQueryList } from '../../../../test/media-query';
import { fill, renderWithProviders } from '../../../../test/render';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { CashUpPage } from './cash-up-page';

// Decision 1701: the back office's Cash-up screen against a stand-in of /api/driver-shifts that checks what it is
// sent with the shared contract (the figures themselves are the server's: apps/server/test/cash-up.test.ts).

const DAY = '2026-11-18';

function day(name: string, id: string, figures: Partial<DriverShiftWire>): DriverShiftWire {
  return {
    driver: { id, name },
    date: DAY,
    shift: null,
    float: 0,
    drops: 0,
    cashOrders: 0,
    cardOrders: 0,
    cashExpected: 0,
    cashCollected: 0,
    expectedBack: 0,
    cashHandedIn: null,
    variance: null,
    balance: null,
    varianceText: null,
    payPerDrop: 1.5,
    pay: 0,
    tips: 0,
    onTheRoad: 0,
    ...figures,
  };
}

const shiftOf = (id: string, closed: boolean) => ({
  id,
  openedAt: '2026-11-18T17:00:00.000Z',
  closedAt: closed ? '2026-11-18T23:00:00.000Z' : null,
  note: '',
});

const DEE = day('Dee Driver', '0000000000000000000000d1', {
  shift: shiftOf('s1', true),
  float: 20,
  drops: 1,
  cashOrders: 1,
  cashExpected: 25.5,
  cashCollected: 25.5,
  expectedBack: 45.5,
  cashHandedIn: 45.5,
  variance: 0,
  balance: 'balanced',
  varianceText: 'Balanced',
  pay: 1.5,
  tips: 1,
});
const SAM = day('Sam Scooter', '0000000000000000000000d2', {
  shift: shiftOf('s2', true),
  float: 15,
  drops: 2,
  cashOrders: 1,
  cardOrders: 1,
  cashExpected: 20.19,
  cashCollected: 17.69,
  expectedBack: 35.19,
  cashHandedIn: 32.69,
  variance: -2.5,
  balance: 'short',
  varianceText: 'SHORT £2.50',
  pay: 3,
  tips: 5,
});
const OLA = day('Ola Onroad', '0000000000000000000000d3', {
  shift: shiftOf('s3', false),
  float: 10,
  drops: 1,
  cashOrders: 1,
  cashExpected: 18.19,
  expectedBack: 28.19,
  pay: 1.5,
});

function openCashUp() {
  const state: DriverShiftsAnswer = {
    date: DAY,
    payPerDrop: 1.5,
    shifts: [DEE, OLA, SAM],
    drivers: [
      { id: '0000000000000000000000d1', name: 'Dee Driver' },
      { id: '0000000000000000000000d3', name: 'Ola Onroad' },
      { id: '0000000000000000000000d4', name: 'Pat Pedal' },
      { id: '0000000000000000000000d2', name: 'Sam Scooter' },
    ],
  };
  let refuseClose = true;
  const api = fakeApi({
    'GET /session': sessionAnswer('manager@example.com', 'manager', 'Mo'),
    'GET /driver-shifts': () => ok(state),
    'POST /driver-shifts': (request) => {
      const parsed = openShiftBodySchema.safeParse(request.body);
      if (!parsed.success) return refuse('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'invalid');
      const opened = day('Pat Pedal', '0000000000000000000000d4', {
        shift: shiftOf('s4', false),
        float: parsed.data.float / 100,
        expectedBack: parsed.data.float / 100,
      });
      state.shifts = [...state.shifts, opened];
      return ok(opened, 201);
    },
    'POST /driver-shifts/:id/close': (request, params) => {
      const parsed = closeShiftBodySchema.safeParse(request.body);
      if (!parsed.success) return refuse('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'invalid');
      if (refuseClose) {
        refuseClose = false;
        return refuse(
          'DRIVER_ON_THE_ROAD',
          'Ola Onroad still has a delivery on the road (order 3f2a1b): close the shift once it is delivered',
        );
      }
      const handedIn = parsed.data.cashHandedIn / 100;
      const closed = day('Ola Onroad', '0000000000000000000000d3', {
        ...OLA,
        shift: { ...shiftOf(params.id ?? '', true) },
        cashHandedIn: handedIn,
        variance: handedIn - 28.19,
        balance: 'over',
        varianceText: 'OVER £1.00',
      });
      state.shifts = state.shifts.map((each) => (each.driver.id === '0000000000000000000000d3' ? closed : each));
      return ok(closed);
    },
  });
  return { api, ...renderWithProviders(<CashUpPage />, { at: `${paths.cashUp}?date=${DAY}`, route: paths.cashUp }) };
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Drivers’ cash-up' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].slice(0, 12).map((cell) => cell.textContent));

describe('the Cash-up screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('at 1280 px: a table of each driver’s day, balanced and SHORT £2.50, pay and tips apart', async () => {
    const { api } = openCashUp();
    await screen.findByRole('table', { name: 'Drivers’ cash-up' });
    expect(api.sent('GET /driver-shifts')[0]?.query.get('date')).toBe(DAY);
    expect(rows()).toEqual([
      ['Dee Driver', 'Closed', '£20.00', '1', '£25.50', '£25.50', '£45.50', 'balanced', '£1.50', '£1.00', ''],
      ['Ola Onroad', 'Open', '£10.00', '1', '£18.19', '£0.00', '—', '—', '£1.50', '£0.00', 'Close shift'],
      ['Sam Scooter', 'Closed', '£15.00', '2', '£20.19', '£17.69', '£32.69', 'SHORT £2.50', '£3.00', '£5.00', ''],
    ]);
    expect(screen.getByText('Pay per drop now: £1.50 (a closed shift keeps the rate it closed with).')).toBeVisible();
  });

  it('opens a shift with a float for a driver without one', async () => {
    const { api, user } = openCashUp();
    const form = await screen.findByRole('form', { name: 'Open a shift' });
    const driver = within(form).getByRole('combobox', { name: 'Driver' });
    // Only the drivers without a shift that day are offered.
    expect(
      within(driver)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a driver', 'Pat Pedal']);
    await user.selectOptions(driver, '0000000000000000000000d4');
    await fill(user, within(form).getByRole('textbox', { name: 'Float (£)' }), '20');
    await user.click(within(form).getByRole('button', { name: 'Open shift' }));
    expect(await within(form).findByText('Pat Pedal’s shift is open with a float of £20.00')).toBeVisible();
    expect(api.sent('POST /driver-shifts')[0]?.body).toEqual({ driverId: '0000000000000000000000d4', date: DAY, float: 20 });
    await waitFor(() => expect(rows().map((row) => row[0])).toContain('Pat Pedal'));
  });

  it('closes a shift with the cash handed in, showing the server’s refusal while a delivery is on the road', async () => {
    const { api, user } = openCashUp();
    await screen.findByRole('table', { name: 'Drivers’ cash-up' });
    await user.click(screen.getByRole('button', { name: 'Close shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Ola Onroad’s shift' });
    expect(within(dialog).getByText('Expected back: £28.19 (float £10.00 + cash orders £18.19)')).toBeVisible();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Cash handed in (£)' }), '29.19x');
    await user.click(within(dialog).getByRole('button', { name: 'Close shift' }));
    expect(await within(dialog).findByText('Enter the cash handed in in pounds, such as 45.50')).toBeVisible();
    expect(api.sent('POST /driver-shifts/:id/close')).toHaveLength(0);

    await fill(user, within(dialog).getByRole('textbox', { name: 'Cash handed in (£)' }), '29.19');
    await user.click(within(dialog).getByRole('button', { name: 'Close shift' }));
    expect(
      await within(dialog).findByText('Ola Onroad still has a delivery on the road (order 3f2a1b): close the shift once it is delivered'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close shift' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST /driver-shifts/:id/close').at(-1)?.body).toEqual({ cashHandedIn: 29.19 });
    expect(api.sent('POST /driver-shifts/:id/close').at(-1)?.path).toBe('/driver-shifts/s3/close');
    await waitFor(() => expect(rows()[1]?.[7]).toBe('OVER £1.00'));
  });

  it('at 390 px: a card per driver with the same figures', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => fixedMediaQueryList(query, query.includes('max-width')));
    openCashUp();
    const list = await screen.findByRole('list', { name: 'Drivers’ cash-up' });
    expect(screen.queryByRole('table')).toBeNull();
    const sam = within(list).getByRole('listitem', { name: 'Sam Scooter' });
    expect(sam).toHaveTextContent('Float£15.00');
    expect(sam).toHaveTextContent('Handed in£32.69');
    expect(sam).toHaveTextContent('Pay£3.00 (2 × £1.50)');
    expect(sam).toHaveTextContent('Tips£5.00');
    expect(within(sam).getByText('SHORT £2.50')).toBeVisible();
    const ola = within(list).getByRole('listitem', { name: 'Ola Onroad' });
    expect(within(ola).getByRole('button', { name: 'Close shift' })).toBeVisible();
  });
});
