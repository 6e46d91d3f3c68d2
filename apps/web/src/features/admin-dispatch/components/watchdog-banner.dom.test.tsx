import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '@shop/shared/domain/roles';
import { dispatchAnswer } from '../../../../test/dispatch-fixtures';
import { fakeApi, ok } from '../../../../test/fake-api';
import { serverEmit } from '../../../../test/fake-socket';
import { renderWithProviders } from '../../../../test/render';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { closeRealtime } from '../../../lib/realtime';
import { WatchdogBanner } from './watchdog-banner';

// Decision 1703: the watchdog's warnings (a delivery ready with no driver, one on the way far past its time) on every
// admin page of those who dispatch, linking to Dispatch, gone once the server stops warning. Mounted by the admin
// layout; here on its own against a stand-in of GET /api/dispatch.

afterEach(() => closeRealtime());

const ORDER = '65f0000000000000000a1a2b';

function openBanner(role: Role, warnings: ReturnType<typeof dispatchAnswer>['warnings']) {
  const state = { warnings };
  const api = fakeApi({
    'GET /session': sessionAnswer(`${role}@example.com`, role, 'Sam'),
    'GET /dispatch': () => ok(dispatchAnswer({ warnings: state.warnings })),
  });
  return {
    api,
    state,
    ...renderWithProviders(<WatchdogBanner />, { at: paths.orderList, routes: { [paths.dispatch]: <h1>Dispatch</h1> } }),
  };
}

describe('the watchdog banner', () => {
  it('warns of a delivery ready with no driver and one late on the road, and links to Dispatch', async () => {
    const { user } = openBanner('counter', [
      { kind: 'unassigned', orderId: ORDER, orderNumber: '0a1a2b', minutes: 12, message: 'Order 0a1a2b ready 12 min, no driver' },
      { kind: 'late', orderId: ORDER, orderNumber: '0b3c4d', minutes: 25, message: 'Order 0b3c4d on the way 25 min past its time' },
    ]);
    const waiting = await screen.findByRole('alert', { name: 'Delivery waiting for a driver' });
    expect(waiting).toHaveTextContent('Order 0a1a2b ready 12 min, no driver. Dispatch');
    expect(screen.getByRole('alert', { name: 'Delivery late' })).toHaveTextContent('Order 0b3c4d on the way 25 min past its time.');
    await user.click(screen.getAllByRole('link', { name: 'Dispatch' })[0]!);
    expect(window.location.pathname).toBe(paths.dispatch);
  });

  it('goes once the server stops warning', async () => {
    const { state } = openBanner('manager', [
      { kind: 'unassigned', orderId: ORDER, orderNumber: '0a1a2b', minutes: 12, message: 'Order 0a1a2b ready 12 min, no driver' },
    ]);
    await screen.findByRole('alert', { name: 'Delivery waiting for a driver' });
    state.warnings = [];
    serverEmit('order_changed', { order_id: ORDER, status: 'On the way' });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('asks nothing for a login that does not dispatch', async () => {
    const { api, queryClient } = openBanner('kitchen', []);
    await waitFor(() => expect(queryClient.getQueryData(['session'])).toBeTruthy());
    expect(api.sent('GET /dispatch')).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
