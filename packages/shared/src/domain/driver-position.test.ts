import { describe, expect, it } from 'vitest';
import { distanceMetres, estimateArrival, isPlausibleFix, MINUTES_PER_STOP, type Fix } from './driver-position';

const t0 = new Date('2026-11-20T19:00:00Z');
const after = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
// Bristol: one degree of latitude is about 111 km; 0.009 degrees is about 1 km.
const here: Fix = { lat: 51.4545, lng: -2.5879, at: t0 };
const north = (km: number, seconds: number): Fix => ({ lat: here.lat + km * 0.009, lng: here.lng, at: after(seconds) });

describe('distanceMetres', () => {
  it('measures a kilometre north as about 1000 m', () => {
    expect(distanceMetres(here, north(1, 0))).toBeGreaterThan(990);
    expect(distanceMetres(here, north(1, 0))).toBeLessThan(1010);
  });
  it('is 0 for the same point', () => {
    expect(distanceMetres(here, here)).toBe(0);
  });
});

describe('isPlausibleFix: shown unless it implies over 120 km/h', () => {
  it.each([
    { label: 'the first fix', last: null, next: here, shown: true },
    { label: '1 km in 2 minutes (30 km/h)', last: here, next: north(1, 120), shown: true },
    { label: '1 km in 40 s (90 km/h)', last: here, next: north(1, 40), shown: true },
    { label: '1 km in 20 s (180 km/h)', last: here, next: north(1, 20), shown: false },
    { label: '5 km in 10 s', last: here, next: north(5, 10), shown: false },
    { label: '50 km in 10 minutes (300 km/h)', last: here, next: north(50, 600), shown: false },
    { label: 'a wobble of 100 m in 1 s', last: here, next: north(0.1, 1), shown: true },
    { label: 'a wobble of 100 m at the same instant', last: here, next: north(0.1, 0), shown: true },
    { label: '1 km at the same instant', last: here, next: north(1, 0), shown: false },
    { label: '1 km from a fix said to be later', last: north(0, 60), next: north(1, 0), shown: false },
  ])('$label: $shown', ({ last, next, shown }) => {
    expect(isPlausibleFix(last, next)).toBe(shown);
  });
});

describe(`estimateArrival: ${MINUTES_PER_STOP} minutes a stop from the run's last event, never under 2 minutes away`, () => {
  const minutes = (m: number) => new Date(t0.getTime() + m * 60_000);
  it.each([
    { label: 'first stop, just picked up', since: 0, now: 0, stopsBefore: 0, arrives: 10 },
    { label: 'two stops before, just picked up', since: 0, now: 0, stopsBefore: 2, arrives: 30 },
    { label: 'refreshed 5 minutes later: the same time', since: 0, now: 5, stopsBefore: 2, arrives: 30 },
    { label: 'after the stop before was delivered at 12', since: 12, now: 12, stopsBefore: 0, arrives: 22 },
    { label: 'running late: 2 minutes from now', since: 0, now: 15, stopsBefore: 0, arrives: 17 },
  ])('$label: at +$arrives min', ({ since, now, stopsBefore, arrives }) => {
    expect(estimateArrival({ now: minutes(now), since: minutes(since), stopsBefore })).toEqual(minutes(arrives));
  });
});
