import { describe, expect, it } from 'vitest';
import {
  deliveryFor,
  homeZoneOf,
  normaliseZoneCode,
  parseUkPostcode,
  zoneForPostcode,
  zoneMinimumRefusal,
  type DeliveryZone,
} from './delivery-zones';

const PHONE = '0117 496 0123';

describe('parseUkPostcode', () => {
  it.each([
    ['BS6 5AB', 'BS6 5AB', 'BS6', 'BS6', 'BS6 5'],
    ['bs65ab', 'BS6 5AB', 'BS6', 'BS6', 'BS6 5'],
    ['  Bs6   5ab ', 'BS6 5AB', 'BS6', 'BS6', 'BS6 5'],
    ['BS1 4DJ', 'BS1 4DJ', 'BS1', 'BS1', 'BS1 4'],
    ['ec1a 1bb', 'EC1A 1BB', 'EC1A', 'EC1', 'EC1A 1'],
    ['W1A 0AX', 'W1A 0AX', 'W1A', 'W1', 'W1A 0'],
    ['M1 1AE', 'M1 1AE', 'M1', 'M1', 'M1 1'],
    ['CR2 6XH', 'CR2 6XH', 'CR2', 'CR2', 'CR2 6'],
    ['DN55 1PT', 'DN55 1PT', 'DN55', 'DN55', 'DN55 1'],
  ])('reads %j as %s (district %s / %s, sector %s)', (input, postcode, outcode, district, sector) => {
    expect(parseUkPostcode(input)).toEqual({ postcode, outcode, district, sector });
  });

  it.each([
    ['a French code', '75001'],
    ['an American ZIP', '90210'],
    ['an Irish Eircode', 'D02 X285'],
    ['a Dutch code', '1012 AB'],
    ['a district alone', 'BS6'],
    ['a sector alone', 'BS6 5'],
    ['letters in the wrong place', 'BS6 AAB'],
    ['nothing', ''],
    ['words', 'Bristol'],
  ])('refuses %s (%j)', (_what, input) => {
    expect(parseUkPostcode(input)).toBeNull();
  });
});

describe('normaliseZoneCode', () => {
  it.each([
    ['BS1', 'BS1'],
    ['bs1', 'BS1'],
    [' bs1 ', 'BS1'],
    ['BS6 5', 'BS6 5'],
    ['bs6 5', 'BS6 5'],
    ['BS6   5', 'BS6 5'],
    ['ec1a', 'EC1A'],
    ['EC1', 'EC1'],
    ['ec1a 1', 'EC1A 1'],
    ['sw1a 2', 'SW1A 2'],
    ['BS65', 'BS65'],
  ])('stores %j as %j', (input, expected) => {
    expect(normaliseZoneCode(input)).toBe(expected);
  });

  it.each([
    ['a full post code', 'BS6 5AB'],
    ['an area alone', 'BS'],
    ['a foreign code', '75001'],
    ['a sector of two digits', 'BS6 55'],
    ['a sector letter', 'BS6 A'],
    ['nothing', ''],
    ['punctuation', 'BS1;'],
  ])('refuses %s (%j)', (_what, input) => {
    expect(normaliseZoneCode(input)).toBeNull();
  });
});

const ZONES: DeliveryZone[] = [
  { code: 'BS1', fee: 0, minimumOrder: 0 },
  { code: 'BS6', fee: 250, minimumOrder: 1500 },
  { code: 'BS6 5', fee: 150, minimumOrder: 1200 },
  { code: 'EC1', fee: 300, minimumOrder: 0 },
  { code: 'EC1A 1', fee: 100, minimumOrder: 0 },
];

describe('zoneForPostcode', () => {
  it.each([
    ['BS1 4DJ', 'BS1'],
    ['bs1 9zz', 'BS1'],
    ['BS6 5AB', 'BS6 5'],
    ['bs65ab', 'BS6 5'],
    ['BS6 6AA', 'BS6'],
    ['EC1A 1BB', 'EC1A 1'],
    ['EC1A 2BB', 'EC1'],
    ['EC1V 9AA', 'EC1'],
    ['BS9 1AA', null],
    ['BS16 1AA', null],
    ['BS10 5AA', null],
  ])('puts %s in %s (the most specific zone)', (postcode, zone) => {
    const parsed = parseUkPostcode(postcode);
    expect(parsed).not.toBeNull();
    expect(zoneForPostcode(parsed!, ZONES)?.code ?? null).toBe(zone);
  });
});

describe('deliveryFor', () => {
  it('accepts every post code for nothing while the shop has no post code', () => {
    for (const postcode of ['BS9 1AA', 'E1 6AA', 'not a post code']) {
      expect(deliveryFor({ postcode, shopPostcode: null, zones: ZONES, phone: PHONE })).toEqual({
        delivers: true,
        zone: null,
        fee: 0,
        minimumOrder: 0,
      });
    }
  });

  it("charges the zone's fee and minimum", () => {
    expect(deliveryFor({ postcode: 'bs6 5ab', shopPostcode: 'BS1 4DJ', zones: ZONES, phone: PHONE })).toEqual({
      delivers: true,
      zone: { code: 'BS6 5', fee: 150, minimumOrder: 1200 },
      fee: 150,
      minimumOrder: 1200,
    });
  });

  it('refuses a post code in no zone, naming its district and the phone', () => {
    expect(deliveryFor({ postcode: 'BS9 1AA', shopPostcode: 'BS1 4DJ', zones: ZONES, phone: PHONE })).toEqual({
      delivers: false,
      reason: 'outside',
      message: 'We do not deliver to BS9 online: call us on 0117 496 0123 to arrange delivery',
    });
  });

  it.each(['75001', 'D02 X285', 'BS9'])('refuses %j as no UK post code once the shop has one', (postcode) => {
    expect(deliveryFor({ postcode, shopPostcode: 'BS1 4DJ', zones: ZONES, phone: PHONE })).toEqual({
      delivers: false,
      reason: 'invalid',
      message: 'That is not a UK post code we can find: check it, or call us on 0117 496 0123',
    });
  });

  it('refuses everything outside when the shop has a post code and no zones', () => {
    expect(deliveryFor({ postcode: 'BS1 4DJ', shopPostcode: 'BS1 4DJ', zones: [], phone: PHONE }).delivers).toBe(false);
  });
});

describe('zoneMinimumRefusal', () => {
  const bs65 = deliveryFor({ postcode: 'BS6 5AB', shopPostcode: 'BS1 4DJ', zones: ZONES, phone: PHONE });
  it.each([
    [1199, 'Orders delivered to BS6 5 must come to at least £12.00 before the delivery fee: add £0.01 more'],
    [800, 'Orders delivered to BS6 5 must come to at least £12.00 before the delivery fee: add £4.00 more'],
    [1200, null],
    [5000, null],
  ])('food of %i pence: %s', (food, refusal) => {
    expect(zoneMinimumRefusal(bs65, food)).toBe(refusal);
  });

  it('has no minimum without a shop post code', () => {
    expect(zoneMinimumRefusal(deliveryFor({ postcode: 'BS6 5AB', shopPostcode: null, zones: ZONES, phone: PHONE }), 1)).toBeNull();
  });
});

describe('homeZoneOf', () => {
  it.each([
    ['BS1 4DJ', 'BS1'],
    ['ec1a 1bb', 'EC1A'],
  ])("makes %s's district %s a free zone", (postcode, code) => {
    expect(homeZoneOf(postcode)).toEqual({ code, fee: 0, minimumOrder: 0 });
  });

  it('has none for a foreign post code', () => {
    expect(homeZoneOf('75001')).toBeNull();
  });
});
