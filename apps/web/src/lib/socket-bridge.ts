/**
 * The realtime socket run in a worker (decision 1103, fifth addendum): socket.io's client (its manager, the polling
 * transport, the handshake, the upgrade to a WebSocket, the packets' parsing) works off the page's main thread, where
 * on a slow phone it made long tasks while the storefront was starting. The page holds a `WorkerSocket`, the part of
 * socket.io's `Socket` the app uses (`connected`, `on`, `off`, `emit`, `close`); the worker (socket-worker.ts) holds the
 * real one and the two speak the messages below. The worker's origin is the page's and it sends the same cookies, so
 * the server sees the same connection as before and chooses the same rooms.
 */

import { SOCKET_CLIENT_OPTIONS } from '@shop/shared/contract/socket-names';

/** The options the client is opened with, in the worker or (jsdom) in the page: socket.io's own type wants a mutable list. */
export const IO_OPTIONS = { ...SOCKET_CLIENT_OPTIONS, transports: [...SOCKET_CLIENT_OPTIONS.transports] };

/** The part of socket.io's client `Socket` the app uses: what realtime-socket.ts hands to the screens. */
export interface RealtimeSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  off(event: string, listener?: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  close(): unknown;
}

/**
 * What the page asks the worker. `offline`: the page heard the browser's `offline` event, which Chromium does not fire
 * in a dedicated worker (its `navigator.onLine` changes, silently); socket.io's client listens for it to drop its
 * connection at once rather than after the server's ping timeout, so the worker fires it there.
 */
export type ToSocketWorker = { kind: 'emit'; event: string; args: unknown[] } | { kind: 'close' } | { kind: 'offline' };

/** What the worker tells the page: the socket's own events and every event the server sent. */
export type FromSocketWorker =
  { kind: 'connect' } | { kind: 'disconnect'; reason: string } | { kind: 'event'; event: string; args: unknown[] };

/** One end of a message channel: a Worker, the worker's own global scope, a MessagePort. */
export interface MessageEnd<Out, In> {
  postMessage(message: Out): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<In>) => void): void;
}

type Listener = (...args: unknown[]) => void;

/** The page's end: a socket whose connection lives in the worker at the other end of `end`. */
export class WorkerSocket implements RealtimeSocket {
  connected = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  private closed = false;
  private readonly relayOffline = () => this.end.postMessage({ kind: 'offline' });

  constructor(
    private readonly end: MessageEnd<ToSocketWorker, FromSocketWorker>,
    private readonly page: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = globalThis,
  ) {
    page.addEventListener('offline', this.relayOffline);
    end.addEventListener('message', ({ data }) => {
      if (this.closed) return;
      if (data.kind === 'connect') {
        this.connected = true;
        this.dispatch('connect', []);
      } else if (data.kind === 'disconnect') {
        this.connected = false;
        this.dispatch('disconnect', [data.reason]);
      } else {
        this.dispatch(data.event, data.args);
      }
    });
  }

  on(event: string, listener: (...args: never[]) => void): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener as Listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener?: (...args: never[]) => void): this {
    if (listener) this.listeners.get(event)?.delete(listener as Listener);
    else this.listeners.delete(event);
    return this;
  }

  /** Sent by the worker's socket, which, as socket.io's does, holds it until it is connected. */
  emit(event: string, ...args: unknown[]): this {
    if (!this.closed) this.end.postMessage({ kind: 'emit', event, args });
    return this;
  }

  /** Closes the connection; the worker then ends itself. Nothing more reaches this socket's listeners. */
  close(): this {
    if (this.closed) return this;
    this.closed = true;
    this.connected = false;
    this.listeners.clear();
    this.page.removeEventListener('offline', this.relayOffline);
    this.end.postMessage({ kind: 'close' });
    return this;
  }

  private dispatch(event: string, args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

/** The worker's side of socket.io's `Socket`, as far as serveSocket uses it. */
export interface ServedSocket {
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  close(): unknown;
}

/**
 * The worker's end: passes `socket`'s events to the page and the page's emits and close to `socket`. `end` is the
 * worker's global scope (socket-worker.ts), where the page's `offline` is fired for socket.io's client to hear;
 * `stop` ends the worker once the socket is closed.
 */
export function serveSocket(
  end: MessageEnd<FromSocketWorker, ToSocketWorker> & Pick<EventTarget, 'dispatchEvent'>,
  socket: ServedSocket,
  stop: () => void,
): void {
  socket.on('connect', () => end.postMessage({ kind: 'connect' }));
  socket.on('disconnect', (reason) => end.postMessage({ kind: 'disconnect', reason: String(reason) }));
  socket.onAny((event, ...args) => end.postMessage({ kind: 'event', event, args }));
  end.addEventListener('message', ({ data }) => {
    if (data.kind === 'emit') socket.emit(data.event, ...data.args);
    else if (data.kind === 'offline') end.dispatchEvent(new Event('offline'));
    else {
      socket.close();
      stop();
    }
  });
}
