import { printerCreateSchema, type PrinterCreate, type PrinterWire } from '@shop/shared/contract/printers';

/** The Printers form as typed: text fields as strings, checked with the contract's own schema on submit. */
export interface PrinterDraft {
  name: string;
  kind: 'tcp' | 'cloudprnt';
  host: string;
  port: string;
  paperWidth: '80' | '58';
  copies: string;
  kitchen: boolean;
  customer: boolean;
}

export type PrinterField = 'name' | 'host' | 'port' | 'copies' | 'form';
export type PrinterErrors = Partial<Record<PrinterField, string>>;

/** A new printer: a network printer on port 9100, 80 mm paper, one kitchen ticket. */
export const EMPTY_PRINTER: PrinterDraft = {
  name: '',
  kind: 'tcp',
  host: '',
  port: '9100',
  paperWidth: '80',
  copies: '1',
  kitchen: true,
  customer: false,
};

export function draftOfPrinter(printer: PrinterWire): PrinterDraft {
  return {
    name: printer.name,
    kind: printer.connection.kind,
    host: printer.connection.kind === 'tcp' ? printer.connection.host : '',
    port: printer.connection.kind === 'tcp' ? String(printer.connection.port) : '9100',
    paperWidth: printer.paperWidth === 58 ? '58' : '80',
    copies: String(printer.copies),
    kitchen: printer.tickets.kitchen,
    customer: printer.tickets.customer,
  };
}

/** A field's name in a refusal ('connection.host', ['connection', 'port']) as the form's field. */
export function fieldOf(path: string): PrinterField {
  const last = path.split('.').pop() ?? '';
  return last === 'name' || last === 'host' || last === 'port' || last === 'copies' ? last : 'form';
}

/** A number typed in a box: a whole number, or NaN (the schema then says what it wants). */
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The draft as `POST /api/printers`'s body, or each field's message (the contract's words, as the server's). */
export function readPrinterDraft(draft: PrinterDraft): { body: PrinterCreate } | { errors: PrinterErrors } {
  const parsed = printerCreateSchema.safeParse({
    name: draft.name,
    connection: draft.kind === 'tcp' ? { kind: 'tcp', host: draft.host, port: whole(draft.port) } : { kind: 'cloudprnt' },
    paperWidth: Number(draft.paperWidth),
    copies: whole(draft.copies),
    tickets: { kitchen: draft.kitchen, customer: draft.customer },
  });
  if (parsed.success) return { body: parsed.data };
  const errors: PrinterErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path.map(String).join('.'));
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The server's refusal of the form in words for a person: the name taken, a printer deleted meanwhile. */
export const PRINTER_REFUSALS = {
  PRINTER_NAME_TAKEN: 'Another printer already has this name: choose another, such as “Kitchen 2”.',
  PRINTER_NOT_FOUND: 'This printer is no longer set up (somebody deleted it): the list shows the printers there are now.',
} as const;
