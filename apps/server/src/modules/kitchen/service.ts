/**
 * The kitchen's live state (issue 21, decision 0901): the quote, busy mode, the pause, the capacity per 15-minute
 * slot and the slots to order ahead for. One statement reads all the database knows of it (the settings, busy mode
 * and pause, the queue and the load per slot); the rules are domain/kitchen.ts's, on the shop clock.
 */
import { eq } from 'drizzle-orm';
import type { OrderSlotsAnswer, ShopStatusUpdate } from '@shop/shared/contract/shop-status';
import {
  DEFAULT_COLLECTION_MINUTES,
  DEFAULT_KITCHEN_SETTINGS,
  endOfShopDay,
  kitchenQuote,
  kitchenSlots,
  openingStatus,
  pausedMessage,
  isPaused,
  scheduledForRefusal,
  slotLabel,
  slotStart,
  type KitchenInput,
  type OpeningStatus,
  type Quote,
} from '@shop/shared/domain/kitchen';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { clockText, londonParts } from '@shop/shared/domain/london-time';
import { upcomingSessions, type OpeningHours } from '@shop/shared/domain/opening-hours';
import type { ServiceContext } from '../../context';
import { runPrepared } from '../../db/client';
import { shopStatus } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/public';
import { readOpeningHours } from '../settings/public';
import { emitShopStatusChanged } from './events';

const STATUS_ROW = 1;
const MINUTE = 60_000;
/** The load is read this far ahead: the quote searches a day past its time, ordering ahead today and tomorrow. */
const LOAD_DAYS = 3;

type KitchenContext = Pick<ServiceContext, 'db' | 'now'>;

interface KitchenRow extends Record<string, unknown> {
  usual_minutes: number | null;
  queue_allowance: number | null;
  minutes_per_extra_order: number | null;
  slot_capacity: number | null;
  collection_minutes: number | null;
  busy_extra_minutes: number | null;
  busy_until: Date | string | null;
  paused_until: Date | string | null;
  queue: number | string;
  load: Array<[number | string, number | string]> | string | null;
}

/**
 * The one statement the opening status costs (it is polled by every storefront): the settings and state rows (the
 * defaults when absent), the queue (accepted orders not yet on their way, due since the running session opened;
 * an order scheduled ahead joins once its time is within the usual time) and the load per slot (orders placed and
 * not canceled, by when they are due: expected_at, or scheduled_for while waiting; orders_due_at_idx).
 */
const KITCHEN_STATEMENT = {
  name: 'kitchen-state',
  text: `select s.usual_minutes, s.queue_allowance, s.minutes_per_extra_order, s.slot_capacity, s.collection_minutes,
    k.busy_extra_minutes, k.busy_until, k.paused_until,
    (select count(*)::int from orders o
      where o.status = 'Approved Order' and o.placed_at is not null
        and coalesce(o.expected_at, o.scheduled_for) >= $2::text::timestamptz
        and (o.scheduled_for is null
          or o.scheduled_for <= $1::text::timestamptz + make_interval(mins => coalesce(s.usual_minutes, $5::int)))) as queue,
    (select json_agg(json_build_array(l.slot, l.n)) from (
      select (floor(extract(epoch from coalesce(o.expected_at, o.scheduled_for)) / 900) * 900000)::bigint as slot, count(*)::int as n
      from orders o
      where coalesce(o.expected_at, o.scheduled_for) >= $3::text::timestamptz
        and coalesce(o.expected_at, o.scheduled_for) < $4::text::timestamptz
        and o.status <> 'Canceled Order' and o.placed_at is not null
      group by 1) l) as load
    from (select 1) as one
    left join shop_settings s on s.id = 1
    left join shop_status k on k.id = 1`,
};

const asDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** Where the queue starts: the running session's opening, or now when the shop is closed. */
function queueFrom(now: Date, hours: OpeningHours): Date {
  const running = upcomingSessions(now, hours, 0).find((session) => session.opens.getTime() <= now.getTime());
  return running ? running.opens : now;
}

/**
 * Everything the kitchen's rules need at the shop clock's now: the opening hours (the owner's, read at each use so a
 * change in any process counts at once, decision 1400), then the rest in one statement (its queue starts at the
 * running session's opening, which the hours say).
 */
export async function readKitchen(ctx: KitchenContext): Promise<KitchenInput> {
  const now = ctx.now();
  const hours = await readOpeningHours(ctx.db);
  const rows = await runPrepared<KitchenRow>(ctx.db, KITCHEN_STATEMENT, [
    now.toISOString(),
    queueFrom(now, hours).toISOString(),
    slotStart(now).toISOString(),
    new Date(now.getTime() + LOAD_DAYS * 24 * 60 * MINUTE).toISOString(),
    DEFAULT_KITCHEN_SETTINGS.usualMinutes,
  ]);
  const row = rows[0];
  if (!row) throw new Error('The kitchen statement answered no row');
  const loadRows = typeof row.load === 'string' ? (JSON.parse(row.load) as KitchenRow['load']) : row.load;
  const load = new Map<number, number>();
  for (const [slot, n] of Array.isArray(loadRows) ? loadRows : []) load.set(Number(slot), Number(n));
  return {
    now,
    hours,
    settings: {
      usualMinutes: row.usual_minutes ?? DEFAULT_KITCHEN_SETTINGS.usualMinutes,
      queueAllowance: row.queue_allowance ?? DEFAULT_KITCHEN_SETTINGS.queueAllowance,
      minutesPerExtraOrder: row.minutes_per_extra_order ?? DEFAULT_KITCHEN_SETTINGS.minutesPerExtraOrder,
      slotCapacity: row.slot_capacity ?? DEFAULT_KITCHEN_SETTINGS.slotCapacity,
      collectionMinutes: row.collection_minutes ?? DEFAULT_COLLECTION_MINUTES,
    },
    state: {
      busy: row.busy_extra_minutes === null ? null : { extraMinutes: row.busy_extra_minutes, until: asDate(row.busy_until) },
      pausedUntil: asDate(row.paused_until),
    },
    queueLength: Number(row.queue),
    load,
  };
}

/** `GET /api/opening-status`: the hours, the pause, busy mode and the quote, by the shop clock. */
export async function readOpeningStatus(ctx: KitchenContext): Promise<OpeningStatus> {
  return openingStatus(await readKitchen(ctx));
}

/**
 * The shop's quote now (queue, busy mode, capacity): what an order placed now is promised by default; a collection's
 * from collectionMinutes (decision 1003).
 */
export async function currentQuote(ctx: KitchenContext, fulfilment: Fulfilment = 'delivery'): Promise<Quote> {
  return kitchenQuote({ ...(await readKitchen(ctx)), fulfilment });
}

/** `GET /api/order-slots`: whether 'as soon as possible' is taken now, the quote, and the slots to order ahead for. */
export async function readOrderSlots(ctx: KitchenContext, fulfilment?: Fulfilment): Promise<OrderSlotsAnswer> {
  const input = await readKitchen(ctx);
  const status = openingStatus(input);
  return {
    asap: status.acceptingOrders,
    quoteMinutes: status.quoteMinutes,
    slots: kitchenSlots({ ...input, ...(fulfilment ? { fulfilment } : {}) }).map((at) => ({ at: at.toISOString(), label: slotLabel(at) })),
  };
}

/**
 * Why an order cannot be scheduled for `scheduledFor` now ('Sat 19:20 is not a time we can take orders for. The
 * next free time is Sat 19:30.'), or null when it is one of the free slots.
 */
export async function scheduleRefusal(ctx: KitchenContext, scheduledFor: Date, fulfilment?: Fulfilment): Promise<string | null> {
  return scheduledForRefusal(scheduledFor, kitchenSlots({ ...(await readKitchen(ctx)), ...(fulfilment ? { fulfilment } : {}) }));
}

/** While the shop is paused: the words to refuse an order for as soon as possible with; null otherwise. */
export async function pauseRefusal(ctx: KitchenContext): Promise<string | null> {
  const now = ctx.now();
  const row = (
    await ctx.db.select({ pausedUntil: shopStatus.pausedUntil }).from(shopStatus).where(eq(shopStatus.id, STATUS_ROW)).limit(1)
  )[0];
  const pausedUntil = row?.pausedUntil ?? null;
  if (!pausedUntil || !isPaused({ busy: null, pausedUntil }, now)) return null;
  return pausedMessage(now, pausedUntil, await readOpeningHours(ctx.db));
}

/** 'HH:MM' on London's clock. */
function londonClock(instant: Date): string {
  const parts = londonParts(instant);
  return clockText(parts.hour * 60 + parts.minute);
}

/**
 * `PUT /api/shop-status` (admins): busy mode and the pause on or off, stored in the one row (the fields not sent
 * are left as they are). Both end by themselves at their time; nothing clears them. After the commit every
 * connection is told (`shop_status`, with the opening status it answers).
 */
export async function updateShopStatus(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'log'>,
  change: ShopStatusUpdate,
  actor: AuditActor,
): Promise<OpeningStatus> {
  const now = ctx.now();
  const set: Partial<typeof shopStatus.$inferInsert> = {};
  if (change.busy !== undefined) {
    set.busyExtraMinutes = change.busy?.extraMinutes ?? null;
    set.busyUntil = change.busy?.forMinutes ? new Date(now.getTime() + change.busy.forMinutes * MINUTE) : null;
  }
  if (change.pause !== undefined) {
    const pause = change.pause;
    // The body's schema lets exactly one of forMinutes and untilEndOfDay through.
    set.pausedUntil =
      pause === null
        ? null
        : pause.untilEndOfDay
          ? endOfShopDay(now, await readOpeningHours(ctx.db))
          : new Date(now.getTime() + (pause.forMinutes ?? 0) * MINUTE);
  }
  await ctx.db.transaction(async (tx) => {
    const before = (await tx.select().from(shopStatus).where(eq(shopStatus.id, STATUS_ROW)).limit(1).for('update'))[0];
    await tx
      .insert(shopStatus)
      .values({ id: STATUS_ROW, busyExtraMinutes: null, busyUntil: null, pausedUntil: null, ...set, updatedAt: now })
      .onConflictDoUpdate({ target: shopStatus.id, set: { ...set, updatedAt: now } });
    if (change.pause !== undefined) {
      const was = before?.pausedUntil && before.pausedUntil > now ? before.pausedUntil : null;
      await recordAudit(tx, now, {
        actor,
        action: 'shop.pause',
        subjectType: 'shop',
        summary: set.pausedUntil ? `Paused orders until ${londonClock(set.pausedUntil)}` : 'Ended the pause: orders are taken again',
        before: { pausedUntil: was ? londonClock(was) : null },
        after: { pausedUntil: set.pausedUntil ? londonClock(set.pausedUntil) : null },
      });
    }
    if (change.busy !== undefined) {
      const wasBusy = before?.busyExtraMinutes != null && (!before.busyUntil || before.busyUntil > now);
      const busyState = (extra: number | null | undefined, until: Date | null | undefined) =>
        extra == null ? { busy: false } : { busy: true, extraMinutes: extra, until: until ? londonClock(until) : 'turned off' };
      const extra = set.busyExtraMinutes;
      await recordAudit(tx, now, {
        actor,
        action: 'shop.busy',
        subjectType: 'shop',
        summary:
          extra == null
            ? 'Ended busy mode'
            : `Busy mode: ${extra} extra minutes ${set.busyUntil ? `until ${londonClock(set.busyUntil)}` : 'until turned off'}`,
        before: wasBusy ? busyState(before?.busyExtraMinutes, before?.busyUntil) : { busy: false },
        after: busyState(extra, set.busyUntil),
      });
    }
  });
  ctx.log.info({ actorId: actor.id, ...set }, 'shop status changed');
  const status = await readOpeningStatus(ctx);
  emitShopStatusChanged(ctx.db, status);
  return status;
}
