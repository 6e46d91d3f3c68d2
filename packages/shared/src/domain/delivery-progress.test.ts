import { describe, expect, it } from 'vitest';
import { deliveryStages, stopsBeforeLine, type DeliveryTimes } from './delivery-progress';

const at = (hhmm: string) => `2026-11-22T${hhmm}:00.000Z`;

describe('stopsBeforeLine', () => {
  it.each([
    [0, 'You are the next stop'],
    [1, '1 stop before yours'],
    [2, '2 stops before yours'],
  ])('%i', (stops, line) => expect(stopsBeforeLine(stops)).toBe(line));
});

describe('deliveryStages', () => {
  const none: DeliveryTimes = { acceptedAt: null, readyAt: null, onTheWayAt: null, deliveredAt: null };
  const states = (times: DeliveryTimes) => deliveryStages(times).map((stage) => `${stage.key}:${stage.state}:${stage.at?.time ?? '-'}`);

  it.each<[string, DeliveryTimes, string[]]>([
    ['not accepted yet', none, ['accepted:upcoming:-', 'being-made:upcoming:-', 'on-the-way:upcoming:-', 'delivered:upcoming:-']],
    [
      'accepted',
      { ...none, acceptedAt: at('18:02') },
      ['accepted:current:18:02', 'being-made:upcoming:-', 'on-the-way:upcoming:-', 'delivered:upcoming:-'],
    ],
    [
      'being made',
      { ...none, acceptedAt: at('18:02'), readyAt: at('18:05') },
      ['accepted:done:18:02', 'being-made:current:18:05', 'on-the-way:upcoming:-', 'delivered:upcoming:-'],
    ],
    [
      'on the way',
      { acceptedAt: at('18:02'), readyAt: at('18:05'), onTheWayAt: at('18:20'), deliveredAt: null },
      ['accepted:done:18:02', 'being-made:done:18:05', 'on-the-way:current:18:20', 'delivered:upcoming:-'],
    ],
    [
      'delivered',
      { acceptedAt: at('18:02'), readyAt: at('18:05'), onTheWayAt: at('18:20'), deliveredAt: at('18:31') },
      ['accepted:done:18:02', 'being-made:done:18:05', 'on-the-way:done:18:20', 'delivered:done:18:31'],
    ],
    [
      'delivered with no pick-up recorded: passed, without a time',
      { ...none, acceptedAt: at('18:02'), deliveredAt: at('18:40') },
      ['accepted:done:18:02', 'being-made:done:-', 'on-the-way:done:-', 'delivered:done:18:40'],
    ],
  ])('%s', (_name, times, expected) => expect(states(times)).toEqual(expected));
});
