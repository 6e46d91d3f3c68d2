import { STATUS_CODES } from 'node:http';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@shop/shared/contract/errors';

export type { ErrorBody, ErrorCode };

/** What some answers say besides the message: a refused form's fields. */
export interface ErrorDetails {
  /** The message of each refused field, by the field's name (VALIDATION_FAILED of a form). */
  fields?: Record<string, string>;
  /** The index of the cart line refused (ITEM_SOLD_OUT, and the cart quote's pricing refusals). */
  lineIndex?: number;
}

/**
 * Throw from a handler or service to answer with a code of `ERROR_CODES` (its HTTP status comes from that one
 * table) and a message, e.g. `throw new HttpError('PRODUCT_NOT_FOUND', 'Product not found')`. The message reaches
 * the client word for word, so use the spec's wording where it has one; clients match on the code.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}) {
    super(message);
    this.name = 'HttpError';
    this.code = code;
    this.statusCode = ERROR_CODES[code];
    this.details = details;
  }
}

/** The body of an error answer: the code's status (the cart quote alone passes another, decision 0303). */
export function errorBody(code: ErrorCode, message: string, details: ErrorDetails = {}, statusCode: number = ERROR_CODES[code]): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, code, ...details };
}

/** For the errors of HTTP itself (Fastify's and its plugins'), the code of their status. */
const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * The code of a client error Fastify or one of its plugins raised (malformed JSON, a body too large, a media type
 * nothing parses, a multipart limit). Any 4xx without a code of its status answers 400 BAD_REQUEST.
 */
export function codeOfClientError(error: { code?: unknown; statusCode?: number }): ErrorCode {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return 'MALFORMED_JSON';
  if (error.code === 'FST_ERR_BAD_URL') return 'MALFORMED_URL';
  return CODE_OF_STATUS[error.statusCode ?? 400] ?? 'BAD_REQUEST';
}

/** The first message of each refused field of a zod error, by the field's name (the path's first part). */
export function fieldMessages(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === undefined) continue;
    fields[String(field)] ??= issue.message;
  }
  return fields;
}
