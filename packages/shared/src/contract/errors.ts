import { z } from 'zod';

/**
 * Every error code the API answers with, each with its one HTTP status: the one table (documenso's `AppError`
 * codes are the model). A client matches on `code`, never on the message, which is for people and may change.
 * Add a code here, with its status, before throwing it.
 */
export const ERROR_CODES = {
  // 400: the request itself is wrong
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  INVALID_OTP: 400,
  PASSWORD_TOO_COMMON: 400,
  // 401 / 403: who is asking
  SIGN_IN_REQUIRED: 401,
  WRONG_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ADMIN_ONLY: 403,
  WRONG_CURRENT_PASSWORD: 403,
  CROSS_SITE_REQUEST: 403,
  NOT_YOUR_ORDER: 403,
  NOT_YOUR_ACCOUNT: 403,
  // 404: nothing there (or not yours to see)
  NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  PRODUCT_NOT_FOUND: 404,
  // 409: the state of things says no
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  // 413 / 415: the body's size or kind
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // 422: understood, but the shop's rules refuse it
  SHOP_CLOSED: 422,
  MINIMUM_ORDER: 422,
  ORDER_TOO_LARGE: 422,
  CARD_PAYMENTS_OFF: 422,
  DEAL_INCOMPLETE: 422,
  PRICING_REFUSED: 422,
  INVALID_STATUS_CHANGE: 422,
  // 429: slow down
  TOO_MANY_REQUESTS: 429,
  // 5xx: the shop's fault, or a part it depends on
  INTERNAL_ERROR: 500,
  PAYMENT_PROVIDER_ERROR: 502,
  DATABASE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const errorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

/** The one body of every 4xx and 5xx answer. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: errorCodeSchema,
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function statusOfCode(code: ErrorCode): number {
  return ERROR_CODES[code];
}

/** The code a client reads from any error body it got (undefined when the body carries none it knows). */
export function errorCodeOf(body: unknown): ErrorCode | undefined {
  if (!body || typeof body !== 'object' || !('code' in body)) return undefined;
  const parsed = errorCodeSchema.safeParse((body as { code: unknown }).code);
  return parsed.success ? parsed.data : undefined;
}
