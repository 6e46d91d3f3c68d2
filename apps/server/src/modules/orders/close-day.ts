/**
 * The end of the trading day (decision 0800): what was left open is closed, so the board starts the next day empty.
 *
 * The orders of a day are those whose slot, or for as soon as possible whose placing, is at or before the day's end
 * (domain/kitchen.ts: endedTradingDay for the timers, closingTradingDay for the "Close the day" button). Accepted
 * ones (Approved, On the way) become Delivered (a collection's "Collected") by the shop, with the history entry
 * "Closed at the end of the day"; waiting ones are rejected as the auto-reject rejects them (NO_RESPONSE_REASON,
 * their money settled, their customers told). An order placed ahead for a later day is left alone.
 *
 * Each batch is locked `FOR UPDATE SKIP LOCKED` and changed by compare-and-set on the status it was found in, so two
 * processes, or the timer and the button, close each order once.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CLOSED_AT_END_OF_DAY, closingTradingDay } from '@shop/shared/domain/kitchen';
import { NO_RESPONSE_REASON } from '@shop/shared/domain/order-promise';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import { newId } from '../../db/id';
import { orders, orderStatusHistory } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/public';
import { readOpeningHours } from '../settings/public';
import { emitOrderStatusChanged } from './events';
import { placedOrderCondition } from './reads';
import { settleQuietly, stampsOfChange, type OrderContext } from './status';

const BATCH = 50;
const MAX_BATCHES = 40;
const OPEN: readonly OrderStatus[] = ['Pending Order', 'Approved Order', 'On the way'];

/** When an order is due: its slot, or for as soon as possible, when it was placed. */
const dueAt = sql`coalesce(${orders.scheduledFor}, ${orders.placedAt})`;

function leftOpen(dayEnd: Date) {
  return and(inArray(orders.status, [...OPEN]), placedOrderCondition, sql`${dueAt} <= ${dayEnd.toISOString()}::timestamptz`);
}

/** What closing the day did: the orders it closed (accepted ones, now delivered) and rejected (waiting ones). */
export interface DayClosed {
  closed: string[];
  rejected: string[];
}

/** How many orders closing the day at `now` would close (the button's question names it). */
export async function countLeftOpen(ctx: Pick<OrderContext, 'db' | 'now'>): Promise<{ count: number; dayEnd: Date }> {
  const dayEnd = closingTradingDay(ctx.now(), await readOpeningHours(ctx.db)) ?? ctx.now();
  const [row] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(leftOpen(dayEnd));
  return { count: Number(row?.count ?? 0), dayEnd };
}

/**
 * Closes every order of the day ending at `dayEnd` still open. `actor` is who is recorded in the audit log (the
 * shop for the timers, the member of staff who pressed the button); the history's changedBy is null either way:
 * the shop closed it, at the end of the day.
 */
export async function closeDay(ctx: OrderContext, dayEnd: Date, actor: AuditActor): Promise<DayClosed> {
  const { db } = ctx;
  const result: DayClosed = { closed: [], rejected: [] };
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const now = ctx.now();
    const { found, changed } = await db.transaction(async (tx) => {
      const open = await tx
        .select({ id: orders.id, userId: orders.userId, status: orders.status })
        .from(orders)
        .where(leftOpen(dayEnd))
        .orderBy(asc(dueAt), asc(orders.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const done: Array<{ id: string; userId: string | null; status: OrderStatus }> = [];
      for (const order of open) {
        const status: OrderStatus = order.status === 'Pending Order' ? 'Canceled Order' : 'Delivered Order';
        const updated = await tx
          .update(orders)
          .set({ status, updatedAt: now, ...(status === 'Canceled Order' ? { cancelReason: NO_RESPONSE_REASON } : {}) })
          .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
          .returning({ id: orders.id });
        if (updated.length === 0) continue;
        await tx.insert(orderStatusHistory).values({ id: newId(), orderId: order.id, status, changedBy: null, changedAt: now });
        await stampsOfChange(tx, order.id, status, now);
        done.push({ ...order, status });
      }
      if (done.length > 0) {
        const closed = done.filter((order) => order.status === 'Delivered Order').length;
        await recordAudit(tx, now, {
          actor,
          action: 'orders.close-day',
          subjectType: 'order',
          summary: `${CLOSED_AT_END_OF_DAY}: ${closed} completed, ${done.length - closed} rejected`,
          after: { orderIds: done.map((order) => order.id), dayEnd: dayEnd.toISOString() },
        });
      }
      return { found: open.length, changed: done };
    });
    for (const order of changed) {
      if (order.status === 'Canceled Order') {
        emitOrderStatusChanged(db, { orderId: order.id, userId: order.userId, status: order.status, change: 'canceled' });
        await settleQuietly(ctx, order.id);
        result.rejected.push(order.id);
      } else {
        emitOrderStatusChanged(db, { orderId: order.id, userId: order.userId, status: order.status, change: 'delivered' });
        result.closed.push(order.id);
      }
    }
    if (found < BATCH) break;
  }
  if (result.closed.length + result.rejected.length > 0) {
    ctx.log.info({ dayEnd, closed: result.closed.length, rejected: result.rejected.length }, 'closed what the trading day left open');
  }
  return result;
}
