import { OUTCODE_REGEX, parse } from 'postcode';
import { formatPounds } from './money';

/**
 * Where the shop delivers (issue 22 point 2, decision 1001): zones of UK post code districts ('BS1', 'EC1A', or the
 * whole of 'EC1') or sectors ('BS6 5'), each with a fee and a minimum order in pence. The most specific zone holding
 * a post code applies (its sector, then its district, then the district without its sub-district letter); a post code
 * in none is refused, and the customer is told to call. Until the shop's own post code is set every post code is
 * accepted with no fee, as before zones existed. Post codes are parsed by the `postcode` package (ideal-postcodes).
 */

export interface ParsedPostcode {
  /** Normalised: 'BS6 5AB'. */
  postcode: string;
  /** The outward code, the postal district: 'BS6', 'EC1A'. */
  outcode: string;
  /** The district without a sub-district letter: 'EC1' for EC1A, else the outward code. */
  district: string;
  /** 'BS6 5'. */
  sector: string;
}

export interface DeliveryZone {
  /** Normalised zone code (normaliseZoneCode). */
  code: string;
  /** Pence. */
  fee: number;
  /** Pence: the food's total (after deals, before the fee) an order must reach. */
  minimumOrder: number;
}

/** A UK post code in any spacing or letter case, or null when it is not one (a foreign code, a half, a typo). */
export function parseUkPostcode(input: string): ParsedPostcode | null {
  const parsed = parse(input.trim());
  if (!parsed.valid) return null;
  return { postcode: parsed.postcode, outcode: parsed.outcode, district: parsed.district, sector: parsed.sector };
}

export const ZONE_CODE_MESSAGE = "Enter a post code district such as 'BS1' or a sector such as 'BS6 5'";

/**
 * A zone code as stored: upper case, a district alone ('BS1') or a sector with one space ('BS6 5'); null when it is
 * neither (a full post code, a foreign code, a sector written without its space, which reads as another district).
 */
export function normaliseZoneCode(input: string): string | null {
  const match = /^([a-z0-9]+)(?:\s+([0-9]))?$/i.exec(input.trim());
  if (!match?.[1]) return null;
  const outcode = match[1].toUpperCase();
  if (!OUTCODE_REGEX.test(outcode)) return null;
  // The library's outward-code test accepts a few shapes no district has ('AA9AA'); a real sector must parse.
  if (!parseUkPostcode(`${outcode} ${match[2] ?? '0'}AA`)) return null;
  return match[2] === undefined ? outcode : `${outcode} ${match[2]}`;
}

/** The zone a post code falls in: its sector's, else its district's, else its whole district's (EC1 for EC1A); null in none. */
export function zoneForPostcode<Zone extends DeliveryZone>(postcode: ParsedPostcode, zones: readonly Zone[]): Zone | null {
  const byCode = new Map(zones.map((zone) => [zone.code, zone]));
  for (const code of [postcode.sector, postcode.outcode, postcode.district]) {
    const zone = byCode.get(code);
    if (zone) return zone;
  }
  return null;
}

/** The free zone a shop's own post code starts with once it is set: its district. */
export function homeZoneOf(shopPostcode: string): DeliveryZone | null {
  const parsed = parseUkPostcode(shopPostcode);
  return parsed ? { code: parsed.outcode, fee: 0, minimumOrder: 0 } : null;
}

export function outsideAreaMessage(outcode: string, phone: string): string {
  return `We do not deliver to ${outcode} online: call us on ${phone} to arrange delivery`;
}

export function invalidPostcodeMessage(phone: string): string {
  return `That is not a UK post code we can find: check it, or call us on ${phone}`;
}

export function zoneMinimumMessage(zoneCode: string, minimumOrder: number, foodTotal: number): string {
  return `Orders delivered to ${zoneCode} must come to at least ${formatPounds(minimumOrder)} before the delivery fee: add ${formatPounds(minimumOrder - foodTotal)} more`;
}

export type DeliveryDecision =
  | {
      delivers: true;
      /** The zone that applies; null while the shop's post code is not set (every post code accepted, no fee). */
      zone: DeliveryZone | null;
      fee: number;
      minimumOrder: number;
    }
  | { delivers: false; reason: 'invalid' | 'outside'; message: string };

/**
 * Whether the shop delivers to a post code, and at what fee: with no shop post code set, everywhere for nothing;
 * otherwise the zone it falls in, or a refusal naming the shop's phone.
 */
export function deliveryFor(input: {
  postcode: string;
  shopPostcode: string | null;
  zones: readonly DeliveryZone[];
  phone: string;
}): DeliveryDecision {
  if (!input.shopPostcode) return { delivers: true, zone: null, fee: 0, minimumOrder: 0 };
  const parsed = parseUkPostcode(input.postcode);
  if (!parsed) return { delivers: false, reason: 'invalid', message: invalidPostcodeMessage(input.phone) };
  const zone = zoneForPostcode(parsed, input.zones);
  if (!zone) return { delivers: false, reason: 'outside', message: outsideAreaMessage(parsed.outcode, input.phone) };
  return { delivers: true, zone, fee: zone.fee, minimumOrder: zone.minimumOrder };
}

/** The refusal for food under the zone's minimum, or null when it reaches it. */
export function zoneMinimumRefusal(decision: DeliveryDecision, foodTotal: number): string | null {
  if (!decision.delivers || !decision.zone || foodTotal >= decision.minimumOrder) return null;
  return zoneMinimumMessage(decision.zone.code, decision.minimumOrder, foodTotal);
}
