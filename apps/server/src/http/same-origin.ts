import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-errors';

export const CROSS_SITE_REFUSED = 'This request comes from another site: the shop only accepts changes made on its own pages';

/** Methods that change nothing; every other method is a write and must come from the shop's own pages. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether a request was made by a page of another site (cross-site request forgery, docs/security.md):
 * - an `Origin` header (browsers send it with every POST, PUT, PATCH and DELETE) that is not exactly one of the
 *   shop's accepted origins (PUBLIC_ORIGIN; config.ts), `null` included;
 * - without `Origin`, a `Sec-Fetch-Site` (set by the browser, never by a page's script) other than `same-origin`
 *   or `none` (the user's own navigation).
 * A request with neither comes from something that is not a browser (curl, Stripe's webhooks, the tests): it
 * cannot carry a visitor's cookie without the visitor's own hand, so it goes on and meets the usual checks.
 */
export function isCrossSite(headers: IncomingHttpHeaders, acceptedOrigins: readonly string[]): boolean {
  const origin = single(headers.origin);
  if (origin !== undefined) return !acceptedOrigins.includes(origin);
  const site = single(headers['sec-fetch-site']);
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

/** Refuses every cross-site write with 403 before it is parsed, whatever cookie it carries. */
export function refuseCrossSiteWrites(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isCrossSite(request.headers, app.config.acceptedOrigins)) throw new HttpError('CROSS_SITE_REQUEST', CROSS_SITE_REFUSED);
  });
}
