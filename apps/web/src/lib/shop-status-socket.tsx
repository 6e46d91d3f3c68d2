import { useEffect, useRef } from 'react';
import { SHOP_STATUS } from '@shop/shared/contract/socket-names';
import type { OpeningStatus } from '@shop/shared/domain/kitchen';
import { useRealtimeSocket } from './realtime-socket';

/**
 * The payload's schema (the opening status's, with zod and the orders contract) is loaded with the first event, not
 * with the socket: opening the socket after the storefront's first paint then evaluates no schema.
 */
const eventSchema = () => import('@shop/shared/contract/shop-status').then((m) => m.shopStatusEventSchema);

/**
 * The tab's socket, a visitor's too, for `shop_status` (busy mode, a pause or the kitchen's settings changed): its
 * payload is the opening status, handed to `onStatus`; `onReconnect` runs on every connection after the first (an
 * event may have been missed). Loaded lazily by LiveOpeningStatus, so the storefront's first load never carries it.
 */
export function ShopStatusSocket({ onStatus, onReconnect }: { onStatus: (status: OpeningStatus) => void; onReconnect: () => void }) {
  const socket = useRealtimeSocket({ visitors: true });
  const latest = useRef({ onStatus, onReconnect });
  useEffect(() => {
    latest.current = { onStatus, onReconnect };
  });
  useEffect(() => {
    if (!socket) return undefined;
    let seen = socket.connected;
    let live = true;
    // One after the other, in the order they came, though the first waits for the schema's chunk.
    let queue: Promise<void> = Promise.resolve();
    const changed = (payload: unknown) => {
      queue = queue.then(async () => {
        const parsed = (await eventSchema()).safeParse(payload);
        if (!live) return;
        if (parsed.success) latest.current.onStatus(parsed.data);
        else latest.current.onReconnect();
      });
    };
    const connected = () => {
      if (seen) latest.current.onReconnect();
      seen = true;
    };
    socket.on(SHOP_STATUS, changed);
    socket.on('connect', connected);
    return () => {
      live = false;
      socket.off(SHOP_STATUS, changed);
      socket.off('connect', connected);
    };
  }, [socket]);
  return null;
}
