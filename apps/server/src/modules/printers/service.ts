/**
 * Receipt printers and their jobs (issue 24, decision 1200): the printers' settings, the jobs made when an order is
 * accepted or reprinted, and the claims that send each job once. Every print time is the database's clock
 * (statement_timestamp()), as the rate limits' are (decision 0701): a printer is off or on in real time, whatever
 * SHOP_TIME says, and all processes read one clock.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type {
  PrinterCreate,
  PrinterUpdate,
  PrinterWire,
  PrintJobWire,
  PrintRequest,
  TicketKind,
  TicketPreview,
} from '@shop/shared/contract/printers';
import { PRINT_JOB_LATE_SECONDS, PRINTER_ONLINE_SECONDS } from '@shop/shared/contract/printers';
import { ticketPrintAt } from '@shop/shared/domain/kitchen';
import { kitchenTicketDocument } from '@shop/shared/domain/kitchen-ticket';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { printerIsOnline } from '@shop/shared/domain/printer-status';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { newId } from '../../db/id';
import { orders, orderStatusHistory, printers, printJobs, printRequests } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { describeChanges, recordAudit, recordChange, type AuditActor } from '../audit/public';
import { placedOrderCondition, toOrderWire } from '../orders/public';
import { readShopSettings } from '../settings/public';
import { emitPrintersChanged } from './events';
import { ticketPlainText, ticketSvg, type PaperWidth } from './render';

type PrinterRow = typeof printers.$inferSelect;
type JobRow = typeof printJobs.$inferSelect;

export const PRINTER_NOT_FOUND = 'Printer not found';
export const ORDER_NOT_FOUND = 'Order not found';
export const NO_PRINTERS = 'No printer is set up to print this ticket: add one under Printers';
export const PRINTER_NAME_TAKEN = 'Another printer has this name: choose another';
const KEY_REUSED = 'This Idempotency-Key was used for another print request';

/** The CloudPRNT URL a printer polls: its secret is the only thing that lets it fetch tickets. */
export function cloudPrntUrl(config: ServiceContext['config'], secret: string): string {
  return `${config.publicOrigin.replace(/\/$/, '')}/api/cloudprnt/${secret}`;
}

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

interface PrinterStatusRow {
  id: string;
  /** The database's clock when read: what lastSeenAt is measured against. */
  readAt: Date;
  jobsWaiting: number;
  oldestWaitingAt: Date | null;
}

/** Each printer's live status, on the database's clock. */
async function statusesOf(db: Db, ids: string[]): Promise<Map<string, PrinterStatusRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: printers.id,
      readAt: sql<string>`statement_timestamp()`,
      // A ticket held back for an order's slot is not waiting yet: it joins the queue at its print time.
      jobsWaiting: sql<number>`(select count(*)::int from print_jobs j where j.printer_id = printers.id and j.status in ('queued', 'sending')
        and j.created_at <= statement_timestamp())`,
      oldestWaitingAt: sql<string | null>`(select min(j.created_at) from print_jobs j where j.printer_id = printers.id
        and j.status in ('queued', 'sending') and j.created_at <= statement_timestamp())`,
    })
    .from(printers)
    .where(inArray(printers.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        readAt: new Date(row.readAt),
        jobsWaiting: Number(row.jobsWaiting),
        oldestWaitingAt: row.oldestWaitingAt ? new Date(row.oldestWaitingAt) : null,
      },
    ]),
  );
}

function toPrinterWire(config: ServiceContext['config'], row: PrinterRow, status: PrinterStatusRow | undefined): PrinterWire {
  return {
    id: row.id,
    name: row.name,
    connection:
      row.connectionKind === 'tcp'
        ? { kind: 'tcp', host: row.host ?? '', port: row.port ?? 9100 }
        : { kind: 'cloudprnt', serverUrl: cloudPrntUrl(config, row.cloudprntSecret ?? '') },
    paperWidth: row.paperWidth,
    copies: row.copies,
    tickets: { kitchen: row.printsKitchen, customer: row.printsCustomer },
    status: {
      online: status ? printerIsOnline(row, status.readAt, PRINTER_ONLINE_SECONDS) : false,
      lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
      jobsWaiting: status?.jobsWaiting ?? 0,
      lastError: row.lastError,
      oldestWaitingAt: status?.oldestWaitingAt?.toISOString() ?? null,
    },
  };
}

export async function listPrinters(ctx: Pick<ServiceContext, 'db' | 'config'>): Promise<PrinterWire[]> {
  const rows = await ctx.db
    .select()
    .from(printers)
    .orderBy(asc(sql`lower(${printers.name})`), asc(printers.id));
  const statuses = await statusesOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPrinterWire(ctx.config, row, statuses.get(row.id)));
}

async function printerRow(db: Db, id: string): Promise<PrinterRow> {
  const row = (await db.select().from(printers).where(eq(printers.id, id)).limit(1))[0];
  if (!row) throw new HttpError('PRINTER_NOT_FOUND', PRINTER_NOT_FOUND);
  return row;
}

export async function getPrinter(ctx: Pick<ServiceContext, 'db' | 'config'>, id: string): Promise<PrinterWire> {
  const row = await printerRow(ctx.db, id);
  return toPrinterWire(ctx.config, row, (await statusesOf(ctx.db, [id])).get(id));
}

function connectionColumns(connection: PrinterCreate['connection'], keepSecret: string | null) {
  return connection.kind === 'tcp'
    ? { connectionKind: 'tcp' as const, host: connection.host, port: connection.port, cloudprntSecret: null }
    : { connectionKind: 'cloudprnt' as const, host: null, port: null, cloudprntSecret: keepSecret ?? newSecret() };
}

/** A printer as the audit log keeps it: how it is reached and what it prints, never its CloudPRNT secret. */
function auditedPrinter(row: PrinterRow): Record<string, unknown> {
  return {
    name: row.name,
    connection: row.connectionKind === 'tcp' ? `network ${row.host ?? ''}:${row.port ?? ''}` : 'CloudPRNT',
    paperWidth: row.paperWidth,
    copies: row.copies,
    kitchenTickets: row.printsKitchen,
    customerTickets: row.printsCustomer,
  };
}

export async function addPrinter(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'now'>,
  body: PrinterCreate,
  actor: AuditActor,
): Promise<PrinterWire> {
  const id = newId();
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(printers)
        .values({
          id,
          name: body.name,
          ...connectionColumns(body.connection, null),
          paperWidth: body.paperWidth,
          copies: body.copies,
          printsKitchen: body.tickets.kitchen,
          printsCustomer: body.tickets.customer,
          // The shop clock, as the orders' status history: the sweep below compares the two.
          createdAt: now,
        })
        .returning();
      if (row) {
        await recordAudit(tx, now, {
          actor,
          action: 'printer.create',
          subjectType: 'printer',
          subjectId: id,
          summary: `Added the printer ${row.name}`,
          after: auditedPrinter(row),
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError('PRINTER_NAME_TAKEN', PRINTER_NAME_TAKEN);
    throw error;
  }
  emitPrintersChanged(ctx.db);
  return getPrinter(ctx, id);
}

export async function updatePrinter(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'now'>,
  id: string,
  body: PrinterUpdate,
  actor: AuditActor,
): Promise<PrinterWire> {
  const row = await printerRow(ctx.db, id);
  const set: Partial<typeof printers.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.paperWidth !== undefined) set.paperWidth = body.paperWidth;
  if (body.copies !== undefined) set.copies = body.copies;
  if (body.tickets !== undefined) {
    set.printsKitchen = body.tickets.kitchen;
    set.printsCustomer = body.tickets.customer;
  }
  if (body.connection !== undefined) {
    Object.assign(set, connectionColumns(body.connection, row.connectionKind === 'cloudprnt' ? row.cloudprntSecret : null));
    // Reached another way: what was seen of the old way says nothing of the new one.
    set.lastSeenAt = null;
    set.lastError = null;
  }
  if (body.newCloudPrntSecret && (body.connection?.kind ?? row.connectionKind) === 'cloudprnt') set.cloudprntSecret = newSecret();
  if (Object.keys(set).length > 0) {
    try {
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        const [updated] = await tx.update(printers).set(set).where(eq(printers.id, id)).returning();
        if (!updated) return;
        // A new CloudPRNT secret is recorded as such, never the secret itself.
        const newUrl = updated.cloudprntSecret !== row.cloudprntSecret && updated.connectionKind === 'cloudprnt';
        await recordChange(tx, now, {
          actor,
          action: 'printer.update',
          subjectType: 'printer',
          subjectId: id,
          summary: (change) => `Changed the printer ${row.name}: ${describeChanges(change, { cloudPrntUrl: 'CloudPRNT URL' })}`,
          before: { ...auditedPrinter(row), cloudPrntUrl: null },
          after: { ...auditedPrinter(updated), cloudPrntUrl: newUrl ? 'a new secret URL' : null },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError('PRINTER_NAME_TAKEN', PRINTER_NAME_TAKEN);
      throw error;
    }
  }
  emitPrintersChanged(ctx.db);
  return getPrinter(ctx, id);
}

export async function removePrinter(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  id: string,
  actor: AuditActor,
): Promise<{ deletedCount: number }> {
  const { db } = ctx;
  const now = ctx.now();
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx.delete(printers).where(eq(printers.id, id)).returning();
    if (!row) return false;
    await recordAudit(tx, now, {
      actor,
      action: 'printer.delete',
      subjectType: 'printer',
      subjectId: id,
      summary: `Removed the printer ${row.name}`,
      before: auditedPrinter(row),
    });
    return true;
  });
  if (!deleted) throw new HttpError('PRINTER_NOT_FOUND', PRINTER_NOT_FOUND);
  emitPrintersChanged(db);
  return { deletedCount: 1 };
}

/** The order as the shop sees it (placed), or 404 as every admin read answers. */
async function placedOrder(db: Db, orderId: string) {
  const row = (
    await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), placedOrderCondition))
      .limit(1)
  )[0];
  if (!row) throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  return toOrderWire(row, []);
}

export async function ticketPreview(db: Db, orderId: string, paperWidth: PaperWidth, kind: TicketKind): Promise<TicketPreview> {
  const document = kitchenTicketDocument(await placedOrder(db, orderId), kind, { paperWidth });
  return { paperWidth, kind, svg: ticketSvg(document, paperWidth), text: ticketPlainText(document, paperWidth) };
}

const jobColumns = {
  id: printJobs.id,
  printerId: printJobs.printerId,
  printerName: printers.name,
  orderId: printJobs.orderId,
  kind: printJobs.kind,
  reason: printJobs.reason,
  status: printJobs.status,
  attempts: printJobs.attempts,
  lastError: printJobs.lastError,
  createdAt: printJobs.createdAt,
  printedAt: printJobs.printedAt,
};

interface JobListRow {
  id: string;
  printerId: string;
  printerName: string;
  orderId: string | null;
  kind: JobRow['kind'];
  reason: JobRow['reason'];
  status: JobRow['status'];
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  printedAt: Date | null;
}

function toJobWire(row: JobListRow): PrintJobWire {
  return {
    id: row.id,
    printerId: row.printerId,
    printerName: row.printerName,
    orderId: row.orderId,
    kind: row.kind,
    reason: row.reason,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    printedAt: row.printedAt?.toISOString() ?? null,
  };
}

async function jobsWhere(db: Db, condition: ReturnType<typeof eq>): Promise<PrintJobWire[]> {
  const rows = await db
    .select(jobColumns)
    .from(printJobs)
    .innerJoin(printers, eq(printers.id, printJobs.printerId))
    .where(condition)
    .orderBy(desc(printJobs.createdAt), asc(printJobs.id));
  return rows.map(toJobWire);
}

export async function orderPrintJobs(db: Db, orderId: string): Promise<PrintJobWire[]> {
  await placedOrder(db, orderId);
  return jobsWhere(db, eq(printJobs.orderId, orderId));
}

interface NewJob {
  printer: PrinterRow;
  orderId: string | null;
  kind: TicketKind;
  reason: 'accept' | 'reprint' | 'test';
  document: string;
  requestKey?: string;
  /** Held back until then (an order placed ahead's tickets); a job held back joins the queue then (created_at). */
  printAt?: Date;
}

function jobValues(job: NewJob): typeof printJobs.$inferInsert {
  const now = job.printAt ?? (sql`statement_timestamp()` as unknown as Date);
  return {
    id: randomUUID(),
    printerId: job.printer.id,
    orderId: job.orderId,
    kind: job.kind,
    reason: job.reason,
    status: 'queued',
    document: job.document,
    copies: job.printer.copies,
    createdAt: now,
    notBefore: now,
    requestKey: job.requestKey ?? null,
  };
}

/** The kinds of ticket a printer prints by its settings. */
function kindsOf(printer: PrinterRow): TicketKind[] {
  return [...(printer.printsKitchen ? (['kitchen'] as const) : []), ...(printer.printsCustomer ? (['customer'] as const) : [])];
}

/**
 * An order was accepted: one job per printer per ticket it prints, on the printer's paper width. Made once whichever
 * process hears it, and however often (the unique index print_jobs_accept_once). An order placed ahead's jobs are
 * held back until ticketLeadMinutes before its slot (ticketPrintAt: not_before and created_at then); one for as
 * soon as possible prints at once. Answers how many jobs were made.
 */
export async function queueAcceptJobs(db: Db, orderId: string, acceptedAt?: Date): Promise<number> {
  // The sweep's: only the printers that were there when the order was accepted.
  const all = await db
    .select()
    .from(printers)
    .where(acceptedAt ? lte(printers.createdAt, acceptedAt) : undefined);
  if (all.length === 0) return 0;
  const order = await placedOrder(db, orderId);
  const slot = order.scheduledFor ? new Date(order.scheduledFor) : null;
  // The lead is counted back from the slot; a moment already come prints at once (the database's clock decides).
  const printAt = slot ? ticketPrintAt(new Date(0), slot, (await readShopSettings(db)).ticketLeadMinutes) : undefined;
  const values = all.flatMap((printer) =>
    kindsOf(printer).map((kind) =>
      jobValues({
        printer,
        orderId,
        kind,
        reason: 'accept',
        document: kitchenTicketDocument(order, kind, { paperWidth: printer.paperWidth }),
        ...(printAt ? { printAt } : {}),
      }),
    ),
  );
  if (values.length === 0) return 0;
  const made = await db
    .insert(printJobs)
    .values(values)
    .onConflictDoNothing({ target: [printJobs.printerId, printJobs.orderId, printJobs.kind], where: sql`reason = 'accept'` })
    .returning({ id: printJobs.id });
  if (made.length > 0) emitPrintersChanged(db);
  return made.length;
}

/** How far back (shop time) the sweep looks for an accepted order without its automatic jobs. */
const SWEEP_MINUTES = 15;

/**
 * The automatic jobs are made by the process that accepted the order, after the commit. If it died in between, no
 * other process heard the acceptance: each process's sweep finds the orders accepted (shop clock) in the last
 * SWEEP_MINUTES, still to do, that lack an automatic job of a printer that existed then, and makes them (once, by
 * the unique index). Answers the orders it made jobs for.
 */
export async function sweepMissedAcceptJobs(ctx: Pick<ServiceContext, 'db' | 'now'>): Promise<string[]> {
  const since = new Date(ctx.now().getTime() - SWEEP_MINUTES * 60_000);
  const missed = await ctx.db
    .selectDistinct({ orderId: orderStatusHistory.orderId, acceptedAt: orderStatusHistory.changedAt })
    .from(orderStatusHistory)
    .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
    .innerJoin(printers, lte(printers.createdAt, orderStatusHistory.changedAt))
    .where(
      and(
        eq(orderStatusHistory.status, 'Approved Order'),
        gte(orderStatusHistory.changedAt, since),
        inArray(orders.status, ['Approved Order', 'On the way']),
        sql`((printers.prints_kitchen and not exists (select 1 from print_jobs j where j.printer_id = printers.id
              and j.order_id = orders.id and j.kind = 'kitchen' and j.reason = 'accept'))
          or (printers.prints_customer and not exists (select 1 from print_jobs j where j.printer_id = printers.id
              and j.order_id = orders.id and j.kind = 'customer' and j.reason = 'accept')))`,
      ),
    )
    .limit(50);
  const made: string[] = [];
  for (const { orderId, acceptedAt } of missed) if ((await queueAcceptJobs(ctx.db, orderId, acceptedAt)) > 0) made.push(orderId);
  return made;
}

function requestKeyOf(userId: string, key: string): string {
  return createHash('sha256').update(userId).update('\n').update(key).digest('hex');
}

function requestHashOf(orderId: string, body: PrintRequest): string {
  return createHash('sha256')
    .update(JSON.stringify({ orderId, printerId: body.printerId ?? null, kind: body.kind ?? null }))
    .digest('hex');
}

/**
 * `POST /api/orders/:id/print`: new jobs for the order (reason 'reprint'). With an Idempotency-Key, the key is
 * claimed in the same transaction as the jobs are made, so a retried request (even at the same moment, from another
 * process) answers the first one's jobs and prints nothing more.
 */
export async function reprintOrder(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  input: { orderId: string; body: PrintRequest; actor: AuditActor; idempotencyKey: string | null },
): Promise<{ jobs: PrintJobWire[]; replayed: boolean }> {
  const { db } = ctx;
  const now = ctx.now();
  const order = await placedOrder(db, input.orderId);
  const chosen = input.body.printerId ? [await printerRow(db, input.body.printerId)] : await db.select().from(printers);
  const values = chosen.flatMap((printer) => {
    const kinds = input.body.kind ? [input.body.kind] : kindsOf(printer);
    return kinds.map((kind) => ({ printer, kind }));
  });
  if (values.length === 0) throw new HttpError('NO_PRINTERS', NO_PRINTERS);
  const requestKey = input.idempotencyKey ? requestKeyOf(input.actor.id ?? '', input.idempotencyKey) : null;
  const hash = requestHashOf(input.orderId, input.body);

  const result = await db.transaction(async (tx) => {
    if (requestKey) {
      const claimed = await tx
        .insert(printRequests)
        .values({ key: requestKey, requestHash: hash, createdAt: sql`statement_timestamp()` as unknown as Date })
        .onConflictDoNothing()
        .returning({ key: printRequests.key });
      if (claimed.length === 0) {
        const first = (await tx.select().from(printRequests).where(eq(printRequests.key, requestKey)).limit(1))[0];
        if (!first || first.requestHash !== hash) throw new HttpError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
        return { replayed: true };
      }
    }
    await tx.insert(printJobs).values(
      values.map(({ printer, kind }) =>
        jobValues({
          printer,
          orderId: input.orderId,
          kind,
          reason: 'reprint',
          document: kitchenTicketDocument(order, kind, { paperWidth: printer.paperWidth, occasion: 'reprint' }),
          ...(requestKey ? { requestKey } : {}),
        }),
      ),
    );
    const tickets = values.map(({ printer, kind }) => `${kind} on ${printer.name}`);
    await recordAudit(tx, now, {
      actor: input.actor,
      action: 'ticket.reprint',
      subjectType: 'order',
      subjectId: input.orderId,
      summary: `Reprinted order ${displayOrderId(input.orderId)}: ${tickets.join(', ')}`,
      after: { tickets },
    });
    return { replayed: false };
  });
  emitPrintersChanged(db);
  if (requestKey) return { jobs: await jobsWhere(db, eq(printJobs.requestKey, requestKey)), replayed: result.replayed };
  // Without a key: the jobs just made are the order's newest reprints, one per printer and kind.
  const newest = await jobsWhere(db, eq(printJobs.orderId, input.orderId));
  return { jobs: newest.filter((job) => job.reason === 'reprint').slice(0, values.length), replayed: false };
}

const TEST_PAGE = (name: string) => `{align:center}
^^^"TEST PAGE"
${name.replace(/[\\|{}\-=~_"`^]/g, (char) => `\\${char}`)}
-
If you can read this, the shop prints here.
Kitchen tickets print when an order is accepted.
`;

/** `POST /api/printers/:id/test`: a short test page. */
export async function testPrint(db: Db, printerId: string): Promise<PrintJobWire[]> {
  const printer = await printerRow(db, printerId);
  const [made] = await db
    .insert(printJobs)
    .values(jobValues({ printer, orderId: null, kind: 'kitchen', reason: 'test', document: TEST_PAGE(printer.name) }))
    .returning({ id: printJobs.id });
  emitPrintersChanged(db);
  return jobsWhere(db, eq(printJobs.id, made?.id ?? ''));
}

// ---- Claims: each job is sent by one process at a time, and marked printed once. ----

/** How long a claim holds a job: longer than a send can take (connect 5 s, idle 10 s, close 2 s). */
export const CLAIM_SECONDS = 60;
/** The backoff after a failed send: 1, 2, 4, 8 s, then every 8 s until the printer is back. */
export function backoffSeconds(attempts: number): number {
  return Math.min(8, 2 ** Math.max(0, attempts - 1));
}

export interface ClaimedJob {
  job: JobRow;
  printer: PrinterRow;
}

/**
 * Claims the oldest due job of a network (tcp) printer for this process: one UPDATE ... WHERE status = 'queued' (or
 * its claim ran out) RETURNING, on a row locked with SKIP LOCKED, so two processes never claim one job. A printer
 * that is already being sent a job (a live claim) is skipped: one ticket at a time per printer, in order.
 */
export async function claimTcpJob(db: Db, processId: string): Promise<ClaimedJob | null> {
  const due = sql`(${printJobs.status} = 'queued' and ${printJobs.notBefore} <= statement_timestamp())
    or (${printJobs.status} = 'sending' and ${printJobs.claimedUntil} < statement_timestamp())`;
  const candidate = db
    .select({ id: printJobs.id })
    .from(printJobs)
    .innerJoin(printers, eq(printers.id, printJobs.printerId))
    .where(
      and(
        eq(printers.connectionKind, 'tcp'),
        due,
        sql`not exists (select 1 from print_jobs s where s.printer_id = print_jobs.printer_id and s.id <> print_jobs.id
          and s.status = 'sending' and s.claimed_until >= statement_timestamp())`,
      ),
    )
    .orderBy(asc(printJobs.createdAt), asc(printJobs.id))
    .limit(1)
    .for('update', { of: printJobs, skipLocked: true });
  const [job] = await db
    .update(printJobs)
    .set({
      status: 'sending',
      claimedBy: processId,
      claimedUntil: sql`statement_timestamp() + make_interval(secs => ${CLAIM_SECONDS})` as unknown as Date,
      attempts: sql`${printJobs.attempts} + 1` as unknown as number,
    })
    .where(and(inArray(printJobs.id, candidate), or(eq(printJobs.status, 'queued'), eq(printJobs.status, 'sending'))))
    .returning();
  if (!job) return null;
  const printer = (await db.select().from(printers).where(eq(printers.id, job.printerId)).limit(1))[0];
  return printer ? { job, printer } : null;
}

/** The printer took every byte: printed, once (only the claim's holder can mark it). */
export async function markPrinted(db: Db, jobId: string, claimedBy: string): Promise<boolean> {
  const done = await db
    .update(printJobs)
    .set({
      status: 'printed',
      printedAt: sql`statement_timestamp()` as unknown as Date,
      claimedBy: null,
      claimedUntil: null,
      lastError: null,
    })
    .where(and(eq(printJobs.id, jobId), eq(printJobs.claimedBy, claimedBy), eq(printJobs.status, 'sending')))
    .returning({ printerId: printJobs.printerId });
  const printerId = done[0]?.printerId;
  if (printerId)
    await db
      .update(printers)
      .set({ lastSeenAt: sql`statement_timestamp()` as unknown as Date, lastError: null })
      .where(eq(printers.id, printerId));
  emitPrintersChanged(db);
  return done.length > 0;
}

/** The send failed: the job goes back to the queue, to be tried again after the backoff; the printer shows why. */
export async function markForRetry(db: Db, claimed: ClaimedJob, claimedBy: string, error: string): Promise<void> {
  const wait = backoffSeconds(claimed.job.attempts);
  await db
    .update(printJobs)
    .set({
      status: 'queued',
      claimedBy: null,
      claimedUntil: null,
      lastError: error,
      notBefore: sql`statement_timestamp() + make_interval(secs => ${wait})` as unknown as Date,
    })
    .where(and(eq(printJobs.id, claimed.job.id), eq(printJobs.claimedBy, claimedBy), eq(printJobs.status, 'sending')));
  await db.update(printers).set({ lastError: error }).where(eq(printers.id, claimed.printer.id));
  emitPrintersChanged(db);
}

/** A network printer answered a probe (or did not). */
export async function recordProbe(db: Db, printerId: string, error: string | null): Promise<void> {
  await db
    .update(printers)
    .set(error === null ? { lastSeenAt: sql`statement_timestamp()` as unknown as Date, lastError: null } : { lastError: error })
    .where(eq(printers.id, printerId));
}

export async function tcpPrinters(db: Db): Promise<PrinterRow[]> {
  return db.select().from(printers).where(eq(printers.connectionKind, 'tcp'));
}

/**
 * The jobs that have waited more than PRINT_JOB_LATE_SECONDS and were not yet told about: marked told in the same
 * statement, so each is told once whichever process finds it.
 */
export async function takeLateJobs(db: Db): Promise<Array<{ job: JobRow; printerName: string }>> {
  const late = await db
    .update(printJobs)
    .set({ lateWarnedAt: sql`statement_timestamp()` as unknown as Date })
    .where(
      and(
        inArray(printJobs.status, ['queued', 'sending']),
        sql`${printJobs.lateWarnedAt} is null`,
        sql`${printJobs.createdAt} < statement_timestamp() - make_interval(secs => ${PRINT_JOB_LATE_SECONDS})`,
      ),
    )
    .returning();
  if (late.length === 0) return [];
  const names = new Map(
    (
      await db
        .select({ id: printers.id, name: printers.name })
        .from(printers)
        .where(
          inArray(
            printers.id,
            late.map((job) => job.printerId),
          ),
        )
    ).map((row) => [row.id, row.name]),
  );
  return late.map((job) => ({ job, printerName: names.get(job.printerId) ?? '' }));
}

// ---- CloudPRNT: the printer polls, fetches the job by its token and confirms it. ----

export async function printerBySecret(db: Db, secret: string): Promise<PrinterRow | null> {
  if (secret.length < 20 || secret.length > 100) return null;
  const row = (
    await db
      .select()
      .from(printers)
      .where(and(eq(printers.cloudprntSecret, secret), eq(printers.connectionKind, 'cloudprnt')))
      .limit(1)
  )[0];
  return row ?? null;
}

/** The printer polled with its status ('200 OK', or e.g. '410 Paper empty'): it is seen, and its error recorded. */
export async function recordPoll(db: Db, printerId: string, status: string | undefined): Promise<void> {
  const ok = status === undefined || /^2/.test(status.trim());
  await db
    .update(printers)
    .set({ lastSeenAt: sql`statement_timestamp()` as unknown as Date, ...(ok ? {} : { lastError: `Printer status: ${status}` }) })
    .where(eq(printers.id, printerId));
}

/** The printer's oldest waiting job: offered on each poll until the printer confirms it. */
export async function nextCloudPrntJob(db: Db, printerId: string): Promise<JobRow | null> {
  const row = (
    await db
      .select()
      .from(printJobs)
      .where(
        and(
          eq(printJobs.printerId, printerId),
          inArray(printJobs.status, ['queued', 'sending']),
          sql`${printJobs.notBefore} <= statement_timestamp()`,
        ),
      )
      .orderBy(asc(printJobs.createdAt), asc(printJobs.id))
      .limit(1)
  )[0];
  return row ?? null;
}

/** The printer fetched the job: it is being printed (another fetch, after a printer error, gets it again). */
export async function markFetched(db: Db, jobId: string): Promise<void> {
  await db
    .update(printJobs)
    .set({
      status: 'sending',
      claimedBy: 'cloudprnt',
      claimedUntil: sql`statement_timestamp() + make_interval(secs => ${CLAIM_SECONDS})` as unknown as Date,
      attempts: sql`${printJobs.attempts} + 1` as unknown as number,
    })
    .where(and(eq(printJobs.id, jobId), inArray(printJobs.status, ['queued', 'sending'])));
  emitPrintersChanged(db);
}

/**
 * The printer confirmed a job (DELETE with its result code): printed on a 2xx or 'OK', failed otherwise (it cannot
 * print that job). Only a waiting job of this printer changes, so a repeated DELETE changes nothing.
 */
export async function confirmCloudPrntJob(db: Db, printerId: string, jobId: string, code: string): Promise<boolean> {
  const ok = /^(2|ok\b)/i.test(code.trim());
  const done = await db
    .update(printJobs)
    .set(
      ok
        ? {
            status: 'printed',
            printedAt: sql`statement_timestamp()` as unknown as Date,
            claimedBy: null,
            claimedUntil: null,
            lastError: null,
          }
        : { status: 'failed', claimedBy: null, claimedUntil: null, lastError: `The printer could not print it (${code})` },
    )
    .where(and(eq(printJobs.id, jobId), eq(printJobs.printerId, printerId), inArray(printJobs.status, ['queued', 'sending'])))
    .returning({ id: printJobs.id });
  await db
    .update(printers)
    .set({
      lastSeenAt: sql`statement_timestamp()` as unknown as Date,
      lastError: ok ? null : `The printer could not print a ticket (${code})`,
    })
    .where(eq(printers.id, printerId));
  emitPrintersChanged(db);
  return done.length > 0;
}

export async function jobOfPrinter(db: Db, printerId: string, jobId: string): Promise<JobRow | null> {
  const row = (
    await db
      .select()
      .from(printJobs)
      .where(and(eq(printJobs.id, jobId), eq(printJobs.printerId, printerId)))
      .limit(1)
  )[0];
  return row ?? null;
}
