/**
 * The codes of every reason a cart line cannot be priced (PricingError, and the deal builder's issues). One list:
 * the types of pricing.ts and deals.ts come from it, and so do the API's error codes (contract/errors.ts), so a
 * client reads the same code here, in the cart quote and when an order is refused.
 */
export const DEAL_ISSUE_CODES = [
  'UNKNOWN_PRODUCT',
  'DEAL_SLOT_UNKNOWN',
  'DEAL_ITEM_NOT_ALLOWED',
  'DEAL_ITEM_SIZE',
  'DEAL_CRUST',
  'DEAL_TOO_MANY',
] as const;

export type DealIssueCode = (typeof DEAL_ISSUE_CODES)[number];

export const PRICING_ERROR_CODES = [
  ...DEAL_ISSUE_CODES,
  'NOT_FOR_SALE',
  'INVALID_QUANTITY',
  'SIZE_NOT_AVAILABLE',
  'CRUST_NOT_AVAILABLE',
  'CRUST_NOT_AT_SIZE',
  'TYPE_NOT_AVAILABLE',
  'UNKNOWN_TOPPING',
  'TOPPING_NOT_ALLOWED',
  'DUPLICATE_TOPPING',
  'TOO_MANY_TOPPINGS',
  'NOT_A_DEAL',
  'CONFLICTING_CHOICE',
  'DEAL_INCOMPLETE',
] as const;

export type PricingErrorCode = (typeof PRICING_ERROR_CODES)[number];
