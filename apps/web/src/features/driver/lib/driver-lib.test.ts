import { describe, expect, it } from 'vitest';
import { mapsLink, telLink } from './maps-link';
import { shouldSend } from './position-throttle';

describe('the links of a stop', () => {
  it('opens directions to the address and post code in the phone’s maps', () => {
    const link = new URL(mapsLink(['Flat 2', ' 14 Harbour Street ', ''], 'BS1 4RN'));
    expect(link.origin + link.pathname).toBe('https://www.google.com/maps/dir/');
    expect(link.searchParams.get('api')).toBe('1');
    expect(link.searchParams.get('destination')).toBe('Flat 2, 14 Harbour Street, BS1 4RN');
    expect(link.searchParams.get('travelmode')).toBe('driving');
  });

  it('dials the stored number', () => {
    expect(telLink('+447700900123')).toBe('tel:+447700900123');
    expect(telLink('+44 7700 900123')).toBe('tel:+447700900123');
  });
});

describe('how often a driver’s position is sent', () => {
  const at = (lat: number, lng: number, seconds: number) => ({ lat, lng, at: seconds * 1000 });

  it.each([
    ['the first fix', null, at(51.45, -2.59, 0), true],
    ['standing still for 10 s', at(51.45, -2.59, 0), at(51.45, -2.59, 10), false],
    ['standing still for 15 s', at(51.45, -2.59, 0), at(51.45, -2.59, 15), true],
    ['60 m in 6 s', at(51.45, -2.59, 0), at(51.45054, -2.59, 6), true],
    ['60 m in 3 s', at(51.45, -2.59, 0), at(51.45054, -2.59, 3), false],
    ['30 m in 10 s', at(51.45, -2.59, 0), at(51.45027, -2.59, 10), false],
  ])('%s: sent %s', (_what, last, next, sent) => {
    expect(shouldSend(last, next)).toBe(sent);
  });
});
