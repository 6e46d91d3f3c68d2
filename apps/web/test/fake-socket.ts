// The realtime socket's stand-in for component tests: component-setup.ts puts it in place of socket.io-client, so no
// test opens a real connection. A socket "connects" a moment after it is opened, as a real one does; a test plays
// the server's part with serverEmit and reads what the page sent from sentByClients.

type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  connected = false;
  /** What the page opened it with (`auth: {track}` for a tracking page's). */
  options: { auth?: unknown } | undefined;
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  /** The page sends an event to the server. */
  emit(event: string, ...args: unknown[]): this {
    sentByClients.push({ event, payload: args[0] });
    return this;
  }

  close(): this {
    this.connected = false;
    openSockets.delete(this);
    return this;
  }

  disconnect(): this {
    return this.close();
  }

  /** The server's side: delivers an event to this socket's listeners. */
  receive(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  connectNow(): void {
    if (!openSockets.has(this) || this.connected) return;
    this.connected = true;
    this.receive('connect');
  }
}

/** The sockets the page holds open now. */
export const openSockets = new Set<FakeSocket>();
/** Every event a page sent, in order. */
export const sentByClients: Array<{ event: string; payload: unknown }> = [];

/** socket.io-client's `io`: a socket that connects on the next turn of the event loop. */
export function io(options?: { auth?: unknown }): FakeSocket {
  const socket = new FakeSocket();
  socket.options = options;
  openSockets.add(socket);
  setTimeout(() => socket.connectNow(), 0);
  return socket;
}

/** The server emits `event` to every open socket (the admins room, a customer's room: the test decides who is open). */
export function serverEmit(event: string, payload: unknown): void {
  for (const socket of openSockets) socket.receive(event, payload);
}

/** A dropped connection that comes back: every open socket disconnects and connects again. */
export function reconnectAll(): void {
  for (const socket of openSockets) {
    socket.connected = false;
    socket.receive('disconnect', 'transport close');
    socket.connectNow();
  }
}
