/**
 * Receipt printers and kitchen tickets (issue 24, decision 1200). Every route below is for admins only (401
 * SIGN_IN_REQUIRED without a session, 403 ADMIN_ONLY for a customer); ids are the shop's 24-hex ids, except print
 * jobs' (uuid). Times are ISO 8601 strings.
 *
 * - `GET /api/printers` → 200 `{ printers: PrinterWire[] }`, by name.
 * - `POST /api/printers` body `PrinterCreate` → 201 `PrinterWire`. 409 PRINTER_NAME_TAKEN when another printer has
 *   that name (case ignored).
 * - `PUT /api/printers/:id` body `PrinterUpdate` (any of the create body's fields, at least one) → 200
 *   `PrinterWire`. 404 PRINTER_NOT_FOUND, 409 PRINTER_NAME_TAKEN. Changing the connection keeps the waiting jobs:
 *   they go to the printer as it is now reached. A CloudPRNT printer keeps its poll URL unless the body has
 *   `newCloudPrntSecret: true`, which makes a new one (the old URL stops working at once).
 * - `DELETE /api/printers/:id` → 200 `{ deletedCount: 1 }`. 404 PRINTER_NOT_FOUND. Its waiting jobs are dropped.
 * - `POST /api/printers/:id/test` (no body) → 202 `PrintJobsAnswer` with one job (kind 'kitchen', reason 'test',
 *   orderId null): a short test page. 404 PRINTER_NOT_FOUND.
 * - `POST /api/orders/:id/print` body `PrintRequest` (`{}` for every printer and the tickets each is set to print)
 *   → 202 `PrintJobsAnswer`: new jobs, reason 'reprint', one per printer per ticket kind (copies are printed inside
 *   one job). An `Idempotency-Key` header (decision 0401) makes a retried request answer the same jobs instead of
 *   printing again (409 IDEMPOTENCY_KEY_REUSED with another body, 409 IDEMPOTENCY_KEY_IN_PROGRESS while the first
 *   is running, 400 INVALID_IDEMPOTENCY_KEY). 404 ORDER_NOT_FOUND; 404 PRINTER_NOT_FOUND for an unknown
 *   `printerId`; 409 NO_PRINTERS when no printer is set up (or none prints that kind of ticket). A card order
 *   not yet paid is not the shop's to see: 404 ORDER_NOT_FOUND, as for every admin read.
 * - `GET /api/orders/:id/print-jobs` → 200 `PrintJobsAnswer`: every job of the order, newest first. 404
 *   ORDER_NOT_FOUND.
 * - `GET /api/orders/:id/ticket?paperWidth=80|58&kind=kitchen|customer` → 200 `TicketPreview`: the ticket drawn
 *   from the very layout the printers get (receiptline), as SVG (for the back office's preview and the browser's
 *   print fallback) and as plain text. Defaults: 80, kitchen. 404 ORDER_NOT_FOUND.
 *
 * Automatic jobs (reason 'accept'): when an order is accepted (by an admin, or on arrival/by the timer with
 * auto-accept), one job per printer per ticket kind it is set to print.
 *
 * Realtime, to the `admins` room (socket events, see contract/realtime.ts):
 * - `print_job_late` `PrintJobLateEvent`: a job has waited more than a minute without printing (sent once per
 *   job); the page warns and rings until `GET /api/printers` shows no printer with `status.oldestWaitingAt` over
 *   a minute old.
 * - `printers_changed` `{}`: a printer's status or its jobs changed (a job queued, printed or failed, a printer
 *   came online or went offline, a printer was edited); the back office refetches `GET /api/printers` (and the
 *   order's print jobs).
 *
 * The printers' own side (not for browsers): a tcp printer is sent ESC/POS on its host and port (9100) by the
 * server; a CloudPRNT printer polls `POST /api/cloudprnt/<secret>` (Star CloudPRNT: status in, `jobReady` out),
 * fetches the job with `GET /api/cloudprnt/<secret>?token=<job id>&type=...` and confirms with `DELETE
 * /api/cloudprnt/<secret>?token=<job id>&code=...`. `connection.serverUrl` in `PrinterWire` is that URL, to type into
 * the printer's CloudPRNT settings. What the printer sends is bounded like any other field: its words (a status, a
 * result code) are kept cut to PRINTER_WORDS_MAX characters, and an identifier longer than PRINTER_IDENTIFIER_MAX is a
 * 400 (see cloudPrntPollSchema below).
 */
import { z } from 'zod';
import { objectIdSchema } from './cart';

export const PAPER_WIDTHS = [80, 58] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
export const paperWidthSchema = z.union([z.literal(80), z.literal(58)], 'paperWidth must be 80 or 58 (mm)');

export const TICKET_KINDS = ['kitchen', 'customer'] as const;
export const ticketKindSchema = z.enum(TICKET_KINDS, 'kind must be kitchen or customer');
export type TicketKind = z.infer<typeof ticketKindSchema>;

/** Why a job was made: an order accepted, a Reprint, a printer's test page. */
export const PRINT_JOB_REASONS = ['accept', 'reprint', 'test'] as const;
export type PrintJobReason = (typeof PRINT_JOB_REASONS)[number];
/** queued: waiting (for the printer, or a retry); sending: being sent now; printed; failed (given up). */
export const PRINT_JOB_STATUSES = ['queued', 'sending', 'printed', 'failed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

export const MAX_COPIES = 5;
export const PRINTER_NAME_MAX = 60;
/** A printer is online when the shop reached it (or it polled) successfully within this many seconds. */
export const PRINTER_ONLINE_SECONDS = 90;
/** A job waiting longer than this warns every admin page (`print_job_late`). */
export const PRINT_JOB_LATE_SECONDS = 60;

const nameField = z
  .string('name is required')
  .trim()
  .min(1, 'name is required')
  .max(PRINTER_NAME_MAX, `name must be at most ${PRINTER_NAME_MAX} characters`);

const HOST_MESSAGE = 'host must be an IP address or host name, such as 192.168.1.50';
const hostField = z
  .string(HOST_MESSAGE)
  .trim()
  .min(1, HOST_MESSAGE)
  .max(253, HOST_MESSAGE)
  .regex(/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:.]+\]?$/, HOST_MESSAGE);

const portField = z
  .number('port must be a whole number from 1 to 65535')
  .int('port must be a whole number from 1 to 65535')
  .min(1, 'port must be a whole number from 1 to 65535')
  .max(65535, 'port must be a whole number from 1 to 65535');

/** How the shop reaches a printer, as the admin sets it. */
export const printerConnectionSchema = z.discriminatedUnion(
  'kind',
  [
    /** ESC/POS on raw TCP, sent by the server: the printer must be reachable from the shop's server. */
    z.strictObject({ kind: z.literal('tcp'), host: hostField, port: portField.default(9100) }),
    /** Star CloudPRNT: the printer polls the shop (see the header). */
    z.strictObject({ kind: z.literal('cloudprnt') }),
  ],
  'connection must be {kind: "tcp", host, port} or {kind: "cloudprnt"}',
);
export type PrinterConnection = z.output<typeof printerConnectionSchema>;

/** The connection as answered: a CloudPRNT printer's answer carries the URL to set in the printer. */
export const printerConnectionWireSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('tcp'), host: z.string(), port: z.number().int() }),
  z.strictObject({
    kind: z.literal('cloudprnt'),
    /** The CloudPRNT server URL for this printer (it holds the printer's secret: show it to admins only). */
    serverUrl: z.string(),
  }),
]);
export type PrinterConnectionWire = z.infer<typeof printerConnectionWireSchema>;

export const printerTicketsSchema = z.strictObject({
  kitchen: z.boolean('tickets.kitchen must be true or false'),
  customer: z.boolean('tickets.customer must be true or false'),
});
export type PrinterTickets = z.infer<typeof printerTicketsSchema>;

export const printerStatusSchema = z.strictObject({
  /** Reached (tcp) or polled (CloudPRNT) successfully within PRINTER_ONLINE_SECONDS. */
  online: z.boolean(),
  /** The last successful contact; null before the first. */
  lastSeenAt: z.string().nullable(),
  /** Jobs queued or being sent. */
  jobsWaiting: z.number().int(),
  /** The last failure's words ('connect ECONNREFUSED 192.168.1.50:9100', 'Paper empty'); null once a job prints. */
  lastError: z.string().nullable(),
  /** When the oldest waiting job was made; null when none waits. Over a minute old: warn. */
  oldestWaitingAt: z.string().nullable(),
});
export type PrinterStatus = z.infer<typeof printerStatusSchema>;

export const printerWireSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  connection: printerConnectionWireSchema,
  paperWidth: z.union([z.literal(80), z.literal(58)]),
  /** How many of each ticket it prints (1 to MAX_COPIES). */
  copies: z.number().int(),
  tickets: printerTicketsSchema,
  status: printerStatusSchema,
});
export type PrinterWire = z.infer<typeof printerWireSchema>;

export const printersAnswerSchema = z.strictObject({ printers: z.array(printerWireSchema) });
export type PrintersAnswer = z.infer<typeof printersAnswerSchema>;

const copiesField = z
  .number(`copies must be a whole number from 1 to ${MAX_COPIES}`)
  .int(`copies must be a whole number from 1 to ${MAX_COPIES}`)
  .min(1, `copies must be a whole number from 1 to ${MAX_COPIES}`)
  .max(MAX_COPIES, `copies must be a whole number from 1 to ${MAX_COPIES}`);

/** `POST /api/printers` body. Defaults: 80 mm, 1 copy, the kitchen ticket only. */
export const printerCreateSchema = z.strictObject({
  name: nameField,
  connection: printerConnectionSchema,
  paperWidth: paperWidthSchema.default(80),
  copies: copiesField.default(1),
  tickets: printerTicketsSchema.default({ kitchen: true, customer: false }),
});
export type PrinterCreate = z.output<typeof printerCreateSchema>;

/** `PUT /api/printers/:id` body: the fields to change (at least one). */
export const printerUpdateSchema = z
  .strictObject({
    name: nameField,
    connection: printerConnectionSchema,
    paperWidth: paperWidthSchema,
    copies: copiesField,
    tickets: printerTicketsSchema,
    /** A CloudPRNT printer only: make a new poll URL (the old one stops working). */
    newCloudPrntSecret: z.literal(true),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send name, connection, paperWidth, copies, tickets or newCloudPrntSecret to change');
export type PrinterUpdate = z.output<typeof printerUpdateSchema>;

export const printerDeleteAnswerSchema = z.strictObject({ deletedCount: z.number().int() });

/** `POST /api/orders/:id/print` body: `{}` for every printer and the tickets each prints. */
export const printRequestSchema = z.strictObject({
  /** Only this printer. */
  printerId: objectIdSchema.optional(),
  /** Only this ticket (even if the printer is not set to print it). */
  kind: ticketKindSchema.optional(),
});
export type PrintRequest = z.infer<typeof printRequestSchema>;

export const printJobWireSchema = z.strictObject({
  /** uuid */
  id: z.string(),
  printerId: z.string(),
  printerName: z.string(),
  /** null for a test page. */
  orderId: z.string().nullable(),
  kind: z.enum(TICKET_KINDS),
  reason: z.enum(PRINT_JOB_REASONS),
  status: z.enum(PRINT_JOB_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  printedAt: z.string().nullable(),
});
export type PrintJobWire = z.infer<typeof printJobWireSchema>;

/** The answer of `POST /api/orders/:id/print`, `POST /api/printers/:id/test` and `GET /api/orders/:id/print-jobs`. */
export const printJobsAnswerSchema = z.strictObject({ jobs: z.array(printJobWireSchema) });
export type PrintJobsAnswer = z.infer<typeof printJobsAnswerSchema>;

/** `GET /api/orders/:id/ticket` query. */
export const ticketPreviewQuerySchema = z.object({
  paperWidth: z.coerce.number('paperWidth must be 80 or 58 (mm)').pipe(paperWidthSchema).default(80),
  kind: ticketKindSchema.default('kitchen'),
});
export type TicketPreviewQuery = z.output<typeof ticketPreviewQuerySchema>;

export const ticketPreviewSchema = z.strictObject({
  paperWidth: z.union([z.literal(80), z.literal(58)]),
  kind: z.enum(TICKET_KINDS),
  /** The ticket drawn as an SVG document (receiptline's own rendering of the printed layout). */
  svg: z.string(),
  /** The ticket as plain text, one printed line a line. */
  text: z.string(),
});
export type TicketPreview = z.infer<typeof ticketPreviewSchema>;

// ---- What a CloudPRNT printer sends (Star's protocol): each field named here is bounded; Star's others pass unread. ----

/**
 * The most of a printer's own words the shop keeps: its poll's `status` and `statusCode`, a confirmation's `code`
 * ('410 Paper empty'). Star's codes are 3 digits and a description that 'may vary between clients', so longer words
 * are cut here rather than refused: a refused poll would stop the kitchen's tickets over a description.
 */
export const PRINTER_WORDS_MAX = 200;
/** The longest identifier a printer sends back (its MAC address, the job's token, a media type), refused with 400 past it. */
export const PRINTER_IDENTIFIER_MAX = 100;

/** The first PRINTER_WORDS_MAX characters, never half of a character written as two (a surrogate pair). */
export function cutPrinterWords(text: string): string {
  if (text.length <= PRINTER_WORDS_MAX) return text;
  const last = text.charCodeAt(PRINTER_WORDS_MAX - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? PRINTER_WORDS_MAX - 1 : PRINTER_WORDS_MAX);
}

const printerWords = (description: string) => z.string().transform(cutPrinterWords).optional().describe(description);
const printerIdentifier = (field: string, description: string) =>
  z.string().max(PRINTER_IDENTIFIER_MAX, `${field} must be at most ${PRINTER_IDENTIFIER_MAX} characters`).optional().describe(description);

/** `POST /api/cloudprnt/:secret` body: a CloudPRNT poll. Star's other fields pass unread. */
export const cloudPrntPollSchema = z
  .looseObject({
    status: printerWords(`The printer’s status: "200 OK", or e.g. "410 Paper empty" (cut to ${PRINTER_WORDS_MAX} characters)`),
    printerMAC: printerIdentifier('printerMAC', 'The printer’s MAC address'),
    statusCode: printerWords(`The status as a URL-encoded code and description (cut to ${PRINTER_WORDS_MAX} characters)`),
    printingInProgress: z.boolean().optional(),
  })
  .describe('A CloudPRNT poll');
export type CloudPrntPoll = z.output<typeof cloudPrntPollSchema>;

export const cloudPrntPollAnswerSchema = z.object({
  jobReady: z.boolean(),
  mediaTypes: z.array(z.string()).optional(),
  jobToken: z.string().optional(),
  deleteMethod: z.literal('DELETE').optional(),
});

/** `GET /api/cloudprnt/:secret` query: the job's token (from the poll) and the media type the printer wants. */
export const cloudPrntJobQuerySchema = z.looseObject({
  token: printerIdentifier('token', 'The job’s token, from the poll'),
  type: printerIdentifier('type', 'The media type the printer wants'),
  mac: printerIdentifier('mac', 'The printer’s MAC address'),
});

/** `DELETE /api/cloudprnt/:secret` query: the job's token and its result code ('OK', '200 OK', '510 ...'). */
export const cloudPrntConfirmQuerySchema = z.looseObject({
  token: printerIdentifier('token', 'The job’s token, from the poll'),
  code: printerWords(
    `The result: 2xx or OK when printed, another code when the printer cannot print it (cut to ${PRINTER_WORDS_MAX} characters)`,
  ),
  mac: printerIdentifier('mac', 'The printer’s MAC address'),
});

/** Server to the admins room: a job has waited more than PRINT_JOB_LATE_SECONDS. */
export const PRINT_JOB_LATE = 'print_job_late';
export const printJobLateEventSchema = z.strictObject({
  job_id: z.string(),
  printer_id: z.string(),
  printer_name: z.string(),
  /** null for a test page. */
  order_id: z.string().nullable(),
  /** When the job was made (ISO). */
  waiting_since: z.string(),
});
export type PrintJobLateEvent = z.infer<typeof printJobLateEventSchema>;

/** Server to the admins room, payload `{}`: refetch the printers (and the order's jobs). */
export const PRINTERS_CHANGED = 'printers_changed';

/**
 * The error codes of these routes (each also in error-codes.ts with its status):
 * PRINTER_NOT_FOUND 404, PRINTER_NAME_TAKEN 409, NO_PRINTERS 409.
 */
export const PRINTER_ERROR_CODES = ['PRINTER_NOT_FOUND', 'PRINTER_NAME_TAKEN', 'NO_PRINTERS'] as const;
