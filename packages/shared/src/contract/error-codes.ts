// The codes and their statuses, without zod: the browser's first load reads codes through this file (the error
// body's zod schema is in errors.ts, which re-exports all of this).
import { PRICING_ERROR_CODES, type PricingErrorCode } from '../domain/pricing-codes';

/**
 * Every error code the API answers with, each with its one HTTP status: the one table (documenso's `AppError`
 * codes are the model). A client matches on `code`, never on the message, which is for people and may change.
 * Add a code here, with its status, before throwing it; docs/api.md ("Errors") says what each one means, and a
 * test keeps the two together. The pricing codes are not listed here: they are PricingError's own
 * (domain/pricing-codes.ts), each answered 422 when it refuses an order (see PRICING_REFUSALS).
 */
const SHOP_CODES = {
  // 400: the request itself is wrong
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  MALFORMED_URL: 400,
  MALFORMED_JSON: 400,
  UNSAFE_JSON_KEYS: 400,
  BODY_TOO_DEEP: 400,
  BODY_TOO_MANY_VALUES: 400,
  UNSTORABLE_TEXT: 400,
  INVALID_BODY: 400,
  FIELD_TOO_LONG: 400,
  MULTIPART_UNREADABLE: 400,
  INVALID_OTP: 400,
  PASSWORD_TOO_COMMON: 400,
  INVALID_EMAIL_CODE: 400,
  INVALID_IDEMPOTENCY_KEY: 400,
  ADDRESS_REQUIRED: 400,
  CARD_ORDER_NEEDS_INTENT: 400,
  PRICE_MISMATCH: 400,
  UNKNOWN_CATEGORY: 400,
  IMAGE_REQUIRED: 400,
  NOT_AN_IMAGE: 400,
  IMAGE_NOT_STORED: 400,
  WEBHOOK_SIGNATURE_INVALID: 400,
  // 401 / 402 / 403: who is asking, and what they may do
  SIGN_IN_REQUIRED: 401,
  WRONG_CREDENTIALS: 401,
  CARD_DECLINED: 402,
  /** A saved card that asks for its security code again, paid with without it. */
  CVC_REQUIRED: 402,
  FORBIDDEN: 403,
  ADMIN_ONLY: 403,
  /** Staff whose role does not hold the permission (domain/roles.ts), e.g. a kitchen login refunding. */
  ROLE_FORBIDDEN: 403,
  /** A counter login refunding more than the owner's limit allows. */
  REFUND_OVER_LIMIT: 403,
  WRONG_CURRENT_PASSWORD: 403,
  CROSS_SITE_REQUEST: 403,
  NOT_YOUR_ACCOUNT: 403,
  NOT_YOUR_ORDER: 403,
  // 404: nothing there (or not yours to see)
  NOT_FOUND: 404,
  ACCOUNT_NOT_FOUND: 404,
  INVITE_NOT_FOUND: 404,
  STAFF_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  PRODUCT_NOT_FOUND: 404,
  CATEGORY_NOT_FOUND: 404,
  TOPPING_NOT_FOUND: 404,
  ADDRESS_NOT_FOUND: 404,
  CUSTOMER_NOT_FOUND: 404,
  FAVOURITE_NOT_FOUND: 404,
  BANNER_NOT_FOUND: 404,
  IMAGE_NOT_FOUND: 404,
  PAYMENT_NOT_FOUND: 404,
  /** No saved card with that id among the signed-in customer's own (or it was removed). */
  PAYMENT_METHOD_NOT_FOUND: 404,
  TEST_PAYMENTS_DISABLED: 404,
  NO_WEBHOOK_IN_TEST_MODE: 404,
  DELIVERY_ZONE_NOT_FOUND: 404,
  /** No receipt printer with that id (issue 24, decision 1200). */
  PRINTER_NOT_FOUND: 404,
  /** No promotion (not archived) with that id (decision 1600). */
  PROMOTION_NOT_FOUND: 404,
  // The driver's cash-up and the tips' pay-out (decision 1701).
  /** No driver shift with that id. */
  SHIFT_NOT_FOUND: 404,
  /** No member of staff with the driver role (or no worker) with that id. */
  DRIVER_NOT_FOUND: 404,
  // The shop's own drivers (decision 1700).
  /** No run with that id. */
  RUN_NOT_FOUND: 404,
  // 406 / 414 / 416: what HTTP itself refuses
  NOT_ACCEPTABLE: 406,
  URI_TOO_LONG: 414,
  RANGE_NOT_SATISFIABLE: 416,
  // 409: the state of things says no
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  /** Asking to verify an e-mail the account has verified already. */
  EMAIL_ALREADY_VERIFIED: 409,
  /** Removing or demoting the shop's last owner. */
  LAST_OWNER: 409,
  CATEGORY_NAME_TAKEN: 409,
  CATEGORY_HAS_PRODUCTS: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  ORDER_ALREADY_PAID: 409,
  /** A card paid for an order that could no longer be placed (closed, paused, its slot full, sold out...): the hold is released. */
  ORDER_NOT_PLACED: 409,
  INVALID_STATUS_CHANGE: 409,
  ORDER_CHANGED_CONCURRENTLY: 409,
  /** A transaction lost to parallel ones (a deadlock or serialization failure) every time it was tried. */
  BUSY_TRY_AGAIN: 409,
  ORDER_NOT_RETIMABLE: 409,
  ADDRESS_LIMIT_REACHED: 409,
  ACCOUNT_HAS_OPEN_ORDERS: 409,
  /** A delivery zone with that code exists already (issue 22, decision 1001). */
  DELIVERY_ZONE_EXISTS: 409,
  /** Another promotion (not archived) has that code (decision 1600). */
  PROMO_CODE_TAKEN: 409,
  /** The last delivery zone stays while the shop's post code is set (decision 1001). */
  LAST_DELIVERY_ZONE: 409,
  /** Another receipt printer has that name (issue 24). */
  PRINTER_NAME_TAKEN: 409,
  /** A print was asked for but no printer is set up to print that ticket (issue 24). */
  NO_PRINTERS: 409,
  // The driver's cash-up and the tips' pay-out (decision 1701).
  /** The driver has a shift that day already: one per driver and day. */
  SHIFT_EXISTS: 409,
  /** The shift is closed already. */
  SHIFT_CLOSED: 409,
  /** The driver still has a delivery picked up and not delivered: the shift closes once it is. */
  DRIVER_ON_THE_ROAD: 409,
  /** The month's tips cannot be paid out before the month is over, or are paid out in full already. */
  TIPS_NOT_PAYABLE: 409,
  // The shop's own drivers (decision 1700).
  /** Only an accepted delivery, not yet on its way, can be assigned to a driver. */
  NOT_DISPATCHABLE: 409,
  /** The driver has picked the order up: it cannot be taken off the run or moved to another. */
  ALREADY_PICKED_UP: 409,
  /** Delivered before it was picked up, or a run's stops reordered after it started. */
  NOT_PICKED_UP: 409,
  /** A run's stops reordered after it finished. */
  RUN_FINISHED: 409,
  // 413 / 415: the body's size or kind
  PAYLOAD_TOO_LARGE: 413,
  IMAGE_TOO_LARGE: 413,
  IMAGE_DIMENSIONS_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // 422: understood, but the shop's rules refuse the order (and the pricing codes below)
  /** The delivery address's post code is in no delivery zone (issue 22, decision 1001): the message gives the shop's phone. */
  OUTSIDE_DELIVERY_AREA: 422,
  /** The delivery address's post code is not a UK one, while the shop delivers by zones (decision 1001). */
  POSTCODE_NOT_UK: 422,
  /** The food comes to less than the delivery zone's minimum order (decision 1001). */
  DELIVERY_MINIMUM: 422,
  SHOP_CLOSED: 422,
  MINIMUM_ORDER: 422,
  /** The promotion code sent does not apply to this order: the message says why, in the words the quote showed. */
  PROMO_NOT_APPLICABLE: 422,
  /** The stamp card's reward was asked for, but the card is not full (or the card is off, or the reward not in the order). */
  STAMPS_NOT_ENOUGH: 422,
  ORDER_TOO_LARGE: 422,
  CARD_PAYMENTS_OFF: 422,
  REFUND_NOT_CARD: 422,
  REFUND_NOT_CAPTURED: 422,
  REFUND_TOO_LARGE: 422,
  CAPTURE_FAILED: 422,
  /** A product or topping of the cart is sold out (issue 21): the quote and both order routes, with the line's index. */
  ITEM_SOLD_OUT: 422,
  /** The shop is paused (issue 21): an order for as soon as possible waits until it is back; a slot ahead is taken. */
  ORDERING_PAUSED: 422,
  /** An order's scheduledFor is not a free slot (issue 21); the message names the next free one. */
  SLOT_NOT_AVAILABLE: 422,
  /** A product's or topping's allergens name a code that is not one of the 14 (issue 22); the message names it. */
  UNKNOWN_ALLERGEN: 422,
  // The tips' pay-out (decision 1701).
  /** A tips' pay-out that is not the tips owed exactly: a part payment, a deduction, or more than received. */
  TIP_PAYOUT_NOT_IN_FULL: 422,
  // Order updates (decision 1702)
  /** A Web Push subscription's endpoint is not an https URL of a public push service (domain/push-endpoint.ts). */
  PUSH_ENDPOINT_REFUSED: 422,
  /** The shop has turned its Web Push order updates off. */
  PUSH_UPDATES_OFF: 422,
  // The shop's own drivers (decision 1700).
  /** The member of staff named is not one who delivers (no 'ownDeliveries'), or has gone. */
  NOT_A_DRIVER: 422,
  /** A cash order delivered without the cash collected, or a paid order delivered with some. */
  CASH_REQUIRED: 422,
  CASH_NOT_EXPECTED: 422,
  /** A reorder that does not name each of the run's stops exactly once. */
  RUN_ORDER_MISMATCH: 422,
  // 429: slow down
  TOO_MANY_REQUESTS: 429,
  ORDER_LIMIT_REACHED: 429,
  // 5xx: the shop's fault, or a part it depends on
  INTERNAL_ERROR: 500,
  PAYMENT_PROVIDER_ERROR: 502,
  DATABASE_UNAVAILABLE: 503,
  /** Answered by nginx (deploy/nginx.conf.template) when no shop process answers. */
  SHOP_UNAVAILABLE: 503,
  WEBHOOK_NOT_CONFIGURED: 503,
} as const satisfies Record<string, number>;

/** A cart line the shop cannot price refuses the order with its PricingError code: 422, as every rule's refusal. */
const PRICING_REFUSALS = Object.fromEntries(PRICING_ERROR_CODES.map((code) => [code, 422])) as Record<PricingErrorCode, 422>;

// A pricing code may not also be a shop code: the spread below would silently give it one status of two.
type Overlap = Extract<keyof typeof SHOP_CODES, PricingErrorCode>;
const noOverlap: [Overlap] extends [never] ? true : Overlap = true;
void noOverlap;

export const ERROR_CODES: Readonly<typeof SHOP_CODES & Record<PricingErrorCode, 422>> = { ...SHOP_CODES, ...PRICING_REFUSALS };

export type ErrorCode = keyof typeof ERROR_CODES;

export const ALL_CODES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/**
 * `POST /api/cart/quote` asks a question rather than placing an order: a line it cannot price answers 400 (decision
 * 0303) with the same pricing code an order would be refused with at 422. The one answer whose status is not its
 * code's.
 */
export const CART_QUOTE_REFUSAL_STATUS = 400;

export function statusOfCode(code: ErrorCode): number {
  return ERROR_CODES[code];
}

const PRICING_CODE_SET: ReadonlySet<string> = new Set(PRICING_ERROR_CODES);

/** Whether the code is one of PricingError's: a cart line the shop cannot price. */
export function isPricingErrorCode(code: string | undefined): code is PricingErrorCode {
  return code !== undefined && PRICING_CODE_SET.has(code);
}

/** The code a client reads from any error body it got (undefined when the body carries none it knows). */
export function errorCodeOf(body: unknown): ErrorCode | undefined {
  if (!body || typeof body !== 'object' || !('code' in body)) return undefined;
  const { code } = body as { code: unknown };
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code) ? (code as ErrorCode) : undefined;
}
