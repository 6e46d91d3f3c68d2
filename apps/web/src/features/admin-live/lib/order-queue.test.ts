import { describe, expect, it } from 'vitest';
import {
  currentOrder,
  emptyQueue,
  productLine,
  receive,
  ringMode,
  sentence,
  settle,
  sync,
  type OrderQueue,
  type QueueOrder,
} from './order-queue';

type Order = QueueOrder & { note?: string };

/** An order placed at 18:mm (UTC) on 25 November 2026. */
function order(id: string, status = 'Pending Order', minute = 0): Order {
  const at = `2026-11-25T18:${String(minute).padStart(2, '0')}:00.000Z`;
  return { _id: id, status, createdAt: at, placedAt: at };
}

/**
 * A queue built by a list of steps, as the socket and the popup drive it. ['sync', list] is a list asked for and
 * answered with nothing in between (asked: what was waiting before); ['syncAsked', list, asked] names `asked`.
 */
type Step = ['receive', Order] | ['sync', Order[]] | ['syncAsked', Order[], string[]] | ['settle', string];

function run(steps: Step[]): OrderQueue<Order> {
  let queue = emptyQueue<Order>();
  for (const step of steps) {
    if (step[0] === 'receive') queue = receive(queue, step[1]);
    else if (step[0] === 'sync') queue = sync(queue, step[1], new Set(queue.waiting.map((o) => o._id)));
    else if (step[0] === 'syncAsked') queue = sync(queue, step[1], new Set(step[2]));
    else queue = settle(queue, step[1]);
  }
  return queue;
}

const ids = (queue: OrderQueue<Order>) => queue.waiting.map((o) => o._id);

describe('the waiting orders', () => {
  it.each<{ name: string; steps: Step[]; waiting: string[] }>([
    { name: 'one event queues its order', steps: [['receive', order('a')]], waiting: ['a'] },
    {
      name: 'orders placed at the same minute, told in turn, wait in turn',
      steps: [
        ['receive', order('a')],
        ['receive', order('b')],
        ['receive', order('c')],
      ],
      waiting: ['a', 'b', 'c'],
    },
    {
      name: 'orders placed at the same instant go by id (they grow with time), whatever told of them first',
      steps: [
        ['receive', order('b')],
        ['syncAsked', [order('c'), order('a')], []],
      ],
      waiting: ['a', 'b', 'c'],
    },
    {
      name: 'the order that has waited longest comes first, whatever told of it first',
      steps: [
        ['receive', order('late', 'Pending Order', 9)],
        ['receive', order('early', 'Pending Order', 2)],
      ],
      waiting: ['early', 'late'],
    },
    {
      name: 'a second event for the same order is not a second entry',
      steps: [
        ['receive', order('a')],
        ['receive', order('a')],
      ],
      waiting: ['a'],
    },
    { name: 'an order no longer pending when loaded does not wait', steps: [['receive', order('a', 'Approved Order')]], waiting: [] },
    {
      name: 'orders already waiting when the back office opens wait too (nothing waits unseen), oldest first',
      steps: [['sync', [order('new', 'Pending Order', 9), order('old', 'Pending Order', 1)]]],
      waiting: ['old', 'new'],
    },
    {
      name: 'an order answered (here or by another admin) never waits again, by event or list',
      steps: [
        ['receive', order('a')],
        ['settle', 'a'],
        ['receive', order('a')],
        ['sync', [order('a')]],
      ],
      waiting: [],
    },
    {
      name: 'an order read again in another status leaves, and a stale list does not bring it back',
      steps: [
        ['receive', order('a')],
        ['receive', order('a', 'Canceled Order')],
        ['sync', [order('a')]],
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
      name: 'settling an order that is not waiting changes nothing waiting',
      steps: [
        ['receive', order('a')],
        ['settle', 'zz'],
      ],
      waiting: ['a'],
    },
    {
      name: 'a list without an order that waited when it was asked for: another admin answered it',
      steps: [
        ['receive', order('a', 'Pending Order', 1)],
        ['receive', order('b', 'Pending Order', 2)],
        ['sync', [order('b', 'Pending Order', 2)]],
      ],
      waiting: ['b'],
    },
    {
      name: 'an order that came in while the list was on its way stays',
      steps: [
        ['receive', order('a', 'Pending Order', 1)],
        ['receive', order('new', 'Pending Order', 5)],
        ['syncAsked', [order('a', 'Pending Order', 1)], ['a']],
      ],
      waiting: ['a', 'new'],
    },
    {
      name: 'a list names an order twice (pages shift while read): it waits once',
      steps: [['sync', [order('b', 'Pending Order', 2), order('a', 'Pending Order', 1), order('b', 'Pending Order', 2)]]],
      waiting: ['a', 'b'],
    },
    {
      name: 'a list ignores orders no longer pending',
      steps: [['sync', [order('a', 'Canceled Order'), order('b')]]],
      waiting: ['b'],
    },
  ])('$name', ({ steps, waiting }) => {
    expect(ids(run(steps))).toEqual(waiting);
  });

  it('orders by when each is due: a slot ahead by its time, one for as soon as possible by when it was placed', () => {
    const ahead = (id: string, placedMinute: number, slot: string): Order => ({
      ...order(id, 'Pending Order', placedMinute),
      scheduledFor: slot,
    });
    const later = ahead('for-21', 0, '2026-11-25T21:00:00.000Z');
    const soon = ahead('for-1830', 5, '2026-11-25T18:30:00.000Z');
    const asap = order('asap', 'Pending Order', 10);
    const tomorrow = ahead('tomorrow', 1, '2026-11-26T12:30:00.000Z');
    // Arrived: for-21 (18:00), tomorrow (18:01), for-1830 (18:05), asap (18:10).
    expect(
      ids(
        run([
          ['receive', later],
          ['receive', tomorrow],
          ['receive', soon],
          ['receive', asap],
        ]),
      ),
    ).toEqual(['asap', 'for-1830', 'for-21', 'tomorrow']);
    expect(ids(run([['sync', [later, tomorrow, soon, asap]]]))).toEqual(['asap', 'for-1830', 'for-21', 'tomorrow']);
  });

  it('an order read again while it waits replaces its copy in its place', () => {
    const queue = run([
      ['receive', order('a')],
      ['receive', order('b')],
    ]);
    const again = receive(queue, { ...order('a'), note: 'read again' });
    expect(again.waiting.map((o) => [o._id, o.note ?? null])).toEqual([
      ['a', 'read again'],
      ['b', null],
    ]);
  });

  it('never changes the queue it is given', () => {
    const queue = run([['receive', order('a')]]);
    const before = { waiting: [...queue.waiting], done: [...queue.done] };
    receive(queue, order('b'));
    receive(queue, order('a', 'Approved Order'));
    sync(queue, [order('c')], new Set(['a']));
    settle(queue, 'a');
    expect({ waiting: [...queue.waiting], done: [...queue.done] }).toEqual(before);
  });

  it.each<{ waiting: string[]; skip: string[]; shown: string | null; position: string | null }>([
    { waiting: [], skip: [], shown: null, position: null },
    { waiting: ['a'], skip: [], shown: 'a', position: null },
    { waiting: ['a', 'b'], skip: [], shown: 'a', position: '1 of 2' },
    { waiting: ['a', 'b', 'c'], skip: [], shown: 'a', position: '1 of 3' },
    { waiting: ['a'], skip: ['a'], shown: null, position: null },
    { waiting: ['a', 'b', 'c'], skip: ['a'], shown: 'b', position: '2 of 3' },
    { waiting: ['a', 'b', 'c'], skip: ['a', 'b'], shown: 'c', position: '3 of 3' },
  ])('with $waiting waiting, $skip left aside, the popup shows $shown ($position)', ({ waiting, skip, shown, position }) => {
    const view = currentOrder(run(waiting.map((id): Step => ['receive', order(id)])), new Set(skip));
    expect({ shown: view.order?._id ?? null, count: view.count, position: view.position }).toEqual({
      shown,
      count: waiting.length,
      position,
    });
  });

  it.each<{ name: string; waiting: Order[]; now: string; mode: string }>([
    { name: 'nothing waits: silent', waiting: [], now: '18:30', mode: 'off' },
    { name: 'an order waiting 4 min: the chime', waiting: [order('a', 'Pending Order', 26)], now: '18:30', mode: 'normal' },
    { name: 'an order waiting 5 min (the setting): louder', waiting: [order('a', 'Pending Order', 25)], now: '18:30', mode: 'late' },
    {
      name: 'one late order among others: louder',
      waiting: [order('a', 'Pending Order', 29), order('b', 'Pending Order', 10)],
      now: '18:30',
      mode: 'late',
    },
    {
      name: 'an order placed ahead for 20:00, waiting 20 min since placed but not yet due to start (19:15): the chime only',
      waiting: [{ ...order('a', 'Pending Order', 10), scheduledFor: '2026-11-25T20:00:00.000Z' }],
      now: '18:30',
      mode: 'normal',
    },
  ])('$name', ({ waiting, now, mode }) => {
    expect(ringMode(waiting, new Date(`2026-11-25T${now}:00.000Z`), 5)).toBe(mode);
  });

  it('an order placed ahead is late 5 min after the kitchen would start it (its slot less the usual 45 min)', () => {
    const ahead = { ...order('a', 'Pending Order', 0), scheduledFor: '2026-11-25T20:00:00.000Z' };
    expect(ringMode([ahead], new Date('2026-11-25T19:19:00.000Z'), 5, 45)).toBe('normal');
    expect(ringMode([ahead], new Date('2026-11-25T19:20:00.000Z'), 5, 45)).toBe('late');
    expect(ringMode([ahead], new Date('2026-11-25T19:30:00.000Z'), 5, 30)).toBe('normal');
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
