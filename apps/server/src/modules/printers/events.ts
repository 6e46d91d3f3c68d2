import type { PrintJobLateEvent } from '@shop/shared/contract/printers';
import { dbEvents } from '../../db-events';

/** A job has waited more than a minute (told once per job, by whichever process sees it first). */
const printJobLate = dbEvents<PrintJobLateEvent>('print job late', (event) => ({ jobId: event.job_id }));
/** A printer or its jobs changed: the back office refetches. */
const printersChanged = dbEvents<void>('printers changed');

export const onPrintJobLate = printJobLate.on;
export const emitPrintJobLate = printJobLate.emit;
export const onPrintersChanged = printersChanged.on;
export const emitPrintersChanged = printersChanged.emit;
