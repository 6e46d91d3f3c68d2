import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tipPayoutBodySchema, type TipPayoutsAnswer, type WorkerTipMonth } from '@shop/shared/contract/cash-up';
import { fakeApi, ok, refuse } from '../../../../test/fake-api';
import { fixedMediaQueryList } from '../../../../test/media-query';
import { renderWithProviders } from '../../../../test/render';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import type { Role } from '@shop/shared/domain/roles';
import { paths } from '../../../lib/paths';
import { TipsPage } from './tips-page';

// Decision 1701: the back office's Tips screen (the Tips Act's monthly pay-out) against a stand-in of
// /api/reports/tip-payouts and /api/tip-payouts that checks what it is sent with the shared contract.

const DEE_ID = '0000000000000000000000d1';
const SAM_ID = '0000000000000000000000d2';

const worker = (id: string, name: string, figures: Partial<WorkerTipMonth>): WorkerTipMonth => ({
  worker: { id, name },
  month: '2026-11',
  orders: 1,
  received: 1,
  paid: 0,
  outstanding: 1,
  dueDate: '2026-12-31',
  status: 'due',
  paidAt: null,
  method: null,
  paidLate: false,
  ...figures,
});

function openTips(role: Role = 'owner') {
  const state: TipPayoutsAnswer = {
    month: '2026-11',
    label: 'November 2026',
    dueDate: '2026-12-31',
    workers: [
      worker(DEE_ID, 'Dee Driver', { status: 'overdue' }),
      worker(SAM_ID, 'Sam Scooter', {
        orders: 2,
        received: 5,
        paid: 5,
        outstanding: 0,
        status: 'paid',
        paidAt: '2026-12-03T12:00:00.000Z',
        method: 'payroll',
      }),
    ],
    unassigned: { orders: 1, amount: 2 },
    total: { received: 6, paid: 5, outstanding: 1 },
  };
  const api = fakeApi({
    'GET /session': sessionAnswer('boss@example.com', role, 'Boss'),
    'GET /reports/tip-payouts': () => ok(state),
    'POST /tip-payouts': (request) => {
      const parsed = tipPayoutBodySchema.safeParse(request.body);
      if (!parsed.success) return refuse('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'invalid');
      const paid = worker(DEE_ID, 'Dee Driver', {
        paid: 1,
        outstanding: 0,
        status: 'paid',
        paidLate: true,
        paidAt: '2027-01-02T10:00:00.000Z',
        method: parsed.data.method,
      });
      state.workers = [paid, ...state.workers.slice(1)];
      state.total = { received: 6, paid: 6, outstanding: 0 };
      return ok(paid, 201);
    },
  });
  return { api, ...renderWithProviders(<TipsPage />, { at: `${paths.tips}?month=2026-11`, route: paths.tips }) };
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Tips per worker' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].slice(0, 6).map((cell) => cell.textContent));

describe('the Tips screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('at 1280 px: each worker’s month, overdue and paid, pays one out in full, and links the CSV', async () => {
    const { api, user } = openTips();
    await screen.findByRole('table', { name: 'Tips per worker' });
    expect(api.sent('GET /reports/tip-payouts')[0]?.query.get('month')).toBe('2026-11');
    expect(rows()).toEqual([
      ['Dee Driver', '1', '£1.00', '—', '31/12/2026', 'Overdue'],
      ['Sam Scooter', '2', '£5.00', '£5.00 on 03/12/2026', '31/12/2026', 'Paid'],
    ]);
    expect(
      screen.getByText(
        '1 delivered order has £2.00 of tips and no driver recorded: assign it to the driver who delivered before paying out.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/reports/tip-payouts.csv?month=2026-11');
    // Only what is owed, whole: there is no amount to type.
    expect((await screen.findAllByRole('button', { name: /^Pay out/ })).map((button) => button.textContent)).toEqual(['Pay out £1.00']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'How' }), 'cash');
    await user.click(screen.getByRole('button', { name: 'Pay out £1.00' }));
    await waitFor(() => expect(rows()[0]?.[5]).toBe('Paid late'));
    expect(api.sent('POST /tip-payouts')[0]?.body).toEqual({ workerId: DEE_ID, month: '2026-11', amount: 1, method: 'cash' });
    expect(screen.getByText('November 2026: £6.00 received, £6.00 paid out, £0.00 still owed (due by 31/12/2026).')).toBeVisible();
  });

  it('at 390 px: a card per worker; one paid in full has no pay-out button', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => fixedMediaQueryList(query, query.includes('max-width')));
    openTips();
    const list = await screen.findByRole('list', { name: 'Tips per worker' });
    expect(screen.queryByRole('table')).toBeNull();
    const dee = within(list).getByRole('listitem', { name: 'Dee Driver' });
    expect(dee).toHaveTextContent('£1.00 from 1 order · due by 31/12/2026');
    expect(within(dee).getByText('Overdue')).toBeVisible();
    expect(await within(dee).findByRole('button', { name: 'Pay out £1.00' })).toBeVisible();
    const sam = within(list).getByRole('listitem', { name: 'Sam Scooter' });
    expect(sam).toHaveTextContent('Paid out: £5.00 on 03/12/2026');
    expect(within(sam).queryByRole('button')).toBeNull();
  });
});
