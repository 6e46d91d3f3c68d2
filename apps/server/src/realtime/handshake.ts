import type { IncomingHttpHeaders } from 'node:http';

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether a socket handshake may go on, judged by where it comes from (docs/api.md, "Realtime socket"):
 *
 * - With an `Origin` header it must be one of the shop's accepted origins (PUBLIC_ORIGIN; config.ts), exactly.
 *   Browsers send `Origin` on every WebSocket handshake and every cross-origin request, so a page of another site
 *   that tries to open the shop's socket with the customer's cookie is refused here.
 * - Without one, the request is either the shop page's own polling handshake (a same-origin GET, for which
 *   browsers send no `Origin`), a client that is not a browser, or a cross-site "no-cors" request whose answer
 *   its page can never read. The browser says which with `Sec-Fetch-Site`, a header no page script can set:
 *   `same-origin` goes on; any other value (`cross-site`, `same-site`, `none`) is refused.
 * - No `Origin` and no `Sec-Fetch-Site` (a client that is not a browser, or a browser too old to send fetch
 *   metadata) goes on only without a session cookie: such a connection joins no room and hears nothing.
 *
 * Answers true when the handshake must be refused.
 */
export function refusesOrigin(headers: IncomingHttpHeaders, acceptedOrigins: readonly string[], carriesSession: boolean): boolean {
  const origin = single(headers.origin);
  if (origin !== undefined) return !acceptedOrigins.includes(origin);
  const site = single(headers['sec-fetch-site']);
  if (site !== undefined) return site !== 'same-origin';
  return carriesSession;
}
