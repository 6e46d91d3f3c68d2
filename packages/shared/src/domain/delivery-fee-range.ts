import type { DeliveryZone } from './delivery-zones';

/** The lowest and the highest delivery fee of the shop's zones, in pence. */
export interface DeliveryFeeRange {
  from: number;
  to: number;
}

/**
 * The range of the zones' fees (issue 22 point 2, decision 1005), or null without zones: while the shop's post code
 * is not set every post code is delivered free, and the cart says nothing about a fee that is never charged.
 */
export function deliveryFeeRange(zones: readonly Pick<DeliveryZone, 'fee'>[]): DeliveryFeeRange | null {
  if (zones.length === 0) return null;
  const fees = zones.map((zone) => zone.fee);
  return { from: Math.min(...fees), to: Math.max(...fees) };
}

/**
 * What the cart says before checkout about delivery (the DMCC Act's ban on drip pricing: a fee the customer may pay
 * is told before they reach payment): 'Delivery from £0.00 to £3.50 by area, shown at checkout; free to collect'.
 * One fee for every zone is given as it is; null (nothing said) without a range.
 */
export function cartDeliveryNote(range: DeliveryFeeRange | null, formatPounds: (pence: number) => string): string | null {
  if (!range) return null;
  if (range.to === 0) return 'Free delivery in our area; free to collect';
  if (range.from === range.to) return `Delivery ${formatPounds(range.to)} in our area, shown at checkout; free to collect`;
  return `Delivery from ${formatPounds(range.from)} to ${formatPounds(range.to)} by area, shown at checkout; free to collect`;
}

/** Zone codes named one by one before the rest are counted: a line a customer reads, not a list to scan. */
const AREA_CODES_NAMED = 8;

/**
 * Where the shop delivers, in words, from its zones' codes (checkout's terms and store information): 'We deliver to
 * BS1, BS2 and BS6 5'. Null codes (no shop post code, so no zones) mean every post code is delivered.
 */
export function deliveryAreaLine(codes: readonly string[] | null): string {
  if (codes === null) return 'We deliver to every post code';
  if (codes.length === 0) return 'We deliver within our delivery area: check your post code at checkout';
  if (codes.length === 1) return `We deliver to ${codes[0]} only`;
  if (codes.length > AREA_CODES_NAMED) {
    const more = codes.length - AREA_CODES_NAMED;
    return `We deliver to ${codes.slice(0, AREA_CODES_NAMED).join(', ')} and ${more} more area${more === 1 ? '' : 's'}: check your post code at checkout`;
  }
  return `We deliver to ${codes.slice(0, -1).join(', ')} and ${codes.at(-1)}`;
}
