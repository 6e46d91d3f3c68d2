import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntryWire, AuditLogAnswer } from '@shop/shared/contract/audit';
import { fakeApi, ok, refuse, type FakeRequest } from '../../../../test/fake-api';
import { fixedMediaQueryList } from '../../../../test/media-query';
import { renderWithProviders } from '../../../../test/render';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { AuditLogPage } from './audit-log-page';

// Decision 1402: the back office's Audit log screen against a stand-in of GET /api/audit-log that filters and pages
// as the server does (the server's own filters are tested in modules/audit).

const MAYA = { id: 'a'.repeat(24), name: 'Maya', role: 'manager' };
const OWEN = { id: 'b'.repeat(24), name: 'Owen', role: 'owner' };
const SHOP = { id: null, name: 'The shop', role: 'system' };

const entry = (n: number, actor: AuditEntryWire['actor'], action: string, summary: string, extra: Partial<AuditEntryWire> = {}) => ({
  id: n.toString(16).padStart(24, '0'),
  at: `2026-11-18T1${n % 10}:00:00.000Z`,
  actor,
  action,
  subjectType: action.split('.')[0] ?? '',
  subjectId: null,
  summary,
  before: null,
  after: null,
  ...extra,
});

const ENTRIES: AuditEntryWire[] = [
  entry(9, MAYA, 'product.update', 'Changed Margherita: price M £10.49 → £11.25', {
    before: { priceM: '£10.49', title: 'Margherita' },
    after: { priceM: '£11.25', title: 'Margherita' },
  }),
  entry(8, OWEN, 'order.refund', 'Refunded £4.50 of order 1a2b3c: Cold chips', {
    before: { refundedTotal: '£0.00' },
    after: { refundedTotal: '£4.50' },
  }),
  entry(7, SHOP, 'order.reject', 'Rejected order 4d5e6f: nobody answered'),
  entry(6, MAYA, 'shop.pause', 'Paused orders until 18:30', { before: { pausedUntil: null }, after: { pausedUntil: '18:30' } }),
  entry(5, OWEN, 'order.cancel', 'Canceled order 777777: Out of dough'),
];

/** The stand-in: filters by actor and action (or its prefix), pages of `pageSize` by before=. */
function answer(request: FakeRequest, pageSize: number) {
  const q = request.query;
  if (q.get('from') && q.get('to') && (q.get('from') ?? '') > (q.get('to') ?? '')) {
    return refuse('VALIDATION_FAILED', 'to: to must be on or after from');
  }
  const actor = q.get('actor');
  const action = q.get('action');
  let list = ENTRIES.filter(
    (e) =>
      (!actor || (actor === 'shop' ? e.actor.id === null : e.actor.id === actor)) &&
      (!action || (action.endsWith('.') ? e.action.startsWith(action) : e.action === action)),
  );
  const before = q.get('before');
  if (before) list = list.slice(list.findIndex((e) => e.id === before) + 1);
  const page = list.slice(0, pageSize);
  const body: AuditLogAnswer = {
    entries: page,
    nextBefore: list.length > pageSize ? (page.at(-1)?.id ?? null) : null,
    from: q.get('from') ?? '2026-11-12',
    to: q.get('to') ?? '2026-11-18',
    actors: [MAYA, OWEN, SHOP],
    actions: [...new Set(ENTRIES.map((e) => e.action))].sort(),
  };
  return ok(body);
}

function openLog(pageSize = 50) {
  const api = fakeApi({
    'GET /session': sessionAnswer('owner@example.com', 'owner', 'Owen'),
    'GET /audit-log': (request) => answer(request, pageSize),
  });
  return { api, ...renderWithProviders(<AuditLogPage />, { at: paths.auditLog }) };
}

/** The table's rows as [when, who, what, summary]. */
const rows = () =>
  within(screen.getByRole('table', { name: 'Audit log' }))
    .getAllByRole('row')
    .slice(1)
    .filter((row) => row.querySelectorAll('td').length > 1)
    .map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent));

const lastQuery = (api: ReturnType<typeof openLog>['api']) => Object.fromEntries(api.sent('GET /audit-log').at(-1)?.query ?? []);

describe('the Audit log screen', () => {
  it('shows each entry with when in London, who with their role, what and the summary, newest first', async () => {
    openLog();
    expect(await screen.findByRole('cell', { name: 'Changed Margherita: price M £10.49 → £11.25' })).toBeVisible();
    expect(rows()).toEqual([
      ['18/11/2026 19:00', 'Maya (Manager)', 'Product: update', 'Changed Margherita: price M £10.49 → £11.25'],
      ['18/11/2026 18:00', 'Owen (Owner)', 'Order: refund', 'Refunded £4.50 of order 1a2b3c: Cold chips'],
      ['18/11/2026 17:00', 'The shop', 'Order: reject', 'Rejected order 4d5e6f: nobody answered'],
      ['18/11/2026 16:00', 'Maya (Manager)', 'Shop: pause', 'Paused orders until 18:30'],
      ['18/11/2026 15:00', 'Owen (Owner)', 'Order: cancel', 'Canceled order 777777: Out of dough'],
    ]);
    // The dates the server answered for fill the date fields.
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-12');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-18');
  });

  it('opens an entry to the fields it changed, before → after, and closes it again', async () => {
    const { user } = openLog();
    const show = await screen.findByRole('button', { name: 'Show what changed: Changed Margherita: price M £10.49 → £11.25' });
    await user.click(show);
    const changes = await screen.findByRole('table', { name: 'What changed: Changed Margherita: price M £10.49 → £11.25' });
    expect(
      within(changes)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['Field', 'Before', 'After'],
      ['Price M', '£10.49', '£11.25'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Hide what changed: Changed Margherita: price M £10.49 → £11.25' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: /^What changed: Changed Margherita/ })).toBeNull());
  });

  it('filters by who, by every action of a subject or one action, and by dates, sending each to the server', async () => {
    const { api, user } = openLog();
    await screen.findByRole('cell', { name: 'Paused orders until 18:30' });

    const who = screen.getByRole('combobox', { name: 'Who' });
    expect(
      within(who)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Everyone', 'Maya (Manager)', 'Owen (Owner)', 'The shop']);
    await user.selectOptions(who, 'Maya (Manager)');
    await waitFor(() =>
      expect(rows().map((row) => row[3])).toEqual(['Changed Margherita: price M £10.49 → £11.25', 'Paused orders until 18:30']),
    );
    expect(lastQuery(api)).toEqual({ actor: MAYA.id });

    await user.selectOptions(who, 'Everyone');
    const what = screen.getByRole('combobox', { name: 'What' });
    await user.selectOptions(what, 'Every order action');
    await waitFor(() => expect(rows().map((row) => row[2])).toEqual(['Order: refund', 'Order: reject', 'Order: cancel']));
    expect(lastQuery(api)).toEqual({ action: 'order.' });

    await user.selectOptions(what, 'Order: refund');
    await waitFor(() => expect(rows().map((row) => row[3])).toEqual(['Refunded £4.50 of order 1a2b3c: Cold chips']));

    await user.selectOptions(who, 'The shop');
    expect(await screen.findByText('Nothing was recorded for these filters.')).toBeVisible();
    expect(lastQuery(api)).toEqual({ actor: 'shop', action: 'order.refund' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-05' } });
    await waitFor(() => expect(lastQuery(api)).toEqual({ from: '2026-11-01', to: '2026-11-05', actor: 'shop', action: 'order.refund' }));
  });

  it('shows the server’s refusal of dates the wrong way round', async () => {
    openLog();
    await screen.findByRole('cell', { name: 'Paused orders until 18:30' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-18' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('to: to must be on or after from')).toBeVisible();
  });

  it('loads more entries, older ones after the ones shown, until there are none', async () => {
    const { api, user } = openLog(2);
    await screen.findByRole('cell', { name: 'Refunded £4.50 of order 1a2b3c: Cold chips' });
    expect(rows()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('cell', { name: 'Paused orders until 18:30' });
    expect(api.sent('GET /audit-log').at(-1)?.query.get('before')).toBe(ENTRIES[1]?.id);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('cell', { name: 'Canceled order 777777: Out of dough' });
    expect(rows()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows a card an entry on a phone, which opens to what changed', async () => {
    const narrow = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation((query: string) => fixedMediaQueryList(query, query.includes('max-width')));
    try {
      const { user } = openLog();
      const list = await screen.findByRole('list', { name: 'Audit log' });
      expect(screen.queryByRole('table', { name: 'Audit log' })).toBeNull();
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(5);
      expect(cards[1]).toHaveTextContent('18/11/2026 18:00 · Owen (Owner)Order: refundRefunded £4.50 of order 1a2b3c: Cold chips');
      await user.click(within(cards[1] as HTMLElement).getByRole('button', { name: /^Show what changed/ }));
      const changes = await within(cards[1] as HTMLElement).findByRole('table', { name: /^What changed/ });
      expect(within(changes).getByRole('row', { name: 'Refunded total £0.00 £4.50' })).toBeVisible();
    } finally {
      narrow.mockRestore();
    }
  });
});
