import { useEffect, useRef } from 'react';
import { SHOP_STATUS, shopStatusEventSchema } from '@shop/shared/contract/shop-status';
import type { OpeningStatus } from '@shop/shared/domain/kitchen';
import { useRealtimeSocket } from './realtime';

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
    const changed = (payload: unknown) => {
      const parsed = shopStatusEventSchema.safeParse(payload);
      if (parsed.success) latest.current.onStatus(parsed.data);
      else latest.current.onReconnect();
    };
    const connected = () => {
      if (seen) latest.current.onReconnect();
      seen = true;
    };
    socket.on(SHOP_STATUS, changed);
    socket.on('connect', connected);
    return () => {
      socket.off(SHOP_STATUS, changed);
      socket.off('connect', connected);
    };
  }, [socket]);
  return null;
}
