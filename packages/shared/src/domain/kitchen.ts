/**
 * Kitchen capacity (issue 21): the quoted time, busy mode, pause, the 15-minute capacity slots and ordering ahead.
 * Pure functions of the shop clock's `now`, the shop's settings and what the database counts; the server decides
 * with them and the screens show what they say.
 */
import { expectedTimeText } from './order-promise';
import { upcomingSessions, type SessionWindow } from './opening-hours';
import { londonParts } from './london-time';

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
}
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

/** The shop's current quote: queue, busy mode and capacity together. */
export function kitchenQuote(input: {
  now: Date;
  settings: KitchenSettings;
  state: KitchenState;
  queueLength: number;
  load: SlotLoad;
}): Quote {
  const { now, settings, state } = input;
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
  earliest: Date;
  load: SlotLoad;
  capacity: number;
  sessions?: SessionWindow[];
}): Date[] {
  const { now, earliest, load, capacity } = input;
  const today = londonParts(now);
  const todayUtc = Date.UTC(today.year, today.month - 1, today.day);
  const sessions = input.sessions ?? upcomingSessions(now, 1);
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
