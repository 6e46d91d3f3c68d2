// A stand-in for the shop's API at the fetch level, for component tests: the screen's own code (its queries, the
// API client, the error handling) runs as in the browser, and only the network answers from here. Answers take the
// shapes of packages/shared/src/contract; refusals are the API's one error body ({statusCode, error, message, code}).
import { vi } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '@shop/shared/contract/errors';

/** One request the screen sent, as a route handler (and a test's assertions) see it. */
export interface FakeRequest {
  method: string;
  /** The path under /api, without the query: '/buy-product/65f0…'. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON, the fields of a multipart body (name → string, or File), or undefined without a body. */
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
}

/** Answers a request; `params` holds the route's `:name` parts. */
export type FakeHandler = (request: FakeRequest, params: Record<string, string>) => FakeAnswer | Promise<FakeAnswer>;

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** A 2xx answer (200 unless told). */
export function ok(body: unknown, status = 200): FakeAnswer {
  return { status, body };
}

/** The API's refusal: the code's status from the one table, and its error body. */
export function refuse(code: ErrorCode, message: string, status: number = ERROR_CODES[code]): FakeAnswer {
  return { status, body: { statusCode: status, error: STATUS_TEXT[status] ?? 'Error', message, code } };
}

/** A promise the test settles itself: holds an answer back (a request in flight) until the test lets it go. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < want.length; index += 1) {
    const part = want[index] ?? '';
    const actual = got[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

function parseBody(body: BodyInit | null | undefined, headers: Headers): unknown {
  if (body === undefined || body === null) return undefined;
  if (body instanceof FormData) return Object.fromEntries(body.entries());
  if (typeof body === 'string') return (headers.get('content-type') ?? '').includes('json') ? (JSON.parse(body) as unknown) : body;
  return body;
}

export interface FakeApi {
  /** Every request sent so far, in order. */
  readonly requests: FakeRequest[];
  /** Requests no route answered (each got a 404 NOT_FOUND). */
  readonly unhandled: FakeRequest[];
  /** Adds or replaces the route for 'METHOD /path/:param'. */
  on(route: string, handler: FakeHandler | FakeAnswer): void;
  /** The requests sent to 'METHOD /path/:param'. */
  sent(route: string): FakeRequest[];
}

/**
 * Installs the stand-in as the page's fetch (undone after each test by component-setup.ts) with these routes, keyed
 * 'METHOD /path' under /api ('GET /session', 'PUT /update-sell-products/:id'). Without a route of its own, GET /session
 * answers {user: null} (nobody signed in), as the shop does (decision 0105).
 */
export function fakeApi(routes: Record<string, FakeHandler | FakeAnswer> = {}): FakeApi {
  const table = new Map<string, FakeHandler>();
  const requests: FakeRequest[] = [];
  const unhandled: FakeRequest[] = [];
  const on = (route: string, handler: FakeHandler | FakeAnswer) =>
    table.set(route, typeof handler === 'function' ? handler : () => handler);
  on('GET /session', { status: 200, body: { user: null } });
  for (const [route, handler] of Object.entries(routes)) on(route, handler);

  const find = (method: string, path: string): { handler: FakeHandler; params: Record<string, string> } | null => {
    for (const [route, handler] of table) {
      const [routeMethod, pattern = ''] = route.split(' ');
      if (routeMethod !== method) continue;
      const params = matchRoute(pattern, path);
      if (params) return { handler, params };
    }
    return null;
  };

  const fetchStandIn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    if (!url.pathname.startsWith('/api/')) throw new TypeError(`fakeApi: the page fetched ${url.pathname}, outside /api`);
    const headers = new Headers(init.headers);
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname.slice('/api'.length),
      query: url.searchParams,
      headers,
      body: parseBody(init.body, headers),
    };
    requests.push(request);
    const route = find(request.method, request.path);
    if (!route) unhandled.push(request);
    const answer = route
      ? await route.handler(request, route.params)
      : refuse('NOT_FOUND', `Route ${request.method}:/api${request.path} not found`);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const empty = answer.status === 204 || answer.body === undefined;
    return new Response(empty ? null : JSON.stringify(answer.body), {
      status: answer.status,
      statusText: STATUS_TEXT[answer.status] ?? '',
      headers: empty ? {} : { 'content-type': 'application/json; charset=utf-8' },
    });
  };
  vi.stubGlobal('fetch', vi.fn(fetchStandIn));

  return {
    requests,
    unhandled,
    on,
    sent(route: string) {
      const [method, pattern = ''] = route.split(' ');
      return requests.filter((request) => request.method === method && matchRoute(pattern, request.path) !== null);
    },
  };
}
