import { STATUS_CODES } from 'node:http';

/** The one error body every failing request answers with. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

/**
 * Throw from a handler or service to answer with this status and message, e.g.
 * `throw new HttpError(404, 'Product not found')`. The message reaches the client word for word,
 * so use the spec's wording where it has one.
 */
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}
