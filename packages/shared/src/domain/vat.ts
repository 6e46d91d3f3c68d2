/**
 * The VAT rates a product may be sold at (issue 22 point 4): the standard rate, or zero-rated (e.g. cold
 * takeaway food that is not a standard-rated item). Prices include VAT; a receipt with the shop's VAT number shows
 * the VAT included per rate.
 */
export const VAT_RATES = ['standard', 'zero'] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** Percent per rate: 20% standard (UK, since 2011), 0% zero-rated. */
export const VAT_PERCENT: Readonly<Record<VatRate, number>> = { standard: 20, zero: 0 };
