// socket.io-client connections for the realtime tests: what each socket received, in order, and bounded waits.
import { io, type Socket } from 'socket.io-client';
import { ORDER_UPDATE, SOCKET_CLIENT_OPTIONS } from '@shop/shared/contract/realtime';

export interface Received {
  event: string;
  payload: unknown;
}

export interface TestSocket {
  socket: Socket;
  /** Every event the server sent, in arrival order. */
  received: Received[];
  /**
   * Resolves when `event` with `{order_id}` has arrived `count` times (default once, counting what arrived
   * before the call); rejects after `timeoutMs`.
   */
  waitFor(event: string, orderId: string, timeoutMs?: number, count?: number): Promise<void>;
  /**
   * A round trip on this socket (a client event the server always acknowledges). The server writes a socket's
   * packets in order, so once it resolves, every event the server sent this socket before has arrived: absence
   * is asserted after a sync, not after a sleep.
   */
  sync(): Promise<unknown>;
  /** Sends a client event and waits (bounded) for its acknowledgement. */
  emitWithAck(event: string, ...args: unknown[]): Promise<unknown>;
  close(): void;
}

export interface ConnectOptions {
  /** The session cookie (`sid=...`), or none. */
  cookie?: string | null;
  /** The Origin header; null sends none. */
  origin?: string | null;
  /** Extra headers, e.g. Sec-Fetch-Site. */
  headers?: Record<string, string>;
  transports?: Array<'polling' | 'websocket'>;
  /** The handshake's `auth`, e.g. `{ track: token }` for an order's tracking page. */
  auth?: Record<string, string>;
}

const WAIT_MS = 5000;

function open(url: string, options: ConnectOptions): Socket {
  const extraHeaders: Record<string, string> = { ...options.headers };
  if (options.cookie) extraHeaders.cookie = options.cookie;
  const origin = options.origin === undefined ? url : options.origin;
  if (origin !== null) extraHeaders.origin = origin;
  return io(url, {
    ...SOCKET_CLIENT_OPTIONS,
    transports: options.transports ?? [...SOCKET_CLIENT_OPTIONS.transports],
    reconnection: false,
    forceNew: true,
    timeout: WAIT_MS,
    extraHeaders,
    ...(options.auth ? { auth: options.auth } : {}),
  });
}

function hasOrder(item: Received, event: string, orderId: string): boolean {
  return item.event === event && (item.payload as { order_id?: unknown } | undefined)?.order_id === orderId;
}

/** Connects to the shop at `url` (its origin by default) and resolves once connected; rejects with the connect_error. */
export async function connectSocket(url: string, options: ConnectOptions = {}): Promise<TestSocket> {
  const socket = open(url, options);
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  socket.onAny((event: string, payload: unknown) => {
    received.push({ event, payload });
    for (const check of waiters) check();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  const emitWithAck = (event: string, ...args: unknown[]) => socket.timeout(WAIT_MS).emitWithAck(event, ...args);
  return {
    socket,
    received,
    waitFor(event, orderId, timeoutMs = WAIT_MS, count = 1) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (received.filter((item) => hasOrder(item, event, orderId)).length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`not ${count} × ${event} {order_id: ${orderId}} within ${timeoutMs} ms; received ${JSON.stringify(received)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    sync: () => emitWithAck(ORDER_UPDATE, {}),
    emitWithAck,
    close: () => socket.close(),
  };
}

/** Tries to connect and answers the connect_error's message; fails if the connection is accepted. */
export async function refusedConnection(url: string, options: ConnectOptions = {}): Promise<string> {
  try {
    const accepted = await connectSocket(url, options);
    accepted.close();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the connection was accepted');
}

/** Events of `received` that name this order. */
export function eventsFor(received: Received[], orderId: string): string[] {
  return received.filter((item) => (item.payload as { order_id?: unknown } | undefined)?.order_id === orderId).map((item) => item.event);
}
