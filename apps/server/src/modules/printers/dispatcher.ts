/**
 * The print dispatcher each shop process runs (issue 24, decision 1200): it makes the automatic jobs when an order
 * is accepted (heard from the orders' events, here or on arrival with auto-accept), sends the network printers'
 * jobs (claimed one at a time, see service.ts), probes the network printers so their status is live, and tells the
 * admins of a job waiting over a minute. All its state is in the database: a restart picks the queued jobs up, and
 * a claim left by a process that died runs out after CLAIM_SECONDS and is taken by another.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { onOrderStatusChanged } from '../orders/public';
import { emitPrintersChanged, emitPrintJobLate, onPrintersChanged } from './events';
import { escPosBytes } from './render';
import {
  claimTcpJob,
  markForRetry,
  markPrinted,
  queueAcceptJobs,
  recordProbe,
  sweepMissedAcceptJobs,
  takeLateJobs,
  tcpPrinters,
} from './service';
import { probeTcpPrinter, sendToTcpPrinter } from './tcp';

/** How often a process looks for due jobs (a job made in this process is sent at once). */
const TICK_MS = 1_000;
/** How often the network printers are probed. */
const PROBE_MS = 30_000;

export function startPrintDispatcher(app: FastifyInstance): void {
  const processId = `${process.pid}-${randomUUID()}`;
  const underWay = new Set<Promise<unknown>>();
  let closing = false;
  let sending = false;
  let again = false;
  let interval: NodeJS.Timeout | undefined;
  let lastProbe = 0;
  let lastSweep = 0;

  const track = (work: Promise<unknown>) => {
    underWay.add(work);
    const forget = () => underWay.delete(work);
    work.then(forget, forget);
  };

  /** Sends due jobs until none is left; a second call while it runs makes it look once more. */
  const sendDue = async () => {
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    try {
      do {
        again = false;
        for (;;) {
          if (closing) return;
          const claimed = await claimTcpJob(app.db, processId);
          if (!claimed) break;
          const { job, printer } = claimed;
          try {
            await sendToTcpPrinter(printer.host ?? '', printer.port ?? 9100, escPosBytes(job.document, printer.paperWidth, job.copies));
            await markPrinted(app.db, job.id, processId);
            app.log.info({ jobId: job.id, printer: printer.name, orderId: job.orderId }, 'ticket printed');
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            app.log.warn({ jobId: job.id, printer: printer.name, err: message }, 'ticket not printed: kept to try again');
            await markForRetry(app.db, claimed, processId, message);
          }
        }
      } while (again && !closing);
    } finally {
      sending = false;
    }
  };

  const warnLate = async () => {
    for (const { job, printerName } of await takeLateJobs(app.db)) {
      emitPrintJobLate(app.db, {
        job_id: job.id,
        printer_id: job.printerId,
        printer_name: printerName,
        order_id: job.orderId,
        waiting_since: job.createdAt.toISOString(),
      });
    }
  };

  const probe = async () => {
    if (Date.now() - lastProbe < PROBE_MS) return;
    lastProbe = Date.now();
    for (const printer of await tcpPrinters(app.db)) {
      const error = await probeTcpPrinter(printer.host ?? '', printer.port ?? 9100).then(
        () => null,
        (failure: unknown) => (failure instanceof Error ? failure.message : String(failure)),
      );
      await recordProbe(app.db, printer.id, error);
    }
    emitPrintersChanged(app.db);
  };

  const run = (work: () => Promise<void>, what: string) => {
    if (closing) return;
    track(work().catch((error: unknown) => app.log.error({ err: error }, `printing: ${what} failed`)));
  };

  const sweep = async () => {
    // How often a process looks for accepted orders whose automatic jobs were never made (PRINTERS_SWEEP_INTERVAL_MS).
    if (Date.now() - lastSweep < app.config.printersSweepIntervalMs) return;
    lastSweep = Date.now();
    const made = await sweepMissedAcceptJobs(app);
    if (made.length > 0) {
      app.log.warn({ orderIds: made }, 'printing: accepted orders without their tickets found; tickets made');
      await sendDue();
    }
  };

  const tick = () => {
    run(sweep, 'looking for accepted orders without tickets');
    run(sendDue, 'sending tickets');
    run(warnLate, 'warning of late tickets');
    run(probe, 'probing the printers');
  };

  const stopListening = onOrderStatusChanged(
    app.db,
    async ({ orderId, change }) => {
      if (change !== 'accepted' || closing) return;
      const work = (async () => {
        if ((await queueAcceptJobs(app.db, orderId)) > 0) await sendDue();
      })();
      track(work);
      await work;
    },
    app.log,
  );

  // A job made here (a reprint, a test page) or a printer edited: look now rather than at the next tick.
  const stopKicks = onPrintersChanged(app.db, () => run(sendDue, 'sending tickets'), app.log);

  app.addHook('onReady', async () => {
    // The probe waits its first interval: a shop starting does not knock on every printer at once.
    lastProbe = Date.now();
    tick();
    interval = setInterval(tick, TICK_MS);
    interval.unref();
  });
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(interval);
    stopListening();
    stopKicks();
    await Promise.allSettled([...underWay]);
  });
}
