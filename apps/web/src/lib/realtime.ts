import { useEffect, useRef } from 'react';
import { orderEventSchema, type OrderEvent } from '@shop/shared/contract/realtime';
import { useRealtimeSocket, type RealtimeSocket } from './realtime-socket';

// The connection itself (opened, shared by the tab, closed) lives in realtime-socket.ts, without zod: the
// storefront's sockets then never evaluate the contract's schemas.
export { closeRealtime, useRealtimeSocket } from './realtime-socket';

/** A ref that always holds the latest render's value, so a long-lived listener calls the current handler. */
function useLatest<T>(value: T): { readonly current: T } {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}

/** Calls `handler` with each valid `{order_id}` event of this name; payloads of any other shape are ignored. */
export function useRealtimeEvent(event: string, handler: (payload: OrderEvent) => void): void {
  const socket = useRealtimeSocket();
  const latest = useLatest(handler);
  useEffect(() => {
    if (!socket) return undefined;
    const listener = (payload: unknown) => {
      const parsed = orderEventSchema.safeParse(payload);
      if (parsed.success) latest.current(parsed.data);
    };
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event, latest]);
}

/** Calls `handler` on each event of this name, whatever it carries: a nudge to refetch (a driver's `runs_changed`). */
export function useRealtimeNudge(event: string, handler: () => void): void {
  const socket = useRealtimeSocket();
  const latest = useLatest(handler);
  useEffect(() => {
    if (!socket) return undefined;
    const listener = () => latest.current();
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event, latest]);
}

/**
 * Calls `handler` each time the socket connects: `reconnected` is false for the first connection this hook sees
 * and true for every later one (after a network drop or a server restart), when events may have been missed.
 */
export function useRealtimeConnected(handler: (reconnected: boolean) => void): void {
  const socket = useRealtimeSocket();
  const latest = useLatest(handler);
  useEffect(() => {
    if (!socket) return undefined;
    let seen = false;
    const listener = () => {
      latest.current(seen);
      seen = true;
    };
    if (socket.connected) listener();
    socket.on('connect', listener);
    return () => {
      socket.off('connect', listener);
    };
  }, [socket, latest]);
}

/** Sends a client event the spec names (`order_confirmation`, `order_update`); the server only answers with a refetch prompt. */
export function emitRealtime(socket: Pick<RealtimeSocket, 'emit'> | null, event: string, payload: OrderEvent): void {
  socket?.emit(event, payload);
}
