import { STATUS_CODES } from 'node:http';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@shop/shared/contract/errors';

export type { ErrorBody, ErrorCode };

/**
 * Throw from a handler or service to answer with a code of `ERROR_CODES` (its HTTP status comes from that one
 * table) and a message, e.g. `throw new HttpError('PRODUCT_NOT_FOUND', 'Product not found')`. The message reaches
 * the client word for word, so use the spec's wording where it has one; clients match on the code.
 *
 * The `(statusCode, message)` form is the older one, still read while the throw sites move to codes: it answers
 * the generic code of that status.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;

  constructor(code: ErrorCode | number, message: string) {
    super(message);
    this.name = 'HttpError';
    if (typeof code === 'number') {
      this.statusCode = code;
      this.code = genericCodeOf(code);
    } else {
      this.statusCode = ERROR_CODES[code];
      this.code = code;
    }
  }
}

const GENERIC_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'SIGN_IN_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'BAD_REQUEST',
  429: 'TOO_MANY_REQUESTS',
  502: 'PAYMENT_PROVIDER_ERROR',
  503: 'DATABASE_UNAVAILABLE',
};

/** The code an answer of this status carries when nothing more precise was said. */
export function genericCodeOf(statusCode: number): ErrorCode {
  return GENERIC_CODES[statusCode] ?? (statusCode >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}

export function errorBody(statusCode: number, message: string, code: ErrorCode = genericCodeOf(statusCode)): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, code };
}
