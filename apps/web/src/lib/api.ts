// Only the type of the error codes: the first load carries neither zod (contract/errors.ts) nor the table of codes.
import type { ErrorCode } from '@shop/shared/contract/error-codes';

/**
 * The code of an error body: any code-shaped string the server sent. The table of codes stays out of the first
 * load; the screens compare it with the codes they know, so one they do not know (a newer server's) matches none.
 */
function errorCodeOf(body: unknown): ErrorCode | undefined {
  if (!body || typeof body !== 'object' || !('code' in body)) return undefined;
  const { code } = body as { code: unknown };
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(code) ? (code as ErrorCode) : undefined;
}

/**
 * A failed call to the shop's API: the HTTP status (0 when the network failed), the server's message (for people:
 * show it, never compare it) and its `code` (for code: decide on it, from contract/errors.ts's table).
 */
export class ApiError extends Error {
  readonly status: number;
  /** The parsed error body, when the server sent one (`{statusCode, error, message, code}`). */
  readonly body: unknown;
  /** The error code of the body, when it carries one the table knows; undefined for a network failure. */
  readonly code: ErrorCode | undefined;
  /** A refused form's fields (VALIDATION_FAILED): each field's message, by the field's name. */
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = errorCodeOf(body);
    this.fields = fieldsOf(body);
  }
}

function fieldsOf(body: unknown): Record<string, string> | undefined {
  if (!body || typeof body !== 'object' || !('fields' in body)) return undefined;
  const { fields } = body as { fields: unknown };
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return undefined;
  const entries = Object.entries(fields);
  return entries.every(([, message]) => typeof message === 'string') ? Object.fromEntries(entries) : undefined;
}

/** Whether `error` is the API's refusal with one of these codes. */
export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): error is ApiError {
  return error instanceof ApiError && error.code !== undefined && codes.includes(error.code);
}

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const API_PREFIX = '/api';

function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself; a Content-Type here would break it.
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The shop could not be reached. Check your connection and try again.');
  }

  const data = await readBody(response);
  if (!response.ok) {
    throw new ApiError(response.status, messageOf(data, response.statusText || `Request failed (${response.status})`), data);
  }
  return data as T;
}

/**
 * The shop's API under `/api`: JSON in and out (a FormData body is sent as multipart, untouched), the session
 * cookie sent along, and any non-2xx answer thrown as an {@link ApiError} carrying the server's `message`.
 */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
