import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PrinterCreate, PrinterWire } from '@shop/shared/contract/printers';
import { fakeApi, ok, refuse } from '../../../../test/fake-api';
import { serverEmit } from '../../../../test/fake-socket';
import { fill, renderWithProviders } from '../../../../test/render';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { closeRealtime } from '../../../lib/realtime';
import { PrintersPage } from './printers-page';

// Decision 1201: the back office's Printers screen against a stand-in of contract/printers.ts's routes
// that keeps what it is sent (the server's own rules are h6's tests in apps/server).

afterEach(() => closeRealtime());

const IDLE = { online: false, lastSeenAt: null, jobsWaiting: 0, lastError: null, oldestWaitingAt: null };

function printer(id: number, fields: Partial<PrinterWire> = {}): PrinterWire {
  return {
    id: `65f0000000000000000000${String(id).padStart(2, '0')}`,
    name: `Printer ${id}`,
    connection: { kind: 'tcp', host: '192.168.1.50', port: 9100 },
    paperWidth: 80,
    copies: 1,
    tickets: { kitchen: true, customer: false },
    status: IDLE,
    ...fields,
  };
}

function openPrinters(start: PrinterWire[]) {
  const state = { printers: [...start] };
  let next = 50;
  const api = fakeApi({
    'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
    'GET /printers': () => ok({ printers: [...state.printers].sort((a, b) => a.name.localeCompare(b.name)) }),
    'POST /printers': (request) => {
      const body = request.body as PrinterCreate;
      if (state.printers.some((one) => one.name.toLowerCase() === body.name.toLowerCase())) {
        return refuse('PRINTER_NAME_TAKEN', `There is already a printer named ${body.name}`);
      }
      const connection =
        body.connection.kind === 'tcp'
          ? body.connection
          : { kind: 'cloudprnt' as const, serverUrl: `https://shop.example/cloudprnt/s${next}` };
      const made = printer(next++, { ...body, connection });
      state.printers.push(made);
      return ok(made, 201);
    },
    'PUT /printers/:id': (request, { id }) => {
      const found = state.printers.find((one) => one.id === id);
      if (!found) return refuse('PRINTER_NOT_FOUND', 'That printer does not exist');
      const { newCloudPrntSecret, ...fields } = request.body as { newCloudPrntSecret?: true };
      Object.assign(found, fields);
      if (newCloudPrntSecret) found.connection = { kind: 'cloudprnt', serverUrl: 'https://shop.example/cloudprnt/renewed' };
      return ok(found);
    },
    'DELETE /printers/:id': (_request, { id }) => {
      state.printers = state.printers.filter((one) => one.id !== id);
      return ok({ deletedCount: 1 });
    },
    'POST /printers/:id/test': (_request, { id }) =>
      ok(
        {
          jobs: [
            {
              id: 'b6f1c1d2-0000-4000-8000-000000000001',
              printerId: id,
              printerName: 'Kitchen',
              orderId: null,
              kind: 'kitchen',
              reason: 'test',
              status: 'queued',
              attempts: 0,
              lastError: null,
              createdAt: '2026-11-25T18:00:00.000Z',
              printedAt: null,
            },
          ],
        },
        202,
      ),
  });
  return { api, state, ...renderWithProviders(<PrintersPage />, { at: paths.printers }) };
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe('the Printers screen', () => {
  it('lists each printer with online or offline, last seen, jobs waiting and its last error', async () => {
    openPrinters([
      printer(1, {
        name: 'Kitchen',
        status: { online: true, lastSeenAt: '2026-11-25T18:04:00.000Z', jobsWaiting: 2, lastError: null, oldestWaitingAt: null },
      }),
      printer(2, {
        name: 'Counter',
        connection: { kind: 'tcp', host: '10.0.0.7', port: 9101 },
        paperWidth: 58,
        copies: 2,
        tickets: { kitchen: false, customer: true },
        status: { ...IDLE, lastError: 'connect ECONNREFUSED 10.0.0.7:9101' },
      }),
    ]);
    await screen.findByRole('list', { name: 'Printers' });
    const kitchen = card('Kitchen');
    expect(within(kitchen).getByText('Online')).toBeVisible();
    expect(kitchen).toHaveTextContent('Network printer 192.168.1.50:9100 · 80 mm · 1 copy · Kitchen ticket');
    expect(kitchen).toHaveTextContent('Last seen25 Nov 2026, 18:04');
    expect(kitchen).toHaveTextContent('Jobs waiting2');
    expect(kitchen).toHaveTextContent('Last errorNone');
    const counter = card('Counter');
    expect(within(counter).getByText('Offline')).toBeVisible();
    expect(counter).toHaveTextContent('Network printer 10.0.0.7:9101 · 58 mm · 2 copies · Customer copy');
    expect(counter).toHaveTextContent('Last seenNever yet');
    expect(counter).toHaveTextContent('Last errorconnect ECONNREFUSED 10.0.0.7:9101');
    // Offline says why beside its badge; online says nothing of errors.
    expect(within(counter).getByTestId('printer-offline-reason')).toHaveTextContent('Not answering: connect ECONNREFUSED 10.0.0.7:9101');
    expect(within(kitchen).queryByTestId('printer-offline-reason')).not.toBeInTheDocument();
  });

  it('says so when there is no printer', async () => {
    openPrinters([]);
    expect(await screen.findByText(/No printer is set up yet/)).toBeVisible();
  });

  it('offers port 9100, checks the form before sending it, and says when the name is taken', async () => {
    const { api, user } = openPrinters([printer(1, { name: 'Kitchen' })]);
    await screen.findByRole('list', { name: 'Printers' });
    await user.click(screen.getByRole('button', { name: 'Add a printer' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a printer' });
    expect(within(dialog).getByRole('textbox', { name: 'Port' })).toHaveValue('9100');

    await user.click(within(dialog).getByRole('button', { name: 'Add printer' }));
    expect(within(dialog).getByText('name is required')).toBeVisible();
    expect(within(dialog).getByText('host must be an IP address or host name, such as 192.168.1.50')).toBeVisible();
    expect(api.sent('POST /printers')).toEqual([]);

    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'kitchen');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Printer address' }), '192.168.1.60');
    await user.click(within(dialog).getByRole('button', { name: 'Add printer' }));
    expect(await within(dialog).findByText(/Another printer already has this name/)).toBeVisible();
  });

  it('adds a network printer: 58 mm, two copies of both tickets', async () => {
    const { api, user } = openPrinters([printer(1, { name: 'Kitchen' })]);
    await screen.findByRole('list', { name: 'Printers' });
    await user.click(screen.getByRole('button', { name: 'Add a printer' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a printer' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Printer address' }), '192.168.1.60');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Bar');
    await user.click(within(dialog).getByRole('radio', { name: '58 mm' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Copies' }), '2');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Customer copy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add printer' }));
    expect(await screen.findByText('Printer Bar added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST /printers').at(-1)?.body).toEqual({
      name: 'Bar',
      connection: { kind: 'tcp', host: '192.168.1.60', port: 9100 },
      paperWidth: 58,
      copies: 2,
      tickets: { kitchen: true, customer: true },
    });
    expect(await screen.findByRole('listitem', { name: 'Bar' })).toHaveTextContent('Network printer 192.168.1.60:9100 · 58 mm · 2 copies');
  });

  it('a CloudPRNT printer shows the URL to type into the printer, with a Copy button', async () => {
    const { api, user } = openPrinters([]);
    await screen.findByText(/No printer is set up yet/);
    await user.click(screen.getByRole('button', { name: 'Add a printer' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a printer' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Kitchen');
    await user.click(within(dialog).getByRole('radio', { name: /Star CloudPRNT/ }));
    expect(within(dialog).queryByRole('textbox', { name: 'Printer address' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add printer' }));
    const kitchen = await screen.findByRole('listitem', { name: 'Kitchen' });
    expect(api.sent('POST /printers')[0]?.body).toMatchObject({ connection: { kind: 'cloudprnt' } });
    expect(within(kitchen).getByRole('textbox', { name: 'CloudPRNT URL of Kitchen' })).toHaveValue('https://shop.example/cloudprnt/s50');
    await user.click(within(kitchen).getByRole('button', { name: 'Copy the CloudPRNT URL of Kitchen' }));
    expect(await navigator.clipboard.readText()).toBe('https://shop.example/cloudprnt/s50');

    // A new URL, asked first: the old one stops working.
    await user.click(within(kitchen).getByRole('button', { name: 'New CloudPRNT URL for Kitchen' }));
    const confirm = screen.getByRole('dialog', { name: 'New CloudPRNT URL for Kitchen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Make a new URL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('PUT /printers/:id').map((request) => request.body)).toEqual([{ newCloudPrntSecret: true }]);
    await waitFor(() =>
      expect(within(card('Kitchen')).getByRole('textbox', { name: 'CloudPRNT URL of Kitchen' })).toHaveValue(
        'https://shop.example/cloudprnt/renewed',
      ),
    );
  });

  it('edits a printer, prints a test page, and deletes one after asking', async () => {
    const { api, user } = openPrinters([printer(1, { name: 'Kitchen' }), printer(2, { name: 'Counter' })]);
    await screen.findByRole('list', { name: 'Printers' });

    await user.click(within(card('Kitchen')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Change printer Kitchen' });
    expect(within(dialog).getByRole('textbox', { name: 'Printer address' })).toHaveValue('192.168.1.50');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Port' }), '9101');
    await user.click(within(dialog).getByRole('button', { name: 'Save printer' }));
    await waitFor(() => expect(card('Kitchen')).toHaveTextContent('192.168.1.50:9101'));
    expect(api.sent('PUT /printers/:id')[0]?.body).toMatchObject({ connection: { kind: 'tcp', host: '192.168.1.50', port: 9101 } });

    await user.click(within(card('Kitchen')).getByRole('button', { name: 'Print test page' }));
    expect(await screen.findByText('Test page sent to Kitchen')).toBeVisible();
    expect(api.sent('POST /printers/:id/test')).toHaveLength(1);

    await user.click(within(card('Counter')).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete printer Counter?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Counter' })).toBeNull());
    expect(api.sent('DELETE /printers/:id')).toHaveLength(1);
    expect(card('Kitchen')).toBeVisible();
  });

  it('refetches the printers on printers_changed', async () => {
    const { state } = openPrinters([printer(1, { name: 'Kitchen' })]);
    await screen.findByRole('list', { name: 'Printers' });
    expect(within(card('Kitchen')).getByText('Offline')).toBeVisible();
    state.printers[0] = printer(1, { name: 'Kitchen', status: { ...IDLE, online: true, lastSeenAt: '2026-11-25T18:05:00.000Z' } });
    await waitFor(() => {
      serverEmit('printers_changed', {});
      expect(within(card('Kitchen')).getByText('Online')).toBeVisible();
    });
  });
});
