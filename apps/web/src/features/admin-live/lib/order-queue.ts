/**
 * The back office's queue of new orders (SPEC.md section 4, "New-order flow"; decision 0405): pure, so the rules
 * are tested without a socket or a browser. Every function returns a new queue and leaves its argument alone.
 *
 * - `waiting`: the orders the popup still has to show, first come first shown; the popup shows the first.
 * - `rung`: every order this tab has ever queued. An order is queued once: a second event for it, or a catch-up
 *   that lists it, changes nothing, even after the admin has dealt with it.
 * - `known`: the orders a catch-up must not ring for: those already pending when the back office opened (the
 *   baseline), and every rung order. A live `order_received` event ignores the baseline: an order the server
 *   announces is new even if the baseline's request, answered a moment later, already listed it.
 */

export const PENDING_ORDER = 'Pending Order';

/** What the queue needs of an order; the popup's orders carry more (items, totals). */
export interface QueueOrder {
  _id: string;
  status: string;
  /** ISO instant: a catch-up queues the orders it finds oldest first. */
  createdAt: string;
}

export interface OrderQueue<T extends QueueOrder> {
  readonly waiting: readonly T[];
  readonly rung: ReadonlySet<string>;
  readonly known: ReadonlySet<string>;
}

export function emptyQueue<T extends QueueOrder>(): OrderQueue<T> {
  return { waiting: [], rung: new Set(), known: new Set() };
}

function union(set: ReadonlySet<string>, ids: Iterable<string>): ReadonlySet<string> {
  const next = new Set(set);
  for (const id of ids) next.add(id);
  return next;
}

function enqueue<T extends QueueOrder>(queue: OrderQueue<T>, orders: readonly T[]): OrderQueue<T> {
  if (orders.length === 0) return queue;
  const ids = orders.map((order) => order._id);
  return { waiting: [...queue.waiting, ...orders], rung: union(queue.rung, ids), known: union(queue.known, ids) };
}

/** The baseline: orders already pending when the back office opened in this tab. They never ring on a catch-up. */
export function rememberKnown<T extends QueueOrder>(queue: OrderQueue<T>, ids: Iterable<string>): OrderQueue<T> {
  return { ...queue, known: union(queue.known, ids) };
}

/** An order loaded after its `order_received` event: queued if it is still pending and has not rung before. */
export function receive<T extends QueueOrder>(queue: OrderQueue<T>, order: T): OrderQueue<T> {
  if (order.status !== PENDING_ORDER || queue.rung.has(order._id)) return queue;
  return enqueue(queue, [order]);
}

/**
 * The pending orders found after a reconnect (events may have been missed): those not known yet are queued, oldest
 * first, each once even if the list names it twice (pages shift while they are read).
 */
export function catchUp<T extends QueueOrder>(queue: OrderQueue<T>, orders: readonly T[]): OrderQueue<T> {
  const fresh = new Map<string, T>();
  for (const order of orders) {
    if (order.status === PENDING_ORDER && !queue.known.has(order._id) && !fresh.has(order._id)) fresh.set(order._id, order);
  }
  const oldestFirst = [...fresh.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return enqueue(queue, oldestFirst);
}

/** The admin dealt with the order (approved, canceled, opened its details): it leaves the queue and never rings again. */
export function settle<T extends QueueOrder>(queue: OrderQueue<T>, id: string): OrderQueue<T> {
  if (!queue.waiting.some((order) => order._id === id)) return queue;
  return { ...queue, waiting: queue.waiting.filter((order) => order._id !== id) };
}

/** A newer copy of a waiting order (read again after a refused change): it replaces the old one in its place. */
export function refresh<T extends QueueOrder>(queue: OrderQueue<T>, order: T): OrderQueue<T> {
  if (!queue.waiting.some((waiting) => waiting._id === order._id)) return queue;
  return { ...queue, waiting: queue.waiting.map((waiting) => (waiting._id === order._id ? order : waiting)) };
}

/** What the popup shows: the first waiting order, and '1 of N' when more wait behind it. */
export function currentOrder<T extends QueueOrder>(queue: OrderQueue<T>): { order: T | null; count: number; position: string | null } {
  const count = queue.waiting.length;
  return { order: queue.waiting[0] ?? null, count, position: count > 1 ? `1 of ${count}` : null };
}

/** A product line of the popup as the spec writes it: name(quantity), e.g. 'Margherita(2)'. */
export function productLine(item: { title: string; quantity: number }): string {
  return `${item.title}(${item.quantity})`;
}

/** A message as a sentence, for the popup and its toast: the server's messages end without a full stop. */
export function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
