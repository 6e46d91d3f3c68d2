/**
 * The domain's DEALS_CATEGORY, repeated here so the first screen can tell deal cards apart without downloading
 * the product-options module; a test checks the two agree.
 */
export const DEAL_CATEGORY = 'Deals';
