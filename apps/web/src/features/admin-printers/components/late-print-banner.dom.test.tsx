import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrinterWire } from '@shop/shared/contract/printers';
import { fakeApi, ok } from '../../../../test/fake-api';
import { serverEmit } from '../../../../test/fake-socket';
import { renderWithProviders } from '../../../../test/render';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { closeRealtime } from '../../../lib/realtime';
import { LatePrintBanner } from './late-print-banner';

// Decision 1201: a job not printed within a minute warns every admin page and rings, until the
// printers show none waiting that long. The banner is mounted by the admin layout; here on its own, with the
// printers' route a stand-in and the browser's clock fixed.

/** Wednesday 25 November 2026, 18:10 in London. */
const NOW = new Date('2026-11-25T18:10:00.000Z');

afterEach(() => {
  closeRealtime();
  vi.useRealTimers();
});

const KITCHEN_ID = '65f0000000000000000000a1';

function kitchen(oldestWaitingAt: string | null): PrinterWire {
  return {
    id: KITCHEN_ID,
    name: 'Kitchen',
    connection: { kind: 'tcp', host: '192.168.1.50', port: 9100 },
    paperWidth: 80,
    copies: 1,
    tickets: { kitchen: true, customer: false },
    status: { online: false, lastSeenAt: null, jobsWaiting: oldestWaitingAt ? 1 : 0, lastError: 'Paper empty', oldestWaitingAt },
  };
}

function openBanner(start: PrinterWire[]) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  const state = { printers: start };
  const api = fakeApi({
    'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
    'GET /printers': () => ok({ printers: state.printers }),
  });
  return {
    api,
    state,
    ...renderWithProviders(<LatePrintBanner />, { at: paths.dashboard, routes: { [paths.printers]: <h1>Printers</h1> } }),
  };
}

const sound = () => screen.getByTestId('late-print-sound');
const plays = () => Number(sound().dataset.playCount);

describe('the late print job banner', () => {
  it('warns and rings while a printer has had a job waiting over a minute, and stops once it prints', async () => {
    const { state } = openBanner([kitchen('2026-11-25T18:07:30.000Z')]);
    const alert = await screen.findByRole('alert', { name: 'Printer not printing' });
    expect(alert).toHaveTextContent('Printer Kitchen has not printed a ticket for 2 min: check it is on and has paper.');
    await waitFor(() => expect(plays()).toBeGreaterThan(0));
    expect(within(alert).getByRole('link', { name: 'Printers' })).toHaveAttribute('href', paths.printers);

    state.printers = [kitchen(null)];
    await waitFor(() => {
      serverEmit('printers_changed', {});
      expect(screen.queryByRole('alert')).toBeNull();
    });
    const after = plays();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(plays()).toBe(after);
  });

  it('names the order from print_job_late, even before the printers list shows the job late', async () => {
    const { state } = openBanner([kitchen(null)]);
    await waitFor(() => expect(sound()).toBeInTheDocument());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(plays()).toBe(0);

    // The event arrives; the list, fetched again, shows the job waiting since 18:08.
    state.printers = [kitchen('2026-11-25T18:08:00.000Z')];
    await waitFor(() => {
      serverEmit('print_job_late', {
        job_id: 'b6f1c1d2-0000-4000-8000-000000000001',
        printer_id: KITCHEN_ID,
        printer_name: 'Kitchen',
        order_id: '65f0000000000000004275b1',
        waiting_since: '2026-11-25T18:08:00.000Z',
      });
      expect(screen.getByRole('alert', { name: 'Printer not printing' })).toHaveTextContent(
        'Printer Kitchen has not printed order 4275b1 for 2 min: check it is on and has paper',
      );
    });
    await waitFor(() => expect(plays()).toBeGreaterThan(0));
  });

  it('a job waiting under a minute is not late', async () => {
    const { api } = openBanner([kitchen('2026-11-25T18:09:10.000Z')]);
    await waitFor(() => expect(api.sent('GET /printers')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(plays()).toBe(0);
  });
});
