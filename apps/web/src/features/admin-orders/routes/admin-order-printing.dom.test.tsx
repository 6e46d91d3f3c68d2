import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import type { PrintJobWire } from '@shop/shared/contract/printers';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { deferred, fakeApi, ok, refuse, type FakeAnswer } from '../../../../test/fake-api';
import { serverEmit } from '../../../../test/fake-socket';
import { renderWithProviders } from '../../../../test/render';
import { orderItemWire, orderWire, sessionAnswer } from '../../../../test/wire-fixtures';
import { adminOrderPath, paths } from '../../../lib/paths';
import { closeRealtime } from '../../../lib/realtime';
import { AcceptedOrdersPage } from './accepted-orders-page';
import { AdminOrderDetailPage } from './admin-order-detail-page';

// Decision 1201: the admin's order page shows the ticket the printers print (GET /api/orders/:id/ticket),
// prints it from the browser, reprints it (POST /api/orders/:id/print, one Idempotency-Key a click) and lists the
// order's print jobs; the accepted orders' rows have Reprint too. The routes are stand-ins of contract/printers.ts.

afterEach(() => closeRealtime());

const items = [orderItemWire({ title: 'Margherita', quantity: 2, price: 7.49 })];
const accepted = orderWire({ _id: '65f0000000000000004275b1', items, status: 'Approved Order' });

const svgOf = (text: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="576" height="100"><text x="0" y="20">${text}</text></svg>`;

let jobNumber = 0;
function job(fields: Partial<PrintJobWire>): PrintJobWire {
  jobNumber += 1;
  return {
    id: `b6f1c1d2-0000-4000-8000-${String(jobNumber).padStart(12, '0')}`,
    printerId: '65f0000000000000000000a1',
    printerName: 'Kitchen',
    orderId: accepted._id,
    kind: 'kitchen',
    reason: 'accept',
    status: 'printed',
    attempts: 1,
    lastError: null,
    createdAt: '2026-11-25T18:45:00.000Z',
    printedAt: '2026-11-25T18:45:02.000Z',
    ...fields,
  };
}

function openOrder(order: OrderWire, print?: (key: string | null) => FakeAnswer | Promise<FakeAnswer>) {
  const state = { jobs: [] as PrintJobWire[] };
  const api = fakeApi({
    'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
    'GET /buy-product': ok([order]),
    'GET /buy-product/:id': ok(order),
    'GET /orders/:id/ticket': (request) => {
      const paperWidth = Number(request.query.get('paperWidth') ?? 80);
      const kind = request.query.get('kind') ?? 'kitchen';
      const text = `ORDER ${displayOrderId(order._id)} ${kind} ${paperWidth}mm`;
      return ok({ paperWidth, kind, svg: svgOf(text), text });
    },
    'GET /orders/:id/print-jobs': () => ok({ jobs: state.jobs }),
    'POST /orders/:id/print': (request) => {
      if (print) return print(request.headers.get('Idempotency-Key'));
      const made = [
        job({ reason: 'reprint', status: 'queued', printedAt: null }),
        job({ printerId: '65f0000000000000000000a2', printerName: 'Bar', reason: 'reprint', status: 'queued', printedAt: null }),
      ];
      state.jobs = [...made, ...state.jobs];
      return ok({ jobs: made }, 202);
    },
  });
  const rendered = renderWithProviders(<AdminOrderDetailPage />, {
    at: adminOrderPath(order._id),
    route: paths.adminOrder,
    routes: { [paths.printers]: <h1>Printers</h1> },
  });
  return { api, state, ...rendered };
}

const previewText = () => screen.getByTestId('ticket-preview-text').textContent;

describe("the order page's ticket, Reprint and print jobs", () => {
  it('shows the ticket as printed, 80 mm kitchen first, then 58 mm and the customer copy; the browser prints that same picture', async () => {
    const { api, user } = openOrder(accepted);
    const ticket = await screen.findByRole('region', { name: 'Ticket' });
    await waitFor(() => expect(previewText()).toBe('ORDER 4275b1 kitchen 80mm'));
    const image = within(ticket).getByRole('img', { name: 'Kitchen ticket, 80 mm: the ticket as printed' });
    expect(decodeURIComponent(image.getAttribute('src') ?? '')).toContain('<text x="0" y="20">ORDER 4275b1 kitchen 80mm</text>');

    // The browser's print is the same SVG, not the page's own ticket.
    const printed = screen.getByTestId('printed-ticket');
    expect(printed.getAttribute('src')).toBe(image.getAttribute('src'));
    expect(screen.queryByTestId('ticket-payment')).toBeNull();

    await user.click(within(ticket).getByRole('button', { name: '58 mm' }));
    await waitFor(() => expect(previewText()).toBe('ORDER 4275b1 kitchen 58mm'));
    await user.click(within(ticket).getByRole('button', { name: 'Customer' }));
    await waitFor(() => expect(previewText()).toBe('ORDER 4275b1 customer 58mm'));
    expect(screen.getByTestId('printed-ticket')).toHaveAttribute('alt', 'Customer copy, 58 mm');
    expect(api.sent('GET /orders/:id/ticket').map((request) => request.query.toString())).toEqual([
      'paperWidth=80&kind=kitchen',
      'paperWidth=58&kind=kitchen',
      'paperWidth=58&kind=customer',
    ]);
  });

  it("prints the page's own ticket while the printed one cannot be drawn", async () => {
    const { api } = openOrder(accepted);
    api.on('GET /orders/:id/ticket', refuse('INTERNAL_ERROR', 'Something went wrong'));
    expect(await screen.findByText(/The printed ticket could not be drawn/)).toBeVisible();
    expect(screen.getByTestId('kitchen-ticket')).toHaveTextContent('2 × Margherita');
    expect(screen.queryByTestId('printed-ticket')).toBeNull();
  });

  it('Reprint sends one request per click, with its own Idempotency-Key, says "Sent to 2 printers" and lists the jobs', async () => {
    const answer = deferred();
    const keys: Array<string | null> = [];
    const { api, user, state } = openOrder(accepted, async (key) => {
      keys.push(key);
      await answer.promise;
      const made = [
        job({ reason: 'reprint', status: 'queued', printedAt: null }),
        job({ printerId: '65f0000000000000000000a2', printerName: 'Bar', reason: 'reprint', status: 'queued', printedAt: null }),
      ];
      state.jobs = [...made, ...state.jobs];
      return ok({ jobs: made }, 202);
    });
    const jobs = await screen.findByRole('region', { name: 'Print jobs' });
    expect(await within(jobs).findByText(/Not sent to a printer yet/)).toBeVisible();

    const reprint = screen.getByRole('button', { name: 'Reprint order 4275b1' });
    await user.dblClick(reprint);
    expect(reprint).toBeDisabled();
    answer.resolve();
    expect(await screen.findByText('Sent to 2 printers')).toBeInTheDocument();
    expect(api.sent('POST /orders/:id/print')).toHaveLength(1);
    expect(api.sent('POST /orders/:id/print')[0]?.body).toEqual({});

    const list = await within(jobs).findByRole('list', { name: 'Print jobs' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('KitchenWaitingKitchen ticket · Reprint');
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('BarWaiting');

    await waitFor(() => expect(reprint).toBeEnabled());
    await user.click(reprint);
    await waitFor(() => expect(api.sent('POST /orders/:id/print')).toHaveLength(2));
    expect(keys[0]).toMatch(/\S{16,}/);
    expect(keys[1]).toMatch(/\S{16,}/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('a Reprint that failed on the way is tried again with the same key, so it never prints twice', async () => {
    const keys: Array<string | null> = [];
    let first = true;
    const { user } = openOrder(accepted, (key) => {
      keys.push(key);
      if (first) {
        first = false;
        return refuse('INTERNAL_ERROR', 'The shop could not answer: try again');
      }
      return ok({ jobs: [job({ reason: 'reprint' })] }, 202);
    });
    const reprint = await screen.findByRole('button', { name: 'Reprint order 4275b1' });
    await user.click(reprint);
    expect(await screen.findByText('The shop could not answer: try again')).toBeInTheDocument();
    await waitFor(() => expect(reprint).toBeEnabled());
    await user.click(reprint);
    expect(await screen.findByText('Sent to 1 printer')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('with no printer set up, Reprint says so and leads to the Printers screen', async () => {
    const { user } = openOrder(accepted, () => refuse('NO_PRINTERS', 'No printer is set up to print this ticket.'));
    await user.click(await screen.findByRole('button', { name: 'Reprint order 4275b1' }));
    const dialog = await screen.findByRole('dialog', { name: 'No printer to send it to' });
    expect(dialog).toHaveTextContent('No printer is set up to print this ticket.');
    await user.click(within(dialog).getByRole('link', { name: 'Set up a printer' }));
    expect(await screen.findByRole('heading', { name: 'Printers' })).toBeVisible();
    expect(window.location.pathname).toBe(paths.printers);
  });

  it("lists the order's jobs with their status and asks again on printers_changed", async () => {
    const { state } = openOrder(accepted);
    state.jobs = [job({ status: 'queued', printedAt: null, attempts: 3, lastError: 'connect ECONNREFUSED 192.168.1.50:9100' })];
    const jobs = await screen.findByRole('region', { name: 'Print jobs' });
    const list = await within(jobs).findByRole('list', { name: 'Print jobs' });
    expect(list).toHaveTextContent('KitchenWaitingKitchen ticket · On accept');
    expect(list).toHaveTextContent('3 attempts');
    expect(list).toHaveTextContent('connect ECONNREFUSED 192.168.1.50:9100');
    state.jobs = [job({ status: 'printed', attempts: 4 })];
    await waitFor(() => {
      serverEmit('printers_changed', {});
      expect(within(jobs).getByText('Printed')).toBeVisible();
    });
    expect(list).not.toHaveTextContent('ECONNREFUSED');
  });
});

describe('Reprint on the accepted orders board', () => {
  it("each accepted order's row has Reprint", async () => {
    const onTheWay = orderWire({ _id: '65f0000000000000004275c2', items, status: 'On the way' });
    const api = fakeApi({
      'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
      'GET /buy-product': ok([accepted, onTheWay]),
      'POST /orders/:id/print': ok(
        { jobs: [job({ reason: 'reprint' }), job({ printerId: '65f0000000000000000000a2', reason: 'reprint' })] },
        202,
      ),
    });
    const { user } = renderWithProviders(<AcceptedOrdersPage />, { at: paths.acceptedOrders });
    const table = await screen.findByRole('table', { name: 'Orders' });
    const row = (await within(table).findByRole('link', { name: 'Order 4275b1' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Reprint order 4275b1' }));
    expect(await screen.findByText('Sent to 2 printers')).toBeInTheDocument();
    expect(api.sent('POST /orders/:id/print').map((request) => request.path)).toEqual([`/orders/${accepted._id}/print`]);
    expect(within(table).getByRole('button', { name: 'Reprint order 4275c2' })).toBeVisible();
  });
});
