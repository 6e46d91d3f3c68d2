import { describe, expect, it } from 'vitest';
import type { PrinterWire } from '@shop/shared/contract/printers';
import { draftOfPrinter, EMPTY_PRINTER, fieldOf, readPrinterDraft } from './printer-form';

describe('the Printers form read with the contract', () => {
  it('a network printer: host and port, 80 mm, one kitchen ticket', () => {
    expect(readPrinterDraft({ ...EMPTY_PRINTER, name: ' Kitchen ', host: '192.168.1.50' })).toEqual({
      body: {
        name: 'Kitchen',
        connection: { kind: 'tcp', host: '192.168.1.50', port: 9100 },
        paperWidth: 80,
        copies: 1,
        tickets: { kitchen: true, customer: false },
      },
    });
  });

  it('a CloudPRNT printer needs no host; 58 mm, two copies of both tickets', () => {
    const read = readPrinterDraft({
      ...EMPTY_PRINTER,
      name: 'Counter',
      kind: 'cloudprnt',
      host: '',
      paperWidth: '58',
      copies: '2',
      customer: true,
    });
    expect(read).toEqual({
      body: { name: 'Counter', connection: { kind: 'cloudprnt' }, paperWidth: 58, copies: 2, tickets: { kitchen: true, customer: true } },
    });
  });

  it.each([
    { change: { name: '  ' }, field: 'name', message: 'name is required' },
    { change: { host: '' }, field: 'host', message: 'host must be an IP address or host name, such as 192.168.1.50' },
    { change: { host: 'printer one' }, field: 'host', message: 'host must be an IP address or host name, such as 192.168.1.50' },
    { change: { port: '70000' }, field: 'port', message: 'port must be a whole number from 1 to 65535' },
    { change: { port: '91.5' }, field: 'port', message: 'port must be a whole number from 1 to 65535' },
    { change: { copies: '6' }, field: 'copies', message: 'copies must be a whole number from 1 to 5' },
    { change: { copies: '' }, field: 'copies', message: 'copies must be a whole number from 1 to 5' },
  ])('$field refused: $message', ({ change, field, message }) => {
    const read = readPrinterDraft({ ...EMPTY_PRINTER, name: 'Kitchen', host: '10.0.0.9', ...change });
    expect(read).toEqual({ errors: { [field]: message } });
  });

  it("an answered printer's draft is the form it was saved from", () => {
    const printer: PrinterWire = {
      id: '65f000000000000000000001',
      name: 'Kitchen',
      connection: { kind: 'tcp', host: '10.0.0.9', port: 9101 },
      paperWidth: 58,
      copies: 2,
      tickets: { kitchen: true, customer: true },
      status: { online: true, lastSeenAt: null, jobsWaiting: 0, lastError: null, oldestWaitingAt: null },
    };
    expect(draftOfPrinter(printer)).toEqual({
      name: 'Kitchen',
      kind: 'tcp',
      host: '10.0.0.9',
      port: '9101',
      paperWidth: '58',
      copies: '2',
      kitchen: true,
      customer: true,
    });
  });

  it("a refusal's field names", () => {
    expect(fieldOf('connection.host')).toBe('host');
    expect(fieldOf('connection.port')).toBe('port');
    expect(fieldOf('copies')).toBe('copies');
    expect(fieldOf('tickets.kitchen')).toBe('form');
  });
});
