import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS } from './opening-hours';
import {
  isSoldOut,
  NOT_SOLD_OUT,
  soldOutMarkFor,
  soldOutMessage,
  soldOutRowLabel,
  soldOutState,
  soldOutTodayEnds,
  soldOutWindow,
  type SoldOutMark,
} from './sold-out';

const at = (iso: string) => new Date(iso);

// November 2026 is on GMT: Sunday 22nd to Saturday 28th. July 2026 on BST. The clocks went back on Sunday 25 October.
describe("'sold out today' ends at the shop day's next opening", () => {
  it.each<[string, string, string]>([
    // Friday's session (14:00-00:45) runs past midnight: Saturday 00:20 still belongs to it.
    ['Friday night, in the session', '2026-11-27T20:00:00Z', '2026-11-28T12:00:00.000Z'],
    ['Friday past midnight, Saturday 00:20', '2026-11-28T00:20:00Z', '2026-11-28T12:00:00.000Z'],
    ['Saturday 00:50, just after Friday closed', '2026-11-28T00:50:00Z', '2026-11-28T12:00:00.000Z'],
    ['Saturday 06:00, nearer the last close', '2026-11-28T06:00:00Z', '2026-11-28T12:00:00.000Z'],
    ['Saturday 11:00, before opening: the coming session', '2026-11-28T11:00:00Z', '2026-11-29T12:00:00.000Z'],
    ['Saturday night past midnight (Sunday 00:30)', '2026-11-29T00:30:00Z', '2026-11-29T12:00:00.000Z'],
    ['Monday 11:00, before opening', '2026-11-23T11:00:00Z', '2026-11-24T12:00:00.000Z'],
    ['Monday at opening', '2026-11-23T12:00:00Z', '2026-11-24T12:00:00.000Z'],
    ['Monday 23:14, the last open minute', '2026-11-23T23:14:00Z', '2026-11-24T12:00:00.000Z'],
    ['Monday 23:30, after closing', '2026-11-23T23:30:00Z', '2026-11-24T12:00:00.000Z'],
    ['Thursday evening: Friday opens at 14:00', '2026-11-26T19:00:00Z', '2026-11-27T14:00:00.000Z'],
    ['Friday 13:00, before its 14:00 opening', '2026-11-27T13:00:00Z', '2026-11-28T12:00:00.000Z'],
    ['BST: Friday past midnight', '2026-07-11T00:20:00+01:00', '2026-07-11T11:00:00.000Z'],
    ['BST: Tuesday evening', '2026-07-07T19:00:00+01:00', '2026-07-08T11:00:00.000Z'],
    ['the clocks go back: Saturday night on BST, back on Sunday on GMT', '2026-10-24T22:00:00+01:00', '2026-10-25T12:00:00.000Z'],
  ])('%s (%s) → back at %s', (_name, now, back) => {
    expect(soldOutTodayEnds(at(now), DEFAULT_OPENING_HOURS).toISOString()).toBe(back);
  });
});

describe('the mark a request stores', () => {
  const now = at('2026-11-28T00:20:00Z');
  it.each<[boolean, 'next-opening' | 'turned-back-on' | undefined, SoldOutMark]>([
    [true, undefined, { until: at('2026-11-28T12:00:00Z'), untilTurnedBackOn: false }],
    [true, 'next-opening', { until: at('2026-11-28T12:00:00Z'), untilTurnedBackOn: false }],
    [true, 'turned-back-on', { until: null, untilTurnedBackOn: true }],
    [false, undefined, NOT_SOLD_OUT],
    [false, 'turned-back-on', NOT_SOLD_OUT],
  ])('soldOut %s until %s', (soldOut, until, mark) => {
    expect(soldOutMarkFor(soldOut, until, now, DEFAULT_OPENING_HOURS)).toEqual(mark);
  });
});

describe('sold out at a given moment, and back by itself', () => {
  const today: SoldOutMark = { until: at('2026-11-28T12:00:00Z'), untilTurnedBackOn: false };
  const held: SoldOutMark = { until: null, untilTurnedBackOn: true };
  it.each<[string, SoldOutMark, string, boolean, string | null]>([
    ['on sale', NOT_SOLD_OUT, '2026-11-28T00:20:00Z', false, null],
    ['today, before the opening', today, '2026-11-28T00:20:00Z', true, '2026-11-28T12:00:00.000Z'],
    ['today, a second before the opening', today, '2026-11-28T11:59:59Z', true, '2026-11-28T12:00:00.000Z'],
    ['today, at the opening: back', today, '2026-11-28T12:00:00Z', false, null],
    ['today, a week later', today, '2026-12-05T19:00:00Z', false, null],
    ['until turned back on, a year later', held, '2027-11-28T19:00:00Z', true, null],
  ])('%s', (_name, mark, now, soldOut, soldOutUntil) => {
    expect(isSoldOut(mark, at(now))).toBe(soldOut);
    expect(soldOutState(mark, at(now))).toEqual({ soldOut, soldOutUntil });
  });
});

describe('the words', () => {
  it.each<[string, string | null, string]>([
    ['Pepperoni', '2026-11-28T12:00:00.000Z', '"Pepperoni" is sold out today'],
    ['Pepperoni', null, '"Pepperoni" is sold out'],
  ])('%s until %s', (name, until, message) => {
    expect(soldOutMessage(name, { soldOutUntil: until })).toBe(message);
  });

  it.each<[boolean, string | null, string | null]>([
    [false, null, null],
    [true, '2026-11-28T12:00:00.000Z', 'Sold out today · back Sat 12:00'],
    [true, '2026-07-08T11:00:00.000Z', 'Sold out today · back Wed 12:00'],
    [true, null, 'Sold out until turned back on'],
  ])('a back-office row: soldOut %s until %s', (soldOut, soldOutUntil, label) => {
    expect(soldOutRowLabel({ soldOut, soldOutUntil })).toBe(label);
  });
});

describe('how long a menu made at a moment stays true', () => {
  const saturday = { until: at('2026-11-28T12:00:00Z'), untilTurnedBackOn: false };
  const friday = { until: at('2026-11-27T14:00:00Z'), untilTurnedBackOn: false };
  const held = { until: null, untilTurnedBackOn: true };
  it.each<[string, SoldOutMark[], string, number, number]>([
    ['nothing marked: for ever', [], '2026-11-28T00:20:00Z', -Infinity, Infinity],
    ['until turned back on changes nothing by itself', [held], '2026-11-28T00:20:00Z', -Infinity, Infinity],
    ['until the first mark ends', [saturday, friday, held], '2026-11-27T13:00:00Z', -Infinity, Date.parse('2026-11-27T14:00:00Z')],
    [
      'from the last mark that ended',
      [saturday, friday],
      '2026-11-27T20:00:00Z',
      Date.parse('2026-11-27T14:00:00Z'),
      Date.parse('2026-11-28T12:00:00Z'),
    ],
    ['after every mark ended', [saturday, friday], '2026-11-28T12:00:00Z', Date.parse('2026-11-28T12:00:00Z'), Infinity],
  ])('%s', (_name, marks, now, from, until) => {
    expect(soldOutWindow(marks, at(now))).toEqual({ from, until });
  });
});
