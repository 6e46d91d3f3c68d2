import { useEffect, useRef } from 'react';
import { MENU_CHANGED } from '@shop/shared/contract/socket-names';
import { useRealtimeSocket } from './realtime-socket';

/**
 * The tab's socket, a visitor's too, for `menu_changed`: `onChange` runs on each one, and on every connection after
 * the first (a reconnect: an event may have been missed). Loaded lazily by LiveMenu (live-menu.tsx).
 */
export function MenuSocket({ onChange }: { onChange: () => void }) {
  const socket = useRealtimeSocket({ visitors: true });
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!socket) return undefined;
    let seen = socket.connected;
    const changed = () => latest.current();
    const connected = () => {
      if (seen) latest.current();
      seen = true;
    };
    socket.on(MENU_CHANGED, changed);
    socket.on('connect', connected);
    return () => {
      socket.off(MENU_CHANGED, changed);
      socket.off('connect', connected);
    };
  }, [socket]);
  return null;
}
