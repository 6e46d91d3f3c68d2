/**
 * Kitchen capacity (issue 21): the quoted time, busy mode, pause, the 15-minute capacity slots and ordering ahead.
 * Pure functions of the shop clock's `now`, the shop's settings and what the database counts; the server decides
 * with them and the screens show what they say.
 */
import type { Fulfilment } from './fulfilment';
import { expectedTimeText } from './order-promise';
import {
  dayWords,
  nextOpeningOrNull,
  orderingStatus,
  sessionsAround,
  specialDayNotice,
  upcomingSessions,
  type OpeningHours,
  type OrderingStatus,
  type SessionWindow,
} from './opening-hours';
import { addDays, londonInstant, londonParts } from './london-time';

/** Orders are planned, capped and scheduled in slots of this many minutes, on the quarter hours. */
export const SLOT_MINUTES = 15;
const MINUTE = 60_000;
const SLOT_MS = SLOT_MINUTES * MINUTE;

export interface KitchenSettings {
  /** The shop's usual time from order to door (default 45). */
  usualMinutes: number;
  /** Accepted orders not yet on their way that the usual time already allows for. */
  queueAllowance: number;
  /** Minutes added for each accepted order beyond the allowance. */
  minutesPerExtraOrder: number;
  /** Accepted orders per 15-minute slot; 0 = no cap. */
  slotCapacity: number;
  /** Collection's usual time (issue 22 point 3, decision 1003): stands in for usualMinutes in a collection's quote. */
  collectionMinutes?: number;
}
/** Collection's usual time when the settings name none (shop_settings.collection_minutes' default). */
export const DEFAULT_COLLECTION_MINUTES = 20;

/** An order placed ahead prints its kitchen ticket this many minutes before its slot, unless the owner sets another lead. */
export const DEFAULT_TICKET_LEAD_MINUTES = 30;
export const DEFAULT_KITCHEN_SETTINGS: KitchenSettings = { usualMinutes: 45, queueAllowance: 5, minutesPerExtraOrder: 5, slotCapacity: 0 };

/** Busy mode and pause as stored: `until` null = until turned off. */
export interface KitchenState {
  busy: { extraMinutes: number; until: Date | null } | null;
  pausedUntil: Date | null;
}

/** Busy mode's extra minutes at `now` (0 when off or ended). */
export function busyExtraMinutes(state: KitchenState, now: Date): number {
  if (!state.busy) return 0;
  if (state.busy.until && state.busy.until.getTime() <= now.getTime()) return 0;
  return state.busy.extraMinutes;
}

/** Whether ordering is paused at `now`. */
export function isPaused(state: KitchenState, now: Date): boolean {
  return state.pausedUntil !== null && state.pausedUntil.getTime() > now.getTime();
}

/** The quote before capacity: the usual time, the queue beyond its allowance, and busy mode's extra. */
export function queueQuoteMinutes(settings: KitchenSettings, queueLength: number, busyExtra: number): number {
  const extraOrders = Math.max(0, queueLength - settings.queueAllowance);
  return settings.usualMinutes + extraOrders * settings.minutesPerExtraOrder + busyExtra;
}

/** The start of the 15-minute slot an instant falls in (London's offsets are whole hours, so UTC quarters agree). */
export function slotStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / SLOT_MS) * SLOT_MS);
}

/** Accepted orders per slot, keyed by the slot's start (ms since the epoch). */
export type SlotLoad = ReadonlyMap<number, number>;

function slotHasRoom(load: SlotLoad, slot: number, capacity: number): boolean {
  return capacity <= 0 || (load.get(slot) ?? 0) < capacity;
}

/**
 * When an order quoted `minutes` at `now` can arrive: `now + minutes`, or, when that slot is full, the start of the
 * next slot with room (searched a day ahead; a kitchen full for a day answers the plain time).
 */
export function readyAtWithCapacity(now: Date, minutes: number, load: SlotLoad, capacity: number): Date {
  const plain = new Date(now.getTime() + minutes * MINUTE);
  let slot = slotStart(plain).getTime();
  if (slotHasRoom(load, slot, capacity)) return plain;
  for (let i = 0; i < (24 * 60) / SLOT_MINUTES; i += 1) {
    slot += SLOT_MS;
    if (slotHasRoom(load, slot, capacity)) return new Date(slot);
  }
  return plain;
}

export interface Quote {
  /** Whole minutes from now, rounded up. */
  minutes: number;
  readyAt: Date;
}

/**
 * The settings a quote for `fulfilment` works from: a collection's usual time is collectionMinutes (decision 1003);
 * the queue, busy mode and capacity count the same for both.
 */
export function settingsFor(settings: KitchenSettings, fulfilment: Fulfilment): KitchenSettings {
  if (fulfilment === 'delivery') return settings;
  return { ...settings, usualMinutes: settings.collectionMinutes ?? DEFAULT_COLLECTION_MINUTES };
}

/** The shop's current quote: queue, busy mode and capacity together (a delivery's, or with `fulfilment` a collection's). */
export function kitchenQuote(input: {
  now: Date;
  settings: KitchenSettings;
  state: KitchenState;
  queueLength: number;
  load: SlotLoad;
  fulfilment?: Fulfilment;
}): Quote {
  const { now, state } = input;
  const settings = settingsFor(input.settings, input.fulfilment ?? 'delivery');
  const base = queueQuoteMinutes(settings, input.queueLength, busyExtraMinutes(state, now));
  const readyAt = readyAtWithCapacity(now, base, input.load, settings.slotCapacity);
  return { minutes: Math.ceil((readyAt.getTime() - now.getTime()) / MINUTE), readyAt };
}

/**
 * The slots a customer may order ahead for: quarter hours of today's and tomorrow's sessions (London calendar),
 * no sooner than `earliest` (now, or the end of a pause, plus the quote), no later than the session's last order
 * time, with room under the cap.
 */
export function orderAheadSlots(input: {
  now: Date;
  hours: OpeningHours;
  earliest: Date;
  load: SlotLoad;
  capacity: number;
  sessions?: SessionWindow[];
  fulfilment?: Fulfilment;
}): Date[] {
  const { now, earliest, load, capacity } = input;
  const today = londonParts(now);
  const todayUtc = Date.UTC(today.year, today.month - 1, today.day);
  const sessions = input.sessions ?? upcomingSessions(now, input.hours, 1, input.fulfilment);
  const slots: Date[] = [];
  for (const session of sessions) {
    // Today's and tomorrow's sessions (and the small hours of the one still running from yesterday).
    const opened = londonParts(session.opens);
    if (Math.round((Date.UTC(opened.year, opened.month - 1, opened.day) - todayUtc) / 86_400_000) > 1) continue;
    const first = Math.max(session.opens.getTime(), earliest.getTime());
    for (let slot = Math.ceil(first / SLOT_MS) * SLOT_MS; slot <= session.ordersClose.getTime(); slot += SLOT_MS) {
      if (slotHasRoom(load, slot, capacity)) slots.push(new Date(slot));
    }
  }
  return slots;
}

/** A slot as the customer reads it: 'Sat 19:30'. */
export function slotLabel(at: Date): string {
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][londonParts(at).weekday] ?? '';
  return `${weekday} ${expectedTimeText(at)}`;
}

/** Why `scheduledFor` cannot be taken, naming the next free slot; null when it is one of the slots. */
export function scheduledForRefusal(scheduledFor: Date, slots: readonly Date[]): string | null {
  if (slots.some((slot) => slot.getTime() === scheduledFor.getTime())) return null;
  const next = slots.find((slot) => slot.getTime() >= scheduledFor.getTime()) ?? slots[0];
  if (!next) return 'There is no time left to order ahead for today or tomorrow.';
  return `${slotLabel(scheduledFor)} is not a time we can take orders for. The next free time is ${slotLabel(next)}.`;
}

/** 'For Sat 19:30': a scheduled order's time, as the board, the popup, the ticket and the customer's pages show it. */
export function scheduledLine(at: Date): string {
  return `For ${slotLabel(at)}`;
}

/**
 * When the shop next takes an order at or after `at`: `at` itself while it takes orders, else its next opening (`at`
 * itself when the hours have no session in the next month: nothing later to name).
 */
export function orderingResumesAt(at: Date, hours: OpeningHours): Date {
  return orderingStatus(at, hours).acceptingOrders ? at : (nextOpeningOrNull(at, hours) ?? at);
}

function londonDayNumber(at: Date): number {
  const parts = londonParts(at);
  return Math.round(Date.UTC(parts.year, parts.month - 1, parts.day) / 86_400_000);
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * What a paused shop tells its customers: 'We are not taking orders right now. Back at 19:30.' The time is when
 * orders are taken again: the pause's end, or when that falls outside the hours (or in the last 15 minutes), the
 * next opening ('Back tomorrow at 12:00.'; 'Back on Saturday at 12:00.' further off).
 */
export function pausedMessage(now: Date, pausedUntil: Date, hours: OpeningHours): string {
  const back = orderingResumesAt(pausedUntil, hours);
  const days = londonDayNumber(back) - londonDayNumber(now);
  const day = days <= 0 ? '' : days === 1 ? 'tomorrow ' : `on ${WEEKDAY_NAMES[londonParts(back).weekday] ?? ''} `;
  return `We are not taking orders right now. Back ${day}at ${expectedTimeText(back)}.`;
}

/**
 * The end of the shop's day at `now`, for a pause 'for the rest of today': the close of the session running (Friday's
 * runs to 00:45 on Saturday), else of the session that opens later today (London calendar), else the next midnight.
 */
export function endOfShopDay(now: Date, hours: OpeningHours): Date {
  const today = londonDayNumber(now);
  for (const session of upcomingSessions(now, hours, 1)) {
    if (session.opens.getTime() <= now.getTime()) return session.closes;
    if (londonDayNumber(session.opens) === today) return session.closes;
  }
  return londonInstant(addDays(londonParts(now), 1), 0, 0);
}

/** What the shop's live state is read from: the settings, busy mode and pause, and what the database counts. */
export interface KitchenInput {
  now: Date;
  /** The opening hours in force (the owner's, decision 1400). */
  hours: OpeningHours;
  settings: KitchenSettings;
  state: KitchenState;
  /** Accepted orders not yet on their way (the kitchen's queue). */
  queueLength: number;
  /** Orders per 15-minute slot by when they are due. */
  load: SlotLoad;
}

/**
 * The earliest a customer may order ahead for: from when orders are next taken (now, or the pause's end, or the
 * next opening when that is outside the hours) plus the quote as it stands (the usual time, the queue and busy mode
 * then); slots with no room are left out by orderAheadSlots.
 */
export function orderAheadEarliest(input: Omit<KitchenInput, 'load'>): Date {
  const { now, state } = input;
  const from = isPaused(state, now) && state.pausedUntil ? state.pausedUntil : now;
  const start = orderingResumesAt(from, input.hours);
  const minutes = queueQuoteMinutes(input.settings, input.queueLength, busyExtraMinutes(state, start));
  return new Date(start.getTime() + minutes * MINUTE);
}

/** The slots a customer may order ahead for at `now` (orderAheadSlots from orderAheadEarliest); with `fulfilment`, in its sessions. */
export function kitchenSlots(input: KitchenInput & { sessions?: SessionWindow[]; fulfilment?: Fulfilment }): Date[] {
  return orderAheadSlots({
    now: input.now,
    hours: input.hours,
    earliest: orderAheadEarliest(input),
    load: input.load,
    capacity: input.settings.slotCapacity,
    ...(input.sessions ? { sessions: input.sessions } : {}),
    ...(input.fulfilment ? { fulfilment: input.fulfilment } : {}),
  });
}

/** Why the shop takes no order placed for 'as soon as possible': its hours (closed, or the last 15 minutes), or a pause. */
export type ClosedReason = 'hours' | 'paused';

/** `GET /api/opening-status`: the hours' answer with the kitchen's (the contract's orderingStatusSchema). */
export type OpeningStatus = OrderingStatus & {
  /** Null while orders are taken; 'hours' wins over 'paused' when both hold. */
  closedReason: ClosedReason | null;
  /** The quote: whole minutes from now until an order placed now is expected (queue, busy mode and capacity). */
  quoteMinutes: number;
  /** When that is (ISO). */
  quoteReadyAt: string;
  /** The same for a collection order (collectionMinutes in place of the usual time): 'Collect in about 20 min'. */
  collectionQuoteMinutes: number;
  /** Busy mode while on: its extra minutes and when it ends by itself (ISO; null = until turned off). */
  busy: { extraMinutes: number; until: string | null } | null;
  /** While paused: when the pause ends (ISO). */
  pausedUntil: string | null;
  /** The first slot a customer may order ahead for (ISO), null when there is none today or tomorrow. */
  nextSlotAt: string | null;
  /** The next special day within a fortnight, in the customer's words ('Closed on Friday 25 December'), or null. */
  specialDay: string | null;
};

/**
 * The shop's answer to 'can I order now, and when would it come': the opening hours first (closed, or the last 15
 * minutes: closedReason 'hours', their message), then a pause (acceptingOrders false, closedReason 'paused', the
 * message 'We are not taking orders right now. Back at 19:30.', opensAt/opensDay the time orders resume).
 */
export function openingStatus(input: KitchenInput & { sessions?: SessionWindow[] }): OpeningStatus {
  const { now, state } = input;
  const hours = orderingStatus(now, input.hours);
  const quote = kitchenQuote(input);
  const collection = kitchenQuote({ ...input, fulfilment: 'collection' });
  const slots = kitchenSlots(input);
  const busyOn = state.busy && busyExtraMinutes(state, now) > 0 ? state.busy : null;
  const paused = isPaused(state, now) && state.pausedUntil ? state.pausedUntil : null;
  const kitchen = {
    quoteMinutes: quote.minutes,
    quoteReadyAt: quote.readyAt.toISOString(),
    collectionQuoteMinutes: collection.minutes,
    busy: busyOn ? { extraMinutes: busyOn.extraMinutes, until: busyOn.until?.toISOString() ?? null } : null,
    pausedUntil: paused?.toISOString() ?? null,
    nextSlotAt: slots[0]?.toISOString() ?? null,
    specialDay: specialDayNotice(now, input.hours),
  };
  if (!hours.acceptingOrders) return { ...hours, closedReason: 'hours', ...kitchen };
  if (!paused) return { ...hours, closedReason: null, ...kitchen };
  const back = orderingResumesAt(paused, input.hours);
  const { ordersCloseAt: _taking, ...open } = hours;
  return {
    ...open,
    acceptingOrders: false,
    message: pausedMessage(now, paused, input.hours),
    opensAt: expectedTimeText(back),
    opensDay: dayWords(now, back),
    closedReason: 'paused',
    ...kitchen,
  };
}

/**
 * When a waiting order starts to wait for an answer (the late mark and the auto-reject count from it): when it was
 * placed, or for an order scheduled ahead, when the kitchen would have to start it (its time less the usual time),
 * whichever is later. An order for tomorrow is not rejected tonight for nobody having answered it.
 */
export function waitingFrom(placedAt: Date, scheduledFor: Date | null, usualMinutes: number): Date {
  if (!scheduledFor) return placedAt;
  return new Date(Math.max(placedAt.getTime(), scheduledFor.getTime() - usualMinutes * MINUTE));
}

/**
 * When an order accepted at `now` is expected. An order placed ahead keeps its slot: the time was agreed with the
 * customer, so accepting it never moves it (`readyInMinutes` is not asked and is ignored); only a slot already
 * passed gives way to now plus the minutes. Any other order: now plus `readyInMinutes`. Moving a scheduled order's
 * time is a separate, explicit re-time by staff.
 */
export function acceptedExpectedAt(now: Date, scheduledFor: Date | null, readyInMinutes: number): Date {
  if (scheduledFor && scheduledFor.getTime() > now.getTime()) return scheduledFor;
  return new Date(now.getTime() + readyInMinutes * MINUTE);
}

/**
 * When an accepted order's tickets print: an order placed ahead `leadMinutes` before its slot (the kitchen starts
 * it then, not hours early at accept), or at once when that moment has come; an order for as soon as possible at
 * once (`acceptedAt`).
 */
export function ticketPrintAt(acceptedAt: Date, scheduledFor: Date | null, leadMinutes: number): Date {
  if (!scheduledFor) return acceptedAt;
  return new Date(Math.max(acceptedAt.getTime(), scheduledFor.getTime() - leadMinutes * MINUTE));
}

/** What an order's history says of the end of the day closing it (the shop, not a person, completed it). */
export const CLOSED_AT_END_OF_DAY = 'Closed at the end of the day';

/** How long after a trading day ends its leftovers are closed: the last deliveries of the night are still out. */
export const CLOSE_DAY_GRACE_MINUTES = 60;

/**
 * The trading days around `now`: the sessions that open on one London calendar day, as the instant the first opens
 * and the instant the last closes (a session past midnight belongs to the day it opened).
 */
function tradingDays(now: Date, hours: OpeningHours): Array<{ opens: Date; ends: Date }> {
  const days = new Map<number, { opens: Date; ends: Date }>();
  for (const session of sessionsAround(now, hours, 7, 1)) {
    const key = londonDayNumber(session.opens);
    const day = days.get(key);
    if (!day) days.set(key, { opens: session.opens, ends: session.closes });
    else if (session.closes.getTime() > day.ends.getTime()) day.ends = session.closes;
  }
  return [...days.values()].sort((a, b) => a.opens.getTime() - b.opens.getTime());
}

/**
 * What the end of the trading day closes: the orders of the day (placed then, or placed ahead for a time then) are
 * those whose slot, or for as soon as possible whose placing, is at or before the day's end. At `now`, the day to
 * close is the latest that ended at least CLOSE_DAY_GRACE_MINUTES ago (its last session's close); null when none
 * has in the past week. The timers close it on their first tick after that moment, so the board starts the next
 * day empty.
 */
export function endedTradingDay(now: Date, hours: OpeningHours, graceMinutes = CLOSE_DAY_GRACE_MINUTES): Date | null {
  const ended = tradingDays(now, hours).filter((day) => day.ends.getTime() + graceMinutes * MINUTE <= now.getTime());
  return ended.at(-1)?.ends ?? null;
}

/**
 * "Close the day" at `now`: the end of the trading day that has begun most recently (today's, running or over, or
 * the last one before a closed day), so what is closed is everything of that day and nothing placed ahead for a
 * later one. Null when no trading day began in the past week: then nothing due later than `now` is closed.
 */
export function closingTradingDay(now: Date, hours: OpeningHours): Date | null {
  const begun = tradingDays(now, hours).filter((day) => day.opens.getTime() <= now.getTime());
  return begun.at(-1)?.ends ?? null;
}
