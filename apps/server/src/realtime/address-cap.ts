import type { IncomingMessage } from 'node:http';
import type { Server } from 'socket.io';
import { clientAddressKey, clientAddressOf } from '../http/client-address';
import type { TrustProxy } from '../config';

/**
 * At most this many live socket connections from one address (an IPv6 client's /64) to one process. A customer has
 * one per open tab, a kitchen a few screens; a household or an office behind one address stays far below. A
 * mobile carrier's shared address (CGNAT) could in theory hold more of the shop's customers at once than this.
 */
export const MAX_SOCKETS_PER_ADDRESS = 50;

/** What a refused connection is told (engine.io answers its handshake 403). */
export const TOO_MANY_SOCKETS = 'Too many live connections from your address';

/** How long an accepted handshake may take to become a connection before its place is given back. */
const HANDSHAKE_MS = 10_000;

/** Counts live connections per address key; `take` refuses once an address has `limit`. */
export class AddressCap {
  private readonly counts = new Map<string, number>();

  constructor(readonly limit: number) {}

  take(key: string): boolean {
    const count = this.counts.get(key) ?? 0;
    if (count >= this.limit) return false;
    this.counts.set(key, count + 1);
    return true;
  }

  release(key: string): void {
    const count = (this.counts.get(key) ?? 0) - 1;
    if (count > 0) this.counts.set(key, count);
    else this.counts.delete(key);
  }

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}

type AllowRequest = (request: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void) => void;

/**
 * The per-address cap on socket connections (engine.io's, so it holds whatever a client does or does not say on the
 * connection afterwards). `allowRequest` takes a place for each new connection's handshake, counted by the
 * client's address as the routes see it (TRUST_PROXY); `track` gives the place back when that connection closes (or
 * when a handshake never became one).
 */
export function socketAddressCap(
  trustProxy: TrustProxy,
  limit = MAX_SOCKETS_PER_ADDRESS,
): { allowRequest: AllowRequest; track(io: Server): void } {
  const cap = new AddressCap(limit);
  const addressOf = clientAddressOf(trustProxy);
  const pending = new WeakMap<IncomingMessage, { key: string; timer: NodeJS.Timeout }>();
  return {
    allowRequest(request, callback) {
      const key = clientAddressKey(addressOf(request));
      if (!cap.take(key)) {
        callback(TOO_MANY_SOCKETS, false);
        return;
      }
      const timer = setTimeout(() => {
        if (pending.delete(request)) cap.release(key);
      }, HANDSHAKE_MS);
      timer.unref();
      pending.set(request, { key, timer });
      callback(null, true);
    },
    track(io) {
      io.engine.on('connection', (connection: { request: IncomingMessage; once(event: 'close', listener: () => void): void }) => {
        const place = pending.get(connection.request);
        if (!place) return;
        pending.delete(connection.request);
        clearTimeout(place.timer);
        connection.once('close', () => cap.release(place.key));
      });
    },
  };
}
