import { describe, expect, it } from 'vitest';
import { londonInstant, londonParts, SHOP_TIME_ZONE } from './london-time';

/** London's wall clock read straight from the time-zone database, the way londonParts did before it kept offsets. */
const direct = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  weekday: 'short',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function directParts(instant: Date) {
  const found: Record<string, string> = {};
  for (const part of direct.formatToParts(instant)) found[part.type] = part.value;
  return {
    year: Number(found.year),
    month: Number(found.month),
    day: Number(found.day),
    weekday: WEEKDAYS.indexOf(found.weekday ?? ''),
    hour: Number(found.hour),
    minute: Number(found.minute),
    second: Number(found.second),
  };
}

describe("London's wall clock", () => {
  it.each([
    // GMT, BST, and each side of the 2026 changes (29 March 01:00 UTC forward, 25 October 01:00 UTC back).
    ['2026-01-15T12:34:56.789Z', { year: 2026, month: 1, day: 15, weekday: 4, hour: 12, minute: 34, second: 56 }],
    ['2026-07-01T23:30:00Z', { year: 2026, month: 7, day: 2, weekday: 4, hour: 0, minute: 30, second: 0 }],
    ['2026-03-29T00:59:59Z', { year: 2026, month: 3, day: 29, weekday: 0, hour: 0, minute: 59, second: 59 }],
    ['2026-03-29T01:00:00Z', { year: 2026, month: 3, day: 29, weekday: 0, hour: 2, minute: 0, second: 0 }],
    ['2026-10-25T00:59:59Z', { year: 2026, month: 10, day: 25, weekday: 0, hour: 1, minute: 59, second: 59 }],
    ['2026-10-25T01:00:00Z', { year: 2026, month: 10, day: 25, weekday: 0, hour: 1, minute: 0, second: 0 }],
    ['2026-12-31T23:59:59Z', { year: 2026, month: 12, day: 31, weekday: 4, hour: 23, minute: 59, second: 59 }],
    ['2028-02-29T00:00:00Z', { year: 2028, month: 2, day: 29, weekday: 2, hour: 0, minute: 0, second: 0 }],
  ])('at %s reads %o', (instant, parts) => {
    expect(londonParts(new Date(instant))).toEqual(parts);
  });

  // The offset is kept per UTC hour: it must be the time-zone database's at every minute of every change of the
  // clocks, and at each hour of years around them.
  it('agrees with the time-zone database at each UTC hour, and at every minute around each change, 2015 to 2040', () => {
    const wrong: string[] = [];
    const check = (instant: Date) => {
      if (JSON.stringify(londonParts(instant)) !== JSON.stringify(directParts(instant))) wrong.push(instant.toISOString());
    };
    let previousHour = -1;
    let changes = 0;
    for (let hour = Date.UTC(2015, 0, 1) / 3_600_000; hour < Date.UTC(2041, 0, 1) / 3_600_000; hour++) {
      const start = new Date(hour * 3_600_000 + 1_234);
      const reading = directParts(start).hour;
      if (previousHour !== -1 && reading !== (previousHour + 1) % 24) {
        changes++;
        for (const minute of [-61, -60, -59, -1, 0, 1, 59, 60, 61]) check(new Date(start.getTime() + minute * 60_000));
      } else check(start);
      previousHour = reading;
    }
    expect(wrong).toEqual([]);
    // Two changes a year, each found.
    expect(changes).toBe(2 * 26);
    // 228,000 readings of Intl: a few seconds alone, several times that beside other suites on a busy machine; the
    // timeout is there to catch a hang.
  }, 120_000);

  it('turns London wall-clock times back into instants through GMT and BST', () => {
    expect(londonInstant({ year: 2026, month: 1, day: 15 }, 11, 30).toISOString()).toBe('2026-01-15T11:30:00.000Z');
    expect(londonInstant({ year: 2026, month: 7, day: 1 }, 11, 30).toISOString()).toBe('2026-07-01T10:30:00.000Z');
    expect(londonInstant({ year: 2026, month: 3, day: 29 }).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(londonInstant({ year: 2026, month: 3, day: 30 }).toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(londonInstant({ year: 2026, month: 10, day: 26 }).toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });

  it('refuses an invalid date', () => {
    expect(() => londonParts(new Date(Number.NaN))).toThrow(RangeError);
  });
});
