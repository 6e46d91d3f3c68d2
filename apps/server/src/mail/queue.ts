/**
 * Mail to customers about their orders (decision 0800), through the mail_queue table: a mail is queued once (its
 * dedupe_key is unique, so one change is one mail whichever process queues it), sent at once in the background, and
 * sent again later when sending failed, with a growing wait. Nothing here ever throws into the order that caused
 * the mail: queueing and sending failures are logged, and the order timers call deliverDueMail on every tick to
 * send what is due (a retry, or a mail whose process stopped before it went out).
 *
 * Several processes may deliver at once: a delivery claims due rows with `FOR UPDATE SKIP LOCKED` and, in the same
 * transaction, pushes their next_attempt_at past a lease, so no other delivery takes them while they are sent.
 */
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context';
import type { Db } from '../db/client';
import { mailQueue } from '../db/schema';
import { sendMail } from './mailer';

/** One mail to queue. */
export interface QueuedMail {
  /** One change, one mail: e.g. `order:<id>:accepted`. A second mail with the same key is not queued. */
  dedupeKey: string;
  orderId: string | null;
  to: string;
  subject: string;
  text: string;
}

const MINUTE = 60_000;

/** Attempts a mail gets before it is given up (logged as an error); the waits between them are RETRY_WAIT_MINUTES. */
export const MAX_MAIL_ATTEMPTS = 8;
/** The wait after the 1st, 2nd, 3rd... failed attempt; the last one repeats. */
export const RETRY_WAIT_MINUTES = [1, 5, 15, 60] as const;
/** How long a claimed mail is kept from other deliveries while it is being sent (a process that dies frees it then). */
export const CLAIM_LEASE_MINUTES = 5;
/** Mails one delivery claims at a time. */
const BATCH = 20;

/** When a mail that has now failed `attempts` times is tried again; null once it is given up. */
export function nextAttemptAfterFailure(attempts: number, now: Date): Date | null {
  if (attempts >= MAX_MAIL_ATTEMPTS) return null;
  const wait = RETRY_WAIT_MINUTES[Math.min(attempts, RETRY_WAIT_MINUTES.length) - 1] ?? RETRY_WAIT_MINUTES[0];
  return new Date(now.getTime() + wait * MINUTE);
}

/** Inserts the mail unless one with its dedupe key exists; answers whether it was new. Due at `now`. */
export async function enqueueMail(db: Db, mail: QueuedMail, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(mailQueue)
    .values({ ...mail, attempts: 0, nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing({ target: mailQueue.dedupeKey })
    .returning({ id: mailQueue.id });
  return inserted.length > 0;
}

/**
 * Queues the mail (once per dedupe key) and starts delivering it at once in this process, without waiting for it:
 * the mail goes out within a second rather than at the timers' next tick. Answers whether it was new.
 */
export async function queueMail(ctx: ServiceContext, mail: QueuedMail): Promise<boolean> {
  const fresh = await enqueueMail(ctx.db, mail, ctx.now());
  if (fresh) kickDelivery(ctx);
  return fresh;
}

type QueueRow = typeof mailQueue.$inferSelect;

/** Claims up to BATCH due mails: locked while read, skipped when another delivery holds them, then leased. */
async function claimDue(db: Db, now: Date): Promise<QueueRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(and(isNull(mailQueue.sentAt), lte(mailQueue.nextAttemptAt, now), lt(mailQueue.attempts, MAX_MAIL_ATTEMPTS)))
      .orderBy(asc(mailQueue.nextAttemptAt), asc(mailQueue.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailQueue)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MINUTES * MINUTE) })
      .where(
        inArray(
          mailQueue.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

/** Sends one claimed mail and records the outcome: sent, or the error and when to try again (or given up). */
async function deliverOne(ctx: ServiceContext, row: QueueRow): Promise<boolean> {
  try {
    await sendMail(ctx, { to: row.to, subject: row.subject, text: row.text });
  } catch (error) {
    const attempts = row.attempts + 1;
    const now = ctx.now();
    const next = nextAttemptAfterFailure(attempts, now);
    await ctx.db
      .update(mailQueue)
      .set({ attempts, lastError: errorText(error), ...(next ? { nextAttemptAt: next } : {}) })
      .where(eq(mailQueue.id, row.id));
    const details = { err: error, mailId: row.id, dedupeKey: row.dedupeKey, orderId: row.orderId, attempts };
    if (next) ctx.log.warn({ ...details, nextAttemptAt: next.toISOString() }, 'sending a queued mail failed: it is tried again later');
    else ctx.log.error(details, `sending a queued mail failed ${attempts} times: given up`);
    return false;
  }
  await ctx.db
    .update(mailQueue)
    .set({ sentAt: ctx.now(), attempts: sql`${mailQueue.attempts} + 1`, lastError: null })
    .where(eq(mailQueue.id, row.id));
  return true;
}

/**
 * Sends the queued mails that are due (`FOR UPDATE SKIP LOCKED`, a few at a time, until none is due); a failure
 * waits longer and is retried. Answers how many were sent and how many failed. The order timers call it every
 * tick; queueMail calls it at once.
 */
export async function deliverDueMail(ctx: ServiceContext): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const claimed = await claimDue(ctx.db, ctx.now());
    for (const row of claimed) {
      if (await deliverOne(ctx, row)) sent += 1;
      else failed += 1;
    }
    if (claimed.length < BATCH) return { sent, failed };
  }
}

// In-process deliveries started by queueMail, per database: one at a time, and one more after it when mail was
// queued meanwhile, so a burst of orders does not start a delivery per mail.
interface Kicks {
  running: Promise<void> | null;
  again: boolean;
}
const kicks = new WeakMap<Db, Kicks>();

function kickDelivery(ctx: ServiceContext): void {
  let state = kicks.get(ctx.db);
  if (!state) {
    state = { running: null, again: false };
    kicks.set(ctx.db, state);
  }
  if (state.running) {
    state.again = true;
    return;
  }
  const current = state;
  const run = async () => {
    do {
      current.again = false;
      try {
        await deliverDueMail(ctx);
      } catch (error) {
        // The database failed (sending failures are recorded per mail): the timers' next tick tries again.
        ctx.log.error({ err: error }, 'delivering queued mail failed');
      }
    } while (current.again);
    current.running = null;
  };
  current.running = run();
}

/** Resolves when the deliveries queueMail started in this process have finished (the app waits for it at close). */
export async function flushQueuedMail(db: Db): Promise<void> {
  for (let state = kicks.get(db); state?.running; state = kicks.get(db)) await state.running;
}
