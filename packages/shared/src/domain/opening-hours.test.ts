import { describe, expect, it } from 'vitest';
import {
  dayHoursText,
  DEFAULT_OPENING_HOURS,
  openingHoursRows,
  openingHoursSummary,
  openingHoursText,
  openingStateLine,
  orderingStatus,
  summariseOpeningHours,
  type DayHours,
} from './opening-hours';

/** A November week is on GMT (UTC+0), a July week on BST (UTC+1). Sunday first, then the next Sunday. */
const WEEKS = [
  {
    zone: 'GMT',
    offset: 'Z',
    days: ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'],
  },
  {
    zone: 'BST',
    offset: '+01:00',
    days: ['2026-07-05', '2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10', '2026-07-11', '2026-07-12'],
  },
] as const;
const NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'next Sunday'];

const OPEN = 'open';
const CUTOFF = 'cut-off';
const CLOSED = 'closed';
type Expect = typeof OPEN | typeof CUTOFF | typeof CLOSED;
type Row = [string, string, Expect, string];

/** [weekday index, local time, state, message] for every edge of the week. */
const EDGES: [number, string, Expect, string][] = [
  // Sunday to Thursday 12:00-23:15, last order 22:59.
  ...[0, 1, 2, 3, 4].flatMap((day): [number, string, Expect, string][] => {
    const nextOpen = day === 4 ? '14:00' : '12:00';
    return [
      [day, '11:59', CLOSED, 'We are closed. We open today at 12:00.'],
      [day, '12:00', OPEN, 'We are open until 23:15. Orders close at 23:00.'],
      [day, '12:01', OPEN, 'We are open until 23:15. Orders close at 23:00.'],
      [day, '22:59', OPEN, 'We are open until 23:15. Orders close at 23:00.'],
      [day, '23:00', CUTOFF, `We stop taking orders 15 minutes before closing. We open tomorrow at ${nextOpen}.`],
      [day, '23:14', CUTOFF, `We stop taking orders 15 minutes before closing. We open tomorrow at ${nextOpen}.`],
      [day, '23:15', CLOSED, `We are closed. We open tomorrow at ${nextOpen}.`],
      [day, '23:16', CLOSED, `We are closed. We open tomorrow at ${nextOpen}.`],
    ];
  }),
  // After Sunday-Thursday sessions nothing spills past midnight.
  [1, '00:20', CLOSED, 'We are closed. We open today at 12:00.'],
  [5, '00:20', CLOSED, 'We are closed. We open today at 14:00.'],
  // Friday 14:00-00:45 (Saturday morning).
  [5, '11:59', CLOSED, 'We are closed. We open today at 14:00.'],
  [5, '13:59', CLOSED, 'We are closed. We open today at 14:00.'],
  [5, '14:00', OPEN, 'We are open until 00:45. Orders close at 00:30.'],
  [5, '23:15', OPEN, 'We are open until 00:45. Orders close at 00:30.'],
  [5, '23:59', OPEN, 'We are open until 00:45. Orders close at 00:30.'],
  [6, '00:00', OPEN, 'We are open until 00:45. Orders close at 00:30.'],
  [6, '00:20', OPEN, 'We are open until 00:45. Orders close at 00:30.'],
  [6, '00:29', OPEN, 'We are open until 00:45. Orders close at 00:30.'],
  [6, '00:30', CUTOFF, 'We stop taking orders 15 minutes before closing. We open today at 12:00.'],
  [6, '00:44', CUTOFF, 'We stop taking orders 15 minutes before closing. We open today at 12:00.'],
  [6, '00:45', CLOSED, 'We are closed. We open today at 12:00.'],
  [6, '00:46', CLOSED, 'We are closed. We open today at 12:00.'],
  // Saturday 12:00-00:45 (Sunday morning).
  [6, '11:59', CLOSED, 'We are closed. We open today at 12:00.'],
  [6, '12:00', OPEN, 'We are open until 00:45. Orders close at 00:30.'],
  [6, '23:59', OPEN, 'We are open until 00:45. Orders close at 00:30.'],
  [7, '00:00', OPEN, 'We are open until 00:45. Orders close at 00:30.'],
  [7, '00:29', OPEN, 'We are open until 00:45. Orders close at 00:30.'],
  [7, '00:30', CUTOFF, 'We stop taking orders 15 minutes before closing. We open today at 12:00.'],
  [7, '00:44', CUTOFF, 'We stop taking orders 15 minutes before closing. We open today at 12:00.'],
  [7, '00:45', CLOSED, 'We are closed. We open today at 12:00.'],
  [7, '11:59', CLOSED, 'We are closed. We open today at 12:00.'],
];

const ROWS: Row[] = WEEKS.flatMap((week) =>
  EDGES.map(([day, time, state, message]): Row => [
    `${NAMES[day]} ${week.days[day]} ${time} ${week.zone}`,
    `${week.days[day]}T${time}:00${week.offset}`,
    state,
    message,
  ]),
);

describe('orderingStatus', () => {
  it.each(ROWS)('%s: %s → %s', (_label, instant, state, message) => {
    const status = orderingStatus(new Date(instant), DEFAULT_OPENING_HOURS);
    expect(status.open).toBe(state !== CLOSED);
    expect(status.acceptingOrders).toBe(state === OPEN);
    expect(status.message).toBe(message);
  });

  it.each([
    // Clocks go forward at 01:00 GMT on 29 March 2026 and back at 02:00 BST on 25 October 2026:
    // Saturday's session still ends at 00:45 on the wall clock.
    ['the spring-forward Sunday, 00:29 GMT', '2026-03-29T00:29:00Z', true],
    ['the spring-forward Sunday, 00:30 GMT', '2026-03-29T00:30:00Z', false],
    ['the spring-forward Sunday, 12:00 BST', '2026-03-29T11:00:00Z', true],
    ['the spring-forward Sunday, 11:59 BST', '2026-03-29T10:59:00Z', false],
    ['the fall-back Sunday, 00:29 BST', '2026-10-24T23:29:00Z', true],
    ['the fall-back Sunday, 00:30 BST', '2026-10-24T23:30:00Z', false],
    ['the fall-back Sunday, 12:00 GMT', '2026-10-25T12:00:00Z', true],
    ['the fall-back Sunday, 11:59 GMT', '2026-10-25T11:59:00Z', false],
  ])('%s: accepting orders = %s', (_label, instant, accepting) => {
    expect(orderingStatus(new Date(instant), DEFAULT_OPENING_HOURS).acceptingOrders).toBe(accepting);
  });

  it('the same UTC instant is open in BST and closed in GMT (12:30 BST is 11:30 UTC)', () => {
    expect(orderingStatus(new Date('2026-07-06T11:30:00Z'), DEFAULT_OPENING_HOURS).acceptingOrders).toBe(true);
    expect(orderingStatus(new Date('2026-11-23T11:30:00Z'), DEFAULT_OPENING_HOURS).acceptingOrders).toBe(false);
  });

  it('gives the opening and closing times', () => {
    expect(orderingStatus(new Date('2026-11-27T12:00:00Z'), DEFAULT_OPENING_HOURS)).toEqual({
      open: false,
      acceptingOrders: false,
      message: 'We are closed. We open today at 14:00.',
      opensAt: '14:00',
      opensDay: 'today',
    });
    expect(orderingStatus(new Date('2026-11-27T20:00:00Z'), DEFAULT_OPENING_HOURS)).toEqual({
      open: true,
      acceptingOrders: true,
      message: 'We are open until 00:45. Orders close at 00:30.',
      closesAt: '00:45',
      ordersCloseAt: '00:30',
    });
    expect(orderingStatus(new Date('2026-11-23T23:05:00Z'), DEFAULT_OPENING_HOURS)).toMatchObject({ opensAt: '12:00', closesAt: '23:15' });
  });

  it('refuses an invalid date', () => {
    expect(() => orderingStatus(new Date('not a date'), DEFAULT_OPENING_HOURS)).toThrow(RangeError);
  });
});

describe('openingStateLine: the state the menu and the cart show', () => {
  it.each([
    ['Friday 06:00, before the day opens', '2026-11-27T06:00:00Z', 'Closed now · opens today at 14:00'],
    ['Friday 13:59', '2026-11-27T13:59:00Z', 'Closed now · opens today at 14:00'],
    ['Friday 14:00', '2026-11-27T14:00:00Z', 'Open until 00:45 · orders close at 00:30'],
    ['Monday 20:00', '2026-11-23T20:00:00Z', 'Open until 23:15 · orders close at 23:00'],
    ['Monday 22:59, the last order', '2026-11-23T22:59:00Z', 'Open until 23:15 · orders close at 23:00'],
    ['Monday 23:00, the last 15 minutes', '2026-11-23T23:00:00Z', 'Not taking orders now · opens tomorrow at 12:00'],
    ['Thursday 23:20, closed', '2026-11-26T23:20:00Z', 'Closed now · opens tomorrow at 14:00'],
    ['Saturday 00:35, Friday night in its last 15 minutes', '2026-11-28T00:35:00Z', 'Not taking orders now · opens today at 12:00'],
    ['Saturday 00:50, after Friday night', '2026-11-28T00:50:00Z', 'Closed now · opens today at 12:00'],
    ['a summer Monday 12:30 BST', '2026-07-06T11:30:00Z', 'Open until 23:15 · orders close at 23:00'],
  ])('%s: %s', (_label, instant, line) => {
    expect(openingStateLine(orderingStatus(new Date(instant), DEFAULT_OPENING_HOURS))).toBe(line);
  });
});

it('openingHoursRows lists each day of the default as the spec does', () => {
  expect(
    openingHoursRows(DEFAULT_OPENING_HOURS).map(
      (d) => `${d.day} ${d.opens}-${d.closes}${d.closesNextDay ? ' (next day)' : ''}, last order ${d.lastOrder}`,
    ),
  ).toEqual([
    'Sunday 12:00-23:15, last order 22:59',
    'Monday 12:00-23:15, last order 22:59',
    'Tuesday 12:00-23:15, last order 22:59',
    'Wednesday 12:00-23:15, last order 22:59',
    'Thursday 12:00-23:15, last order 22:59',
    'Friday 14:00-00:45 (next day), last order 00:29',
    'Saturday 12:00-00:45 (next day), last order 00:29',
  ]);
});

it('dayHoursText writes each day as the store information shows it', () => {
  expect(openingHoursRows(DEFAULT_OPENING_HOURS).map((d) => `${d.day} ${dayHoursText(d)}`)).toEqual([
    'Sunday 12:00-23:15',
    'Monday 12:00-23:15',
    'Tuesday 12:00-23:15',
    'Wednesday 12:00-23:15',
    'Thursday 12:00-23:15',
    'Friday 14:00-00:45 (next day)',
    'Saturday 12:00-00:45 (next day)',
  ]);
});

describe('the opening hours summary', () => {
  it('is worked out from the sessions, word for word as SPEC.md section 1 writes it', () => {
    expect(openingHoursText(openingHoursSummary(DEFAULT_OPENING_HOURS))).toBe(
      'Sunday to Thursday 12:00-23:15, Friday 14:00-00:45, Saturday 12:00-00:45',
    );
  });

  const day = (name: string, opens: string, closes: string): DayHours => ({
    day: name,
    weekday: 0,
    opens,
    closes,
    closesNextDay: closes < opens,
    lastOrder: '',
  });
  const week = (hours: [string, string][]) =>
    ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((name, i) =>
      day(name, ...(hours[i] ?? ['12:00', '23:15'])),
    );
  const late: [string, string] = ['12:00', '00:45'];
  const normal: [string, string] = ['12:00', '23:15'];

  it.each<[string, DayHours[], string]>([
    ['the same hours all week are one row', week([]), 'Sunday to Saturday 12:00-23:15'],
    [
      'two days alike are joined with "and"',
      week([normal, normal, normal, normal, normal, late, late]),
      'Sunday to Thursday 12:00-23:15, Friday and Saturday 12:00-00:45',
    ],
    [
      'a day between two others with other hours stands alone',
      week([normal, normal, normal, late, normal, normal, normal]),
      'Sunday to Tuesday 12:00-23:15, Wednesday 12:00-00:45, Thursday to Saturday 12:00-23:15',
    ],
    [
      'the same opening with another closing is another row',
      week([normal, ['12:00', '22:00'], normal, normal, normal, normal, normal]),
      'Sunday 12:00-23:15, Monday 12:00-22:00, Tuesday to Saturday 12:00-23:15',
    ],
    [
      'runs do not wrap from Saturday to Sunday',
      week([late, normal, normal, normal, normal, normal, late]),
      'Sunday 12:00-00:45, Monday to Friday 12:00-23:15, Saturday 12:00-00:45',
    ],
    ['a single day is its own row', [day('Friday', '14:00', '00:45')], 'Friday 14:00-00:45'],
    ['no days, no rows', [], ''],
  ])('%s', (_label, days, text) => {
    expect(openingHoursText(summariseOpeningHours(days))).toBe(text);
  });
});
