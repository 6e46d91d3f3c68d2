/**
 * The VAT rates a product may be sold at (issue 22 point 4): the standard rate, or zero-rated (e.g. cold
 * takeaway food that is not a standard-rated item). Prices include VAT; a receipt with the shop's VAT number shows
 * the VAT included per rate (decision 1002).
 */
import type { DiscountTarget, OrderDiscount } from './order-discounts';

export const VAT_RATES = ['standard', 'zero'] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** Percent per rate: 20% standard (UK, since 2011), 0% zero-rated. */
export const VAT_PERCENT: Readonly<Record<VatRate, number>> = { standard: 20, zero: 0 };

/** The rate of anything that carries none: lines stored before products had a rate, and the delivery fee. */
export const DEFAULT_VAT_RATE: VatRate = 'standard';

/**
 * The VAT included in a VAT-inclusive amount at a rate, in whole pence, rounded half up:
 * gross × percent / (100 + percent), e.g. £12.00 at 20% is 200p (1200 × 20 / 120), £10.03 at 20% is 167p
 * (167.17), £0.03 is 1p (0.5 rounds up). Integer arithmetic, so it is exact for any amount the shop can hold.
 */
export function vatIncluded(grossPence: number, rate: VatRate): number {
  if (!Number.isSafeInteger(grossPence) || grossPence < 0)
    throw new RangeError(`vatIncluded: ${grossPence} is not a whole number of pence`);
  const percent = VAT_PERCENT[rate];
  if (percent === 0) return 0;
  // floor(gross × p / (100 + p) + 1/2), without fractions.
  return Math.floor((2 * grossPence * percent + (100 + percent)) / (2 * (100 + percent)));
}

/** One rate's line on a receipt: the VAT-inclusive total at that rate, and the VAT in it (pence). */
export interface VatRateLine {
  rate: VatRate;
  percent: number;
  /** What the customer paid at this rate, VAT included. */
  gross: number;
  vat: number;
}

/** What a receipt's VAT is worked out from: each line's total and rate, the delivery fee (standard-rated), the discounts. */
export interface VatInput {
  lines: ReadonlyArray<{ lineTotal: number; vatRate?: VatRate | null | undefined; productId?: string; category?: string }>;
  deliveryFee?: number;
  /** Pence off, each with what it comes off (order-discounts.ts); none: the sale at full price. */
  discounts?: ReadonlyArray<Pick<OrderDiscount, 'amount' | 'appliesTo'>>;
}

/**
 * Splits `amount` over `weights` in proportion, in whole pence that add up to it: each share rounded down, then the
 * pennies left over to the largest remainders (the first on a tie). Weights that are all 0 take nothing.
 */
export function spreadPence(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((amount * weight) / total));
  const order = weights
    .map((weight, index) => ({ index, remainder: (amount * weight) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

function discountWeights(input: VatInput, target: DiscountTarget | undefined): Record<VatRate, number> {
  const weights: Record<VatRate, number> = { standard: 0, zero: 0 };
  if (target?.on !== 'delivery')
    for (const line of input.lines) {
      const counts =
        !target ||
        target.on === 'order' ||
        (target.on === 'category' ? line.category === target.category : line.productId === target.productId);
      if (counts) weights[line.vatRate ?? DEFAULT_VAT_RATE] += line.lineTotal;
    }
  if (!target || target.on === 'delivery') weights.standard += input.deliveryFee ?? 0;
  return weights;
}

/**
 * The VAT included in an order, per rate (standard first): each rate's gross is the sum of its lines (the delivery
 * fee is standard-rated), and its VAT is worked out once on that total, rounded half up (vatIncluded), never
 * line by line, so the lines of a rate always add up to the receipt's total. A rate with nothing at it has no line.
 * Refunds are not counted: a receipt tells the sale as charged. A line without a rate (stored before rates) is
 * standard-rated, which every product was until then. A discount comes off the gross of the rates of what it applies
 * to (its lines, or the delivery fee, standard-rated), spread over them in proportion (spreadPence), so the VAT is
 * on what the customer paid.
 */
export function vatBreakdown(input: VatInput): VatRateLine[] {
  const gross: Record<VatRate, number> = { standard: 0, zero: 0 };
  for (const line of input.lines) gross[line.vatRate ?? DEFAULT_VAT_RATE] += line.lineTotal;
  gross.standard += input.deliveryFee ?? 0;
  for (const discount of input.discounts ?? []) {
    const weights = discountWeights(input, discount.appliesTo);
    const shares = spreadPence(
      discount.amount,
      VAT_RATES.map((rate) => Math.min(weights[rate], gross[rate])),
    );
    VAT_RATES.forEach((rate, index) => {
      gross[rate] = Math.max(0, gross[rate] - (shares[index] ?? 0));
    });
  }
  return VAT_RATES.filter((rate) => gross[rate] > 0).map((rate) => ({
    rate,
    percent: VAT_PERCENT[rate],
    gross: gross[rate],
    vat: vatIncluded(gross[rate], rate),
  }));
}

/** 'VAT at 20% included: £2.00 of £12.00' / 'Zero-rated (0% VAT): £3.50'; amounts through the caller's pounds format. */
export function vatLineText(line: VatRateLine, pounds: (pence: number) => string): string {
  if (line.percent === 0) return `Zero-rated (0% VAT): ${pounds(line.gross)}`;
  return `VAT at ${line.percent}% included: ${pounds(line.vat)} of ${pounds(line.gross)}`;
}
