/**
 * Money rules. Inside the code every amount is an integer number of pence; the wire and the admin
 * forms use pounds with at most two decimals. Converting through integers keeps every sum exact
 * (0.1 + 0.2 never appears).
 */

/** The smallest order the shop accepts: £10.00 (SPEC.md sections 5 and 9). */
export const MIN_ORDER_PENCE = 1000;

/**
 * The largest order taken online: £5,000.00. Far above any takeaway order, and far below what the orders table's
 * integer pence column holds (about £21 million), which a cart of 50 lines of 99 at the highest menu prices could
 * otherwise pass. Not in the spec: larger orders are arranged with the shop by phone.
 */
export const MAX_ORDER_PENCE = 500_000;

/**
 * The highest price of anything on the menu (a size, a crust, a wing type, a topping, a deal's extra item): £1000.00.
 * Prices are stored as 32-bit pence, and a cart multiplies them (99 of each of 50 lines, a deal's 200 items), so they
 * must stay far below 2^31 pence and every total far below 2^53 (MAX_SAFE_INTEGER).
 */
export const MAX_PRICE_PENCE = 100_000;

/** Pounds as written by a person: digits, optionally a point and one or two decimals ("12", "12.5", "0.29", ".5"). */
const POUNDS_TEXT = /^(?:\d+(?:\.\d{0,2})?|\.\d{1,2})$/;

/**
 * Pounds (a number, or text from a form or the wire) to integer pence.
 * Returns `null` for anything that is not a price: NaN, infinities, negatives, more than two decimals,
 * empty or non-numeric text, or an amount too large to count exactly. Returning null (not throwing)
 * lets form validation and request parsing decide their own message.
 */
export function poundsToPence(value: number | string): number | null {
  if (typeof value === 'string') {
    const text = value.trim();
    if (!POUNDS_TEXT.test(text)) return null;
    const [whole = '', fraction = ''] = text.split('.');
    const pence = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
    return Number.isSafeInteger(pence) ? pence : null;
  }
  if (!Number.isFinite(value) || value < 0) return null;
  const scaled = value * 100;
  const pence = Math.round(scaled);
  // A binary float such as 0.29 scales to 28.999999999999996; anything further from a whole
  // number than float noise had a third decimal.
  if (Math.abs(scaled - pence) > 1e-6 * Math.max(1, Math.abs(scaled))) return null;
  return Number.isSafeInteger(pence) ? pence : null;
}

/** A price as the wire carries it: pounds as a number or text, or "" (or nothing) for an option not sold. */
export type WirePrice = number | string | null | undefined;

/**
 * A price from the wire to integer pence. Blank or missing (an option not sold, such as an unused size) is null,
 * and so is anything poundsToPence refuses.
 */
export function wirePricePence(value: WirePrice): number | null {
  return value === '' || value === null || value === undefined ? null : poundsToPence(value);
}

function assertPence(pence: number): void {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Not a whole number of pence: ${pence}`);
}

/** Integer pence to pounds for the wire: 1250 → 12.5, 29 → 0.29 (the same double as the literal). */
export function penceToPounds(pence: number): number {
  assertPence(pence);
  return pence / 100;
}

function poundsText(pence: number): string {
  const abs = Math.abs(pence);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${pence < 0 ? '-' : ''}£${whole}.${fraction}`;
}

/** '£12.50'. No thousands separator, as the spec's amounts are written ('£10.00'). Negative: '-£1.00'. */
export function formatPounds(pence: number): string {
  assertPence(pence);
  return poundsText(pence);
}

/** Topping prices as the spec shows them: 'Free' at 0, '50p' under £1, '£1.20' from £1. */
export function formatToppingPrice(pence: number): string {
  assertPence(pence);
  if (pence === 0) return 'Free';
  if (pence > 0 && pence < 100) return `${pence}p`;
  return poundsText(pence);
}
