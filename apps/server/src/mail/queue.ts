/**
 * Mail to customers about their orders (decision 0800), through the mail_queue table.
 *
 * STUB: the mail engineer builds the queue and its sender; the order timers call deliverDueMail on every tick.
 */
import type { ServiceContext } from '../context';

/** Sends the queued mails that are due (a few at a time, `FOR UPDATE SKIP LOCKED`); a failure waits longer and is retried. */
export async function deliverDueMail(_ctx: ServiceContext): Promise<void> {
  // Nothing queued until the mail engineer builds it.
}
