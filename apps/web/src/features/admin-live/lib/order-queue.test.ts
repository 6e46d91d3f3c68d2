import { describe, expect, it } from 'vitest';
import {
  catchUp,
  currentOrder,
  emptyQueue,
  productLine,
  receive,
  refresh,
  rememberKnown,
  sentence,
  settle,
  type OrderQueue,
  type QueueOrder,
} from './order-queue';

type Order = QueueOrder & { note?: string };

function order(id: string, status = 'Pending Order', minute = 0): Order {
  return { _id: id, status, createdAt: `2026-11-18T18:${String(minute).padStart(2, '0')}:00.000Z` };
}

/** A queue built by a list of steps, as the socket and the popup would drive it. */
type Step = ['baseline', string[]] | ['receive', Order] | ['catchUp', Order[]] | ['settle', string] | ['refresh', Order];

function run(steps: Step[]): OrderQueue<Order> {
  let queue = emptyQueue<Order>();
  for (const [kind, arg] of steps) {
    if (kind === 'baseline') queue = rememberKnown(queue, arg);
    else if (kind === 'receive') queue = receive(queue, arg);
    else if (kind === 'catchUp') queue = catchUp(queue, arg);
    else if (kind === 'settle') queue = settle(queue, arg);
    else queue = refresh(queue, arg);
  }
  return queue;
}

const ids = (queue: OrderQueue<Order>) => queue.waiting.map((o) => o._id);

describe('the new-order queue', () => {
  it.each<{ name: string; steps: Step[]; waiting: string[] }>([
    { name: 'one event queues its order', steps: [['receive', order('a')]], waiting: ['a'] },
    {
      name: 'orders arriving together are all queued, in arrival order',
      steps: [
        ['receive', order('a')],
        ['receive', order('b')],
        ['receive', order('c')],
      ],
      waiting: ['a', 'b', 'c'],
    },
    {
      name: 'a second event for the same order is not a second entry',
      steps: [
        ['receive', order('a')],
        ['receive', order('a')],
      ],
      waiting: ['a'],
    },
    { name: 'an order no longer pending when loaded is not queued', steps: [['receive', order('a', 'Approved Order')]], waiting: [] },
    {
      name: 'an event rings even for an order the baseline listed (its request answered after the order was placed)',
      steps: [
        ['baseline', ['a']],
        ['receive', order('a')],
      ],
      waiting: ['a'],
    },
    {
      name: 'a settled order never rings again, by event or catch-up',
      steps: [
        ['receive', order('a')],
        ['settle', 'a'],
        ['receive', order('a')],
        ['catchUp', [order('a')]],
      ],
      waiting: [],
    },
    {
      name: 'settling the shown order shows the next',
      steps: [
        ['receive', order('a')],
        ['receive', order('b')],
        ['settle', 'a'],
      ],
      waiting: ['b'],
    },
    {
      name: 'settling an order that is not waiting changes nothing',
      steps: [
        ['receive', order('a')],
        ['settle', 'zz'],
      ],
      waiting: ['a'],
    },
    {
      name: 'a catch-up skips the baseline and queues the rest, oldest first',
      steps: [
        ['baseline', ['old1', 'old2']],
        ['catchUp', [order('new2', 'Pending Order', 9), order('old1'), order('new1', 'Pending Order', 5), order('old2')]],
      ],
      waiting: ['new1', 'new2'],
    },
    {
      name: 'a catch-up does not queue again what an event already queued, nor what it lists twice',
      steps: [
        ['receive', order('a', 'Pending Order', 1)],
        ['catchUp', [order('b', 'Pending Order', 2), order('a', 'Pending Order', 1), order('b', 'Pending Order', 2)]],
      ],
      waiting: ['a', 'b'],
    },
    {
      name: 'a catch-up ignores orders no longer pending',
      steps: [['catchUp', [order('a', 'Canceled Order'), order('b')]]],
      waiting: ['b'],
    },
    {
      name: 'an empty catch-up changes nothing',
      steps: [
        ['receive', order('a')],
        ['catchUp', []],
      ],
      waiting: ['a'],
    },
    {
      name: 'two catch-ups in a row queue each order once',
      steps: [
        ['baseline', []],
        ['catchUp', [order('a')]],
        ['catchUp', [order('a'), order('b', 'Pending Order', 3)]],
      ],
      waiting: ['a', 'b'],
    },
  ])('$name', ({ steps, waiting }) => {
    expect(ids(run(steps))).toEqual(waiting);
  });

  it('refresh replaces a waiting order in its place and ignores one that is not waiting', () => {
    const queue = run([
      ['receive', order('a')],
      ['receive', order('b')],
    ]);
    const refreshed = refresh(queue, { ...order('a', 'Canceled Order'), note: 'read again' });
    expect(refreshed.waiting.map((o) => [o._id, o.status])).toEqual([
      ['a', 'Canceled Order'],
      ['b', 'Pending Order'],
    ]);
    expect(refresh(queue, order('zz'))).toBe(queue);
  });

  it('never changes the queue it is given', () => {
    const queue = run([
      ['baseline', ['k']],
      ['receive', order('a')],
    ]);
    const before = { waiting: [...queue.waiting], rung: [...queue.rung], known: [...queue.known] };
    receive(queue, order('b'));
    catchUp(queue, [order('c')]);
    settle(queue, 'a');
    rememberKnown(queue, ['d']);
    expect({ waiting: [...queue.waiting], rung: [...queue.rung], known: [...queue.known] }).toEqual(before);
  });

  it.each<{ waiting: string[]; shown: string | null; count: number; position: string | null }>([
    { waiting: [], shown: null, count: 0, position: null },
    { waiting: ['a'], shown: 'a', count: 1, position: null },
    { waiting: ['a', 'b'], shown: 'a', count: 2, position: '1 of 2' },
    { waiting: ['a', 'b', 'c'], shown: 'a', count: 3, position: '1 of 3' },
  ])('with $count waiting the popup shows $shown and position $position', ({ waiting, shown, count, position }) => {
    const view = currentOrder(run(waiting.map((id): Step => ['receive', order(id)])));
    expect({ shown: view.order?._id ?? null, count: view.count, position: view.position }).toEqual({ shown, count, position });
  });

  it.each([
    [{ title: 'Margherita', quantity: 2 }, 'Margherita(2)'],
    [{ title: 'Pizza Pair', quantity: 1 }, 'Pizza Pair(1)'],
  ])('writes %o as %s', (item, line) => {
    expect(productLine(item)).toBe(line);
  });

  it.each([
    ['The order is canceled and can no longer change', 'The order is canceled and can no longer change.'],
    [
      'The shop could not be reached. Check your connection and try again.',
      'The shop could not be reached. Check your connection and try again.',
    ],
    ['Really?', 'Really?'],
  ])('ends %j as a sentence', (text, expected) => {
    expect(sentence(text)).toBe(expected);
  });
});
