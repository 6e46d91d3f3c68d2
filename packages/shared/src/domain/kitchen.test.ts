import { describe, expect, it } from 'vitest';
import {
  busyExtraMinutes,
  DEFAULT_KITCHEN_SETTINGS,
  isPaused,
  kitchenQuote,
  orderAheadSlots,
  queueQuoteMinutes,
  readyAtWithCapacity,
  scheduledForRefusal,
  slotLabel,
  slotStart,
  type KitchenState,
} from './kitchen';
import { nextOpening, upcomingSessions } from './opening-hours';

const at = (iso: string) => new Date(iso);
const OFF: KitchenState = { busy: null, pausedUntil: null };
const times = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('busy mode and pause end by themselves', () => {
  it.each<[KitchenState, string, number, boolean]>([
    [OFF, '2026-11-27T19:00:00Z', 0, false],
    [{ busy: { extraMinutes: 30, until: at('2026-11-27T20:00:00Z') }, pausedUntil: null }, '2026-11-27T19:59:59Z', 30, false],
    [{ busy: { extraMinutes: 30, until: at('2026-11-27T20:00:00Z') }, pausedUntil: null }, '2026-11-27T20:00:00Z', 0, false],
    [{ busy: { extraMinutes: 15, until: null }, pausedUntil: null }, '2030-01-01T00:00:00Z', 15, false],
    [{ busy: null, pausedUntil: at('2026-11-27T19:30:00Z') }, '2026-11-27T19:29:00Z', 0, true],
    [{ busy: null, pausedUntil: at('2026-11-27T19:30:00Z') }, '2026-11-27T19:30:00Z', 0, false],
  ])('%j at %s: busy +%i, paused %s', (state, now, extra, paused) => {
    expect(busyExtraMinutes(state, at(now))).toBe(extra);
    expect(isPaused(state, at(now))).toBe(paused);
  });
});

describe('the quote grows with the queue and busy mode', () => {
  it.each<[number, number, number]>([
    [0, 0, 45],
    [5, 0, 45],
    [6, 0, 50],
    [9, 0, 65],
    [0, 30, 75],
    [7, 15, 70],
  ])('queue %i, busy +%i: %i minutes', (queue, busy, minutes) => {
    expect(queueQuoteMinutes(DEFAULT_KITCHEN_SETTINGS, queue, busy)).toBe(minutes);
  });
});

describe('capacity moves the time to the next 15-minute slot with room', () => {
  const now = at('2026-11-27T19:00:00Z');
  const slot = (iso: string) => at(iso).getTime();
  it('no cap: the plain time', () => {
    expect(readyAtWithCapacity(now, 45, new Map([[slot('2026-11-27T19:45:00Z'), 99]]), 0).toISOString()).toBe('2026-11-27T19:45:00.000Z');
  });
  it('room in the slot: the plain time', () => {
    expect(readyAtWithCapacity(now, 50, new Map([[slot('2026-11-27T19:45:00Z'), 3]]), 4).toISOString()).toBe('2026-11-27T19:50:00.000Z');
  });
  it('a full slot and the next full too: the first slot with room', () => {
    const load = new Map([
      [slot('2026-11-27T19:45:00Z'), 4],
      [slot('2026-11-27T20:00:00Z'), 4],
    ]);
    expect(readyAtWithCapacity(now, 50, load, 4).toISOString()).toBe('2026-11-27T20:15:00.000Z');
    expect(kitchenQuote({ now, settings: { ...DEFAULT_KITCHEN_SETTINGS, slotCapacity: 4 }, state: OFF, queueLength: 0, load })).toEqual({
      minutes: 75,
      readyAt: at('2026-11-27T20:15:00Z'),
    });
  });
  it('slots start on London quarter hours in summer too', () => {
    expect(slotStart(at('2026-07-10T18:52:00+01:00')).toISOString()).toBe('2026-07-10T17:45:00.000Z');
  });
});

describe('sessions as instants, through the clock changes and past midnight', () => {
  it('Friday evening: Friday 14:00-00:45 running, then Saturday and Sunday', () => {
    const sessions = upcomingSessions(at('2026-11-27T19:00:00Z'), 2);
    expect(sessions.map((s) => [s.opens.toISOString(), s.ordersClose.toISOString(), s.closes.toISOString()])).toEqual([
      ['2026-11-27T14:00:00.000Z', '2026-11-28T00:30:00.000Z', '2026-11-28T00:45:00.000Z'],
      ['2026-11-28T12:00:00.000Z', '2026-11-29T00:30:00.000Z', '2026-11-29T00:45:00.000Z'],
      ['2026-11-29T12:00:00.000Z', '2026-11-29T23:00:00.000Z', '2026-11-29T23:15:00.000Z'],
    ]);
  });
  it('Saturday 00:20 is still Friday’s session', () => {
    expect(upcomingSessions(at('2026-11-28T00:20:00Z'), 0)[0]?.opens.toISOString()).toBe('2026-11-27T14:00:00.000Z');
  });
  it('in BST the hours are London’s: Friday 10 July opens 13:00 UTC', () => {
    expect(upcomingSessions(at('2026-07-10T09:00:00Z'), 0)[0]?.opens.toISOString()).toBe('2026-07-10T13:00:00.000Z');
  });
  it('across the clocks going back (Sunday 25 October 2026): Sunday opens 12:00 GMT', () => {
    expect(upcomingSessions(at('2026-10-24T23:30:00Z'), 1).map((s) => s.opens.toISOString())).toEqual([
      '2026-10-24T11:00:00.000Z',
      '2026-10-25T12:00:00.000Z',
      '2026-10-26T12:00:00.000Z',
    ]);
  });
  it.each([
    ['2026-11-27T19:00:00Z', '2026-11-28T12:00:00.000Z'],
    ['2026-11-26T09:00:00Z', '2026-11-26T12:00:00.000Z'],
    ['2026-11-28T00:50:00Z', '2026-11-28T12:00:00.000Z'],
  ])('next opening after %s: %s', (now, expected) => {
    expect(nextOpening(at(now)).toISOString()).toBe(expected);
  });
});

describe('ordering ahead', () => {
  it('Thursday 23:05 (closed): tomorrow’s quarter hours from Friday 14:00, the first a quote after opening', () => {
    const now = at('2026-11-26T23:05:00Z');
    const slots = orderAheadSlots({ now, earliest: at('2026-11-27T14:45:00Z'), load: new Map(), capacity: 0 });
    expect(times(slots.slice(0, 3))).toEqual(['2026-11-27T14:45:00.000Z', '2026-11-27T15:00:00.000Z', '2026-11-27T15:15:00.000Z']);
    // Friday's last order time is 00:30 on Saturday; Saturday's session is the day after tomorrow and not offered.
    expect(slots.at(-1)?.toISOString()).toBe('2026-11-28T00:30:00.000Z');
  });
  it('a full slot is left out', () => {
    const now = at('2026-11-27T19:00:00Z');
    const load = new Map([[at('2026-11-27T20:00:00Z').getTime(), 2]]);
    const slots = times(orderAheadSlots({ now, earliest: at('2026-11-27T19:45:00Z'), load, capacity: 2 }));
    expect(slots.slice(0, 3)).toEqual(['2026-11-27T19:45:00.000Z', '2026-11-27T20:15:00.000Z', '2026-11-27T20:30:00.000Z']);
  });
  it('refuses a time that is not a slot, naming the next free one', () => {
    const slots = [at('2026-11-28T19:30:00Z'), at('2026-11-28T19:45:00Z')];
    expect(scheduledForRefusal(at('2026-11-28T19:30:00Z'), slots)).toBeNull();
    expect(scheduledForRefusal(at('2026-11-28T19:20:00Z'), slots)).toBe(
      'Sat 19:20 is not a time we can take orders for. The next free time is Sat 19:30.',
    );
    expect(scheduledForRefusal(at('2026-11-28T19:20:00Z'), [])).toBe('There is no time left to order ahead for today or tomorrow.');
    expect(slotLabel(at('2026-07-11T18:30:00Z'))).toBe('Sat 19:30');
  });
});
