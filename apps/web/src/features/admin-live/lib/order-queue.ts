/**
 * The back office's waiting orders (SPEC.md section 4, "New-order flow"; decisions 0405 and 0800): pure, so the
 * rules are tested without a socket or a browser. Every function returns a new queue and leaves its argument alone.
 *
 * Nothing waits unseen: every order with status Pending Order that the shop sees is `waiting`, in the order they
 * are due (dueAt: an order placed ahead by its slot, one for as soon as possible by when it was placed), so the
 * order the kitchen must start first is shown first; the chime rings while any waits, until each is
 * accepted or rejected, here or by another admin. `done` holds the orders known to have left Pending Order (a
 * status never goes back to it), so a list read before an answer, arriving after it, does not bring one back.
 */
import { DEFAULT_KITCHEN_SETTINGS, waitingFrom } from '@shop/shared/domain/kitchen';
import { isLateWaiting } from '@shop/shared/domain/order-promise';

export const PENDING_ORDER = 'Pending Order';

/** What the queue needs of an order; the popup's orders carry more (items, totals). */
export interface QueueOrder {
  _id: string;
  status: string;
  /** ISO instant: when the order was created. */
  createdAt: string;
  /** ISO instant: when the shop first saw it (a card order once its money is held); null before. */
  placedAt: string | null;
  /** ISO instant: the slot an order placed ahead is for; null or absent for as soon as possible. */
  scheduledFor?: string | null;
}

export interface OrderQueue<T extends QueueOrder> {
  readonly waiting: readonly T[];
  readonly done: ReadonlySet<string>;
}

export function emptyQueue<T extends QueueOrder>(): OrderQueue<T> {
  return { waiting: [], done: new Set() };
}

/** When the order began waiting for the shop. */
export function waitingSince(order: QueueOrder): string {
  return order.placedAt ?? order.createdAt;
}

/** When the order is due: its slot, or for as soon as possible, when it began waiting. */
export function dueAt(order: QueueOrder): string {
  return order.scheduledFor ?? waitingSince(order);
}

function dueFirst<T extends QueueOrder>(orders: readonly T[]): T[] {
  // Orders due at the same instant (a fixed shop clock, a busy second, one slot) go by when they were created, then
  // by id (ids grow with time), so every admin's popup shows them in the same order.
  const time = (iso: string) => new Date(iso).getTime();
  return [...orders].sort(
    (a, b) => time(dueAt(a)) - time(dueAt(b)) || time(a.createdAt) - time(b.createdAt) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0),
  );
}

function withDone<T extends QueueOrder>(queue: OrderQueue<T>, id: string): OrderQueue<T> {
  const done = new Set(queue.done);
  done.add(id);
  return { waiting: queue.waiting.filter((order) => order._id !== id), done };
}

/**
 * An order read afresh (after its `order_received` or `order_changed`, or after a refused change): still pending,
 * it waits (in its place if it did, else where its time puts it); in any other status it leaves for good.
 */
export function receive<T extends QueueOrder>(queue: OrderQueue<T>, order: T): OrderQueue<T> {
  if (order.status !== PENDING_ORDER) return withDone(queue, order._id);
  if (queue.done.has(order._id)) return queue;
  if (queue.waiting.some((waiting) => waiting._id === order._id)) {
    return { ...queue, waiting: queue.waiting.map((waiting) => (waiting._id === order._id ? order : waiting)) };
  }
  return { ...queue, waiting: dueFirst([...queue.waiting, order]) };
}

/**
 * The pending orders as the server listed them. Each one not known to be done waits, once even if the list names
 * it twice (pages shift while they are read). An order that was waiting when the list was asked for (`asked`) and
 * is not in it was answered meanwhile; one that came in while the list was on its way stays.
 */
export function sync<T extends QueueOrder>(queue: OrderQueue<T>, pending: readonly T[], asked: ReadonlySet<string>): OrderQueue<T> {
  const listed = new Map<string, T>();
  for (const order of pending) {
    if (order.status === PENDING_ORDER && !queue.done.has(order._id) && !listed.has(order._id)) listed.set(order._id, order);
  }
  const kept = queue.waiting.filter((order) => !listed.has(order._id) && !asked.has(order._id));
  return { ...queue, waiting: dueFirst([...kept, ...listed.values()]) };
}

/** The order was accepted or rejected (here, or another admin's `order_changed` says so): it never waits again. */
export function settle<T extends QueueOrder>(queue: OrderQueue<T>, id: string): OrderQueue<T> {
  if (queue.done.has(id) && !queue.waiting.some((order) => order._id === id)) return queue;
  return withDone(queue, id);
}

/**
 * What the popup shows: the first waiting order but those in `skip` (the one whose page the admin has open, which
 * asks the same questions; those the admin put off with Later), and 'k of N' when more wait.
 */
export function currentOrder<T extends QueueOrder>(
  queue: OrderQueue<T>,
  skip: ReadonlySet<string> = new Set(),
): { order: T | null; count: number; position: string | null } {
  const count = queue.waiting.length;
  const index = queue.waiting.findIndex((order) => !skip.has(order._id));
  const order = index === -1 ? null : (queue.waiting[index] ?? null);
  return { order, count, position: order !== null && count > 1 ? `${index + 1} of ${count}` : null };
}

export type RingMode = 'off' | 'normal' | 'late';

/**
 * The chime: off when nothing waits, louder and faster once any waiting order is late. An order placed ahead is late
 * only counted from when the kitchen would start it (waitingFrom: its slot less the usual time, decision 0901).
 */
export function ringMode(
  waiting: readonly QueueOrder[],
  now: Date,
  lateAfterMinutes: number,
  usualMinutes: number = DEFAULT_KITCHEN_SETTINGS.usualMinutes,
): RingMode {
  if (waiting.length === 0) return 'off';
  const since = (order: QueueOrder) =>
    waitingFrom(new Date(waitingSince(order)), order.scheduledFor ? new Date(order.scheduledFor) : null, usualMinutes);
  return waiting.some((order) => isLateWaiting(since(order), now, { lateAfterMinutes })) ? 'late' : 'normal';
}

/** A product line of the popup as the spec writes it: name(quantity), e.g. 'Margherita(2)'. */
export function productLine(item: { title: string; quantity: number }): string {
  return `${item.title}(${item.quantity})`;
}

/** A message as a sentence, for the popup and its toast: the server's messages end without a full stop. */
export function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
