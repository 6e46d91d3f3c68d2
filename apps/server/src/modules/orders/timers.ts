/**
 * The order timers (decision 0800): nothing waits unseen. Every shop process runs them on start and every
 * ORDER_TIMERS_INTERVAL_MS; all their state is in the database, so a restart loses nothing and several processes
 * act once:
 *
 * - auto-accept: with the `autoAccept` setting, a waiting order is accepted with the shop's quote, on arrival (an
 *   onOrderPlaced listener) and by each tick for any the listener missed (a stop, a restart). It goes through the
 *   admin's own path: the capture is idempotent at the provider and the status changes by compare-and-set, so two
 *   processes accepting one order capture once and record one change. A capture that fails leaves the order
 *   waiting for a person.
 * - auto-reject: an order still 'Pending Order' `autoRejectAfterMinutes` (0 = never) after it began to wait is
 *   canceled by the shop (NO_RESPONSE_REASON; the history's changedBy is null). It waits from when it was placed,
 *   or, scheduled ahead, from its slot less the usual time if that is later (waitingFrom, decision 0901): an order
 *   for tomorrow evening is not rejected tonight. The orders are found with
 *   `FOR UPDATE SKIP LOCKED`, so another process's tick skips the ones being rejected, and changed only by
 *   compare-and-set from 'Pending Order'. After the commit their money is settled and their customers told.
 * - the end of the day: with the `autoCloseDay` setting, once a trading day has ended (its last session closed
 *   CLOSE_DAY_GRACE_MINUTES ago, domain/kitchen.ts endedTradingDay), what it left open is closed (close-day.ts).
 * - the payments module's sweep (orderMoney.settleOutstanding) and the due mail (deliverDueMail), each as idempotent.
 *
 * pg-boss was not taken (decision 0800): it needs a PostgreSQL connection string, and a small shop runs on the
 * embedded PGlite.
 */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { endedTradingDay } from '@shop/shared/domain/kitchen';
import { NO_RESPONSE_REASON } from '@shop/shared/domain/order-promise';
import { newId } from '../../db/id';
import { recordAudit, SHOP_ACTOR } from '../audit/public';
import { orders, orderStatusHistory } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { deliverDueMail } from '../../mail/queue';
import { readOpeningHours, readShopSettings } from '../settings/public';
import { closeDay } from './close-day';
import { emitOrderStatusChanged, onOrderPlaced } from './events';
import { placedOrderCondition } from './reads';
import { settleQuietly, stampsOfChange, updateOrderStatus, type OrderContext } from './status';

/** Orders taken per batch; a tick goes on with further batches until none is left (at most MAX_BATCHES). */
const BATCH = 20;
const MAX_BATCHES = 50;
const MINUTE = 60_000;

/** What one run of the timers did: the orders it accepted and rejected, and those the day's end closed. */
export interface OrderTimersRun {
  accepted: string[];
  rejected: string[];
  /** Accepted orders the end of the day completed; absent when none. */
  closed?: string[];
}

/**
 * One run of every order timer, as each tick does it (tests call it directly on a fixed shop clock). A timer that
 * fails is logged and the others still run; the next tick tries again.
 */
export async function runOrderTimers(ctx: OrderContext): Promise<OrderTimersRun> {
  const run: OrderTimersRun = { accepted: [], rejected: [] };
  const settings = await step(ctx, 'reading the shop settings', () => readShopSettings(ctx.db));
  if (settings?.autoAccept) run.accepted = (await step(ctx, 'auto-accept', () => acceptWaitingOrders(ctx))) ?? [];
  if (settings && settings.autoRejectAfterMinutes > 0) {
    const minutes = settings.autoRejectAfterMinutes;
    const usual = settings.usualMinutes;
    run.rejected = (await step(ctx, 'auto-reject', () => rejectUnansweredOrders(ctx, minutes, usual))) ?? [];
  }
  if (settings?.autoCloseDay) {
    const day = await step(ctx, 'closing the day', async () => {
      const dayEnd = endedTradingDay(ctx.now(), await readOpeningHours(ctx.db));
      return dayEnd ? closeDay(ctx, dayEnd, SHOP_ACTOR) : null;
    });
    if (day) {
      if (day.closed.length > 0) run.closed = day.closed;
      run.rejected = [...run.rejected, ...day.rejected];
    }
  }
  await step(ctx, 'settling outstanding money', () => ctx.orderMoney.settleOutstanding());
  await step(ctx, 'delivering due mail', () => deliverDueMail(ctx));
  return run;
}

async function step<T>(ctx: OrderContext, what: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    ctx.log.error({ err: error }, `order timers: ${what} failed; the next run tries again`);
    return undefined;
  }
}

/**
 * Cancels, as the shop, every order waiting since `minutes` or more before the shop clock's now: waiting from
 * when it was placed, or for an order scheduled ahead from its slot less `usualMinutes` when that is later
 * (domain/kitchen.ts waitingFrom). Each batch is locked (`FOR UPDATE SKIP LOCKED`) and changed in one transaction;
 * then each order's money is settled and its customer told. Answers the ids it canceled.
 */
export async function rejectUnansweredOrders(ctx: OrderContext, minutes: number, usualMinutes: number): Promise<string[]> {
  const { db } = ctx;
  const rejected: string[] = [];
  // greatest() leaves out nulls: an order for as soon as possible waits from placed_at.
  const waitingSince = sql`greatest(${orders.placedAt}, ${orders.scheduledFor} - make_interval(mins => ${usualMinutes}::int))`;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const now = ctx.now();
    const cutoff = new Date(now.getTime() - minutes * MINUTE);
    const { found, canceled } = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id, userId: orders.userId })
        .from(orders)
        .where(and(eq(orders.status, 'Pending Order'), placedOrderCondition, sql`${waitingSince} <= ${cutoff.toISOString()}::timestamptz`))
        .orderBy(asc(waitingSince), asc(orders.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const done: Array<{ id: string; userId: string | null }> = [];
      for (const order of due) {
        const changed = await tx
          .update(orders)
          .set({ status: 'Canceled Order', cancelReason: NO_RESPONSE_REASON, updatedAt: now })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'Pending Order')))
          .returning({ id: orders.id });
        if (changed.length === 0) continue;
        await tx
          .insert(orderStatusHistory)
          .values({ id: newId(), orderId: order.id, status: 'Canceled Order', changedBy: null, changedAt: now });
        await stampsOfChange(tx, order.id, 'Canceled Order', now);
        await recordAudit(tx, now, {
          actor: SHOP_ACTOR,
          action: 'order.reject',
          subjectType: 'order',
          subjectId: order.id,
          summary: `Rejected order ${displayOrderId(order.id)}: ${NO_RESPONSE_REASON}`,
          before: { status: 'Pending Order' },
          after: { status: 'Canceled Order', reason: NO_RESPONSE_REASON },
        });
        done.push(order);
      }
      return { found: due.length, canceled: done };
    });
    for (const order of canceled) {
      ctx.log.info({ orderId: order.id, minutes }, 'order timers: nobody answered the order in time; the shop rejected it');
      emitOrderStatusChanged(db, { orderId: order.id, userId: order.userId, status: 'Canceled Order', change: 'canceled' });
      await settleQuietly(ctx, order.id);
      rejected.push(order.id);
    }
    if (found < BATCH) break;
  }
  return rejected;
}

/**
 * Accepts one waiting order as the shop, with the shop's quote; answers whether it did. A capture the provider
 * refuses leaves it waiting (logged): a person decides.
 */
export async function acceptAsShop(ctx: OrderContext, orderId: string): Promise<boolean> {
  try {
    const { modifiedCount } = await updateOrderStatus(ctx, SHOP_ACTOR, orderId, { status: 'Approved Order', onlyFrom: 'Pending Order' });
    return modifiedCount === 1;
  } catch (error) {
    if (error instanceof HttpError && error.code === 'CAPTURE_FAILED') {
      ctx.log.warn({ orderId, reason: error.message }, 'auto-accept: the card payment could not be taken; the order waits for the shop');
      return false;
    }
    // Someone else answered it meanwhile (refused, or still racing), or it is gone: nothing for the shop to do now.
    const answeredElsewhere: readonly string[] = ['INVALID_STATUS_CHANGE', 'ORDER_CHANGED_CONCURRENTLY', 'ORDER_NOT_FOUND'];
    if (error instanceof HttpError && answeredElsewhere.includes(error.code)) return false;
    throw error;
  }
}

/**
 * Auto-accept's sweep: the waiting orders whose money can be taken (cash, or a card's held money), oldest first.
 * A card order whose capture failed is not tried again: it waits for a person (or the auto-reject).
 */
async function acceptWaitingOrders(ctx: OrderContext): Promise<string[]> {
  const waiting = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'Pending Order'),
        placedOrderCondition,
        or(eq(orders.paymentType, 'Cash'), eq(orders.paymentStatus, 'authorised')),
      ),
    )
    .orderBy(asc(orders.placedAt), asc(orders.id))
    .limit(BATCH * MAX_BATCHES);
  const accepted: string[] = [];
  for (const { id } of waiting) if (await acceptAsShop(ctx, id)) accepted.push(id);
  return accepted;
}

/**
 * Starts the order timers of a running shop: a run once the app is ready and then every
 * `config.orderTimersIntervalMs` (none when 0; the interval does not keep the process alive, and a run still going
 * when the next is due is not doubled), and auto-accept on each order's arrival. Closing the app stops them and
 * waits for the work under way.
 */
export function startOrderTimers(app: FastifyInstance): void {
  const ctx: OrderContext = app;
  const underWay = new Set<Promise<unknown>>();
  let ticking = false;
  let closing = false;
  let interval: NodeJS.Timeout | undefined;

  const track = (work: Promise<unknown>) => {
    underWay.add(work);
    // Forget it either way; its failure is the caller's to log (a `.finally` here would be a second promise
    // rejecting unhandled, which stops the process: seen when the database went down mid-order).
    const forget = () => underWay.delete(work);
    work.then(forget, forget);
  };
  const tick = () => {
    if (ticking || closing) return;
    ticking = true;
    track(
      runOrderTimers(ctx)
        .catch((error: unknown) => app.log.error({ err: error }, 'order timers failed'))
        .finally(() => {
          ticking = false;
        }),
    );
  };

  const stopListening = onOrderPlaced(
    app.db,
    async ({ orderId }) => {
      if (closing) return;
      const work = (async () => {
        if ((await readShopSettings(app.db)).autoAccept) await acceptAsShop(ctx, orderId);
      })();
      track(work);
      await work;
    },
    app.log,
  );

  const every = app.config.orderTimersIntervalMs;
  if (every > 0) {
    app.addHook('onReady', async () => {
      tick();
      interval = setInterval(tick, every);
      interval.unref();
    });
  }
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(interval);
    stopListening();
    await Promise.allSettled([...underWay]);
  });
}
