import { describe, expect, it } from 'vitest';
import {
  busyExtraMinutes,
  DEFAULT_KITCHEN_SETTINGS,
  endOfShopDay,
  isPaused,
  kitchenQuote,
  kitchenSlots,
  openingStatus,
  orderAheadEarliest,
  orderAheadSlots,
  pausedMessage,
  queueQuoteMinutes,
  readyAtWithCapacity,
  scheduledForRefusal,
  scheduledLine,
  slotLabel,
  slotStart,
  waitingFrom,
  type KitchenState,
} from './kitchen';
import { DEFAULT_OPENING_HOURS as HOURS, nextOpening, upcomingSessions } from './opening-hours';

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
    const sessions = upcomingSessions(at('2026-11-27T19:00:00Z'), HOURS, 2);
    expect(sessions.map((s) => [s.opens.toISOString(), s.ordersClose.toISOString(), s.closes.toISOString()])).toEqual([
      ['2026-11-27T14:00:00.000Z', '2026-11-28T00:30:00.000Z', '2026-11-28T00:45:00.000Z'],
      ['2026-11-28T12:00:00.000Z', '2026-11-29T00:30:00.000Z', '2026-11-29T00:45:00.000Z'],
      ['2026-11-29T12:00:00.000Z', '2026-11-29T23:00:00.000Z', '2026-11-29T23:15:00.000Z'],
    ]);
  });
  it('Saturday 00:20 is still Friday’s session', () => {
    expect(upcomingSessions(at('2026-11-28T00:20:00Z'), HOURS, 0)[0]?.opens.toISOString()).toBe('2026-11-27T14:00:00.000Z');
  });
  it('in BST the hours are London’s: Friday 10 July opens 13:00 UTC', () => {
    expect(upcomingSessions(at('2026-07-10T09:00:00Z'), HOURS, 0)[0]?.opens.toISOString()).toBe('2026-07-10T13:00:00.000Z');
  });
  it('across the clocks going back (Sunday 25 October 2026): Sunday opens 12:00 GMT', () => {
    expect(upcomingSessions(at('2026-10-24T23:30:00Z'), HOURS, 1).map((s) => s.opens.toISOString())).toEqual([
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
    expect(nextOpening(at(now), HOURS).toISOString()).toBe(expected);
  });
});

describe('ordering ahead', () => {
  it('Thursday 23:05 (closed): tomorrow’s quarter hours from Friday 14:00, the first a quote after opening', () => {
    const now = at('2026-11-26T23:05:00Z');
    const slots = orderAheadSlots({ hours: HOURS, now, earliest: at('2026-11-27T14:45:00Z'), load: new Map(), capacity: 0 });
    expect(times(slots.slice(0, 3))).toEqual(['2026-11-27T14:45:00.000Z', '2026-11-27T15:00:00.000Z', '2026-11-27T15:15:00.000Z']);
    // Friday's last order time is 00:30 on Saturday; Saturday's session is the day after tomorrow and not offered.
    expect(slots.at(-1)?.toISOString()).toBe('2026-11-28T00:30:00.000Z');
  });
  it('a full slot is left out', () => {
    const now = at('2026-11-27T19:00:00Z');
    const load = new Map([[at('2026-11-27T20:00:00Z').getTime(), 2]]);
    const slots = times(orderAheadSlots({ hours: HOURS, now, earliest: at('2026-11-27T19:45:00Z'), load, capacity: 2 }));
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

describe('a pause says when orders are taken again', () => {
  it.each([
    // Friday 27 November 2026 19:00 (GMT), paused 30 minutes.
    ['2026-11-27T19:00:00Z', '2026-11-27T19:30:00Z', 'We are not taking orders right now. Back at 19:30.'],
    // In BST the words are London's: 19:30 BST.
    ['2026-07-10T18:00:00Z', '2026-07-10T18:30:00Z', 'We are not taking orders right now. Back at 19:30.'],
    // Thursday 22:45 paused an hour: past Thursday's close, so Friday's opening at 14:00.
    ['2026-11-26T22:45:00Z', '2026-11-26T23:45:00Z', 'We are not taking orders right now. Back tomorrow at 14:00.'],
    // A pause ending in the last 15 minutes (Thursday 23:05): orders resume at the next opening.
    ['2026-11-26T22:50:00Z', '2026-11-26T23:05:00Z', 'We are not taking orders right now. Back tomorrow at 14:00.'],
    // Saturday 00:10, still Friday's session, paused 30 minutes: past its last order at 00:30, back at Saturday's 12:00,
    // which on the customer's calendar is today.
    ['2026-11-28T00:10:00Z', '2026-11-28T00:40:00Z', 'We are not taking orders right now. Back at 12:00.'],
  ])('at %s, paused until %s: %s', (now, until, words) => {
    expect(pausedMessage(at(now), at(until), HOURS)).toBe(words);
  });
});

describe('the rest of today ends with the shop day', () => {
  it.each([
    ['Thursday 19:00: Thursday’s close', '2026-11-26T19:00:00Z', '2026-11-26T23:15:00.000Z'],
    ['Thursday 10:00, before opening: the close of today’s session', '2026-11-26T10:00:00Z', '2026-11-26T23:15:00.000Z'],
    ['Friday 19:00: Friday’s session runs to 00:45 on Saturday', '2026-11-27T19:00:00Z', '2026-11-28T00:45:00.000Z'],
    ['Saturday 00:20: still Friday’s session', '2026-11-28T00:20:00Z', '2026-11-28T00:45:00.000Z'],
    ['Saturday 01:00, after Friday’s close: Saturday’s session (to 00:45 on Sunday)', '2026-11-28T01:00:00Z', '2026-11-29T00:45:00.000Z'],
    ['Thursday 23:30, after the close: nothing left today, the next midnight', '2026-11-26T23:30:00Z', '2026-11-27T00:00:00.000Z'],
    ['Thursday 9 July 19:00 BST: 23:15 BST', '2026-07-09T18:00:00Z', '2026-07-09T22:15:00.000Z'],
    ['Saturday 24 October 2026, the night the clocks go back: 00:45 BST on Sunday', '2026-10-24T18:00:00Z', '2026-10-24T23:45:00.000Z'],
  ])('%s', (_what, now, expected) => {
    expect(endOfShopDay(at(now), HOURS).toISOString()).toBe(expected);
  });
});

describe('ordering ahead starts a quote after orders are next taken', () => {
  const settings = DEFAULT_KITCHEN_SETTINGS;
  it.each<[string, string, KitchenState, number, string]>([
    ['open: now plus the quote', '2026-11-27T19:00:00Z', OFF, 0, '2026-11-27T19:45:00.000Z'],
    [
      'open with a queue of 7 and busy +15',
      '2026-11-27T19:00:00Z',
      { busy: { extraMinutes: 15, until: null }, pausedUntil: null },
      7,
      '2026-11-27T20:10:00.000Z',
    ],
    [
      'paused until 19:30: the pause’s end plus the quote',
      '2026-11-27T19:00:00Z',
      { busy: null, pausedUntil: at('2026-11-27T19:30:00Z') },
      0,
      '2026-11-27T20:15:00.000Z',
    ],
    [
      'paused until 20:30 with busy mode ending at 20:00: busy no longer counts',
      '2026-11-27T19:00:00Z',
      { busy: { extraMinutes: 30, until: at('2026-11-27T20:00:00Z') }, pausedUntil: at('2026-11-27T20:30:00Z') },
      0,
      '2026-11-27T21:15:00.000Z',
    ],
    ['closed (Thursday 23:05): Friday’s opening plus the quote', '2026-11-26T23:05:00Z', OFF, 0, '2026-11-27T14:45:00.000Z'],
    [
      'paused past the close: the next opening',
      '2026-11-26T22:45:00Z',
      { busy: null, pausedUntil: at('2026-11-26T23:45:00Z') },
      0,
      '2026-11-27T14:45:00.000Z',
    ],
  ])('%s', (_what, now, state, queueLength, expected) => {
    expect(orderAheadEarliest({ hours: HOURS, now: at(now), settings, state, queueLength }).toISOString()).toBe(expected);
  });

  it('paused for the rest of Friday: only Saturday’s slots are offered', () => {
    const now = at('2026-11-27T19:00:00Z');
    const state: KitchenState = { busy: null, pausedUntil: endOfShopDay(now, HOURS) };
    const slots = kitchenSlots({ hours: HOURS, now, settings, state, queueLength: 0, load: new Map() });
    expect(slots[0]?.toISOString()).toBe('2026-11-28T12:45:00.000Z');
    expect(slots.at(-1)?.toISOString()).toBe('2026-11-29T00:30:00.000Z');
  });
});

describe('the opening status: hours first, then a pause, with the quote and busy mode', () => {
  const settings = DEFAULT_KITCHEN_SETTINGS;
  const friday = at('2026-11-27T19:00:00Z');
  it('open, nothing on: the usual 45 minutes', () => {
    expect(openingStatus({ hours: HOURS, now: friday, settings, state: OFF, queueLength: 0, load: new Map() })).toEqual({
      open: true,
      acceptingOrders: true,
      message: 'We are open until 00:45. Orders close at 00:30.',
      closesAt: '00:45',
      ordersCloseAt: '00:30',
      closedReason: null,
      quoteMinutes: 45,
      quoteReadyAt: '2026-11-27T19:45:00.000Z',
      collectionQuoteMinutes: 20,
      busy: null,
      pausedUntil: null,
      nextSlotAt: '2026-11-27T19:45:00.000Z',
      specialDay: null,
    });
  });
  it('a collection is quoted from collectionMinutes, with the same queue and busy mode (decision 1003)', () => {
    const state: KitchenState = { busy: { extraMinutes: 15, until: null }, pausedUntil: null };
    const input = { hours: HOURS, now: friday, settings: { ...settings, collectionMinutes: 25 }, state, queueLength: 7, load: new Map() };
    // 25 + (7 - 5) × 5 + 15 = 50 for a collection; 45 + 10 + 15 = 70 for a delivery.
    expect(openingStatus(input)).toMatchObject({ quoteMinutes: 70, collectionQuoteMinutes: 50 });
    expect(kitchenQuote({ ...input, fulfilment: 'collection' }).minutes).toBe(50);
    expect(kitchenQuote({ ...input, fulfilment: 'delivery' }).minutes).toBe(70);
    expect(kitchenQuote({ ...input, settings, fulfilment: 'collection' }).minutes).toBe(45);
  });
  it('busy +30 for an hour and 8 orders in the queue: 90 minutes; ended by 20:00', () => {
    const state: KitchenState = { busy: { extraMinutes: 30, until: at('2026-11-27T20:00:00Z') }, pausedUntil: null };
    expect(openingStatus({ hours: HOURS, now: friday, settings, state, queueLength: 8, load: new Map() })).toMatchObject({
      acceptingOrders: true,
      quoteMinutes: 90,
      busy: { extraMinutes: 30, until: '2026-11-27T20:00:00.000Z' },
    });
    expect(
      openingStatus({ hours: HOURS, now: at('2026-11-27T20:00:00Z'), settings, state, queueLength: 8, load: new Map() }),
    ).toMatchObject({
      quoteMinutes: 60,
      busy: null,
    });
  });
  it('paused until 19:30: not taking orders, the pause’s words, back at 19:30; then open again by itself', () => {
    const state: KitchenState = { busy: null, pausedUntil: at('2026-11-27T19:30:00Z') };
    const paused = openingStatus({ hours: HOURS, now: friday, settings, state, queueLength: 0, load: new Map() });
    expect(paused).toMatchObject({
      open: true,
      acceptingOrders: false,
      closedReason: 'paused',
      message: 'We are not taking orders right now. Back at 19:30.',
      opensAt: '19:30',
      opensDay: 'today',
      pausedUntil: '2026-11-27T19:30:00.000Z',
      nextSlotAt: '2026-11-27T20:15:00.000Z',
    });
    expect(paused.ordersCloseAt).toBeUndefined();
    expect(
      openingStatus({ hours: HOURS, now: at('2026-11-27T19:30:00Z'), settings, state, queueLength: 0, load: new Map() }),
    ).toMatchObject({
      acceptingOrders: true,
      closedReason: null,
      pausedUntil: null,
    });
  });
  it('closed and paused: the hours say why', () => {
    const now = at('2026-11-26T23:20:00Z');
    const state: KitchenState = { busy: null, pausedUntil: at('2026-11-26T23:45:00Z') };
    expect(openingStatus({ hours: HOURS, now, settings, state, queueLength: 0, load: new Map() })).toMatchObject({
      open: false,
      acceptingOrders: false,
      closedReason: 'hours',
      message: 'We are closed. We open tomorrow at 14:00.',
      pausedUntil: '2026-11-26T23:45:00.000Z',
      nextSlotAt: '2026-11-27T14:45:00.000Z',
    });
  });
  it('a full slot moves the quote', () => {
    const load = new Map([[at('2026-11-27T19:45:00Z').getTime(), 3]]);
    expect(
      openingStatus({ hours: HOURS, now: friday, settings: { ...settings, slotCapacity: 3 }, state: OFF, queueLength: 0, load }),
    ).toMatchObject({
      quoteMinutes: 60,
      quoteReadyAt: '2026-11-27T20:00:00.000Z',
      nextSlotAt: '2026-11-27T20:00:00.000Z',
    });
  });
});

describe('a scheduled order waits for an answer from when the kitchen would start it', () => {
  it.each<[string, string, string | null, string]>([
    ['as soon as possible: from when it was placed', '2026-11-27T19:00:00Z', null, '2026-11-27T19:00:00.000Z'],
    ['for tomorrow 19:30: from 18:45 tomorrow', '2026-11-27T19:00:00Z', '2026-11-28T19:30:00Z', '2026-11-28T18:45:00.000Z'],
    ['for 19:30, placed at 19:00: from when it was placed', '2026-11-27T19:00:00Z', '2026-11-27T19:30:00Z', '2026-11-27T19:00:00.000Z'],
  ])('%s', (_what, placed, scheduled, expected) => {
    expect(waitingFrom(at(placed), scheduled ? at(scheduled) : null, 45).toISOString()).toBe(expected);
  });
  it('reads ‘For Sat 19:30’', () => {
    expect(scheduledLine(at('2026-11-28T19:30:00Z'))).toBe('For Sat 19:30');
  });
});
