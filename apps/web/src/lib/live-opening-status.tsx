import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { openingHoursQueryKey } from './opening-hours';
import { nextStatusChange, openingStatusQueryKey, useOpeningStatus } from './opening-status';

// The socket's part is its own chunk (socket.io-client and the contract's schemas), loaded after the page has drawn.
const ShopStatusSocket = lazy(() => import('./shop-status-socket').then((m) => ({ default: m.ShopStatusSocket })));

/** setTimeout's longest delay is about 24.8 days. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * Keeps the opening status true: takes the `shop_status` event's status at once, asks again after a
 * reconnect, and when busy mode or a pause ends by itself (at `busy.until` / `pausedUntil`, which sends nothing).
 * Mounted by the screens that show the status (the menu's and cart's line, checkout, the back office); renders nothing.
 */
export function LiveOpeningStatus() {
  const client = useQueryClient();
  const status = useOpeningStatus().data;

  useEffect(() => {
    const now = Date.now();
    const next = nextStatusChange(status, now);
    if (next === null) return undefined;
    // A second after the instant, so the shop's clock has passed it too.
    const timer = setTimeout(
      () => void client.invalidateQueries({ queryKey: openingStatusQueryKey }),
      Math.min(next - now + 1000, LONGEST_WAIT_MS),
    );
    return () => clearTimeout(timer);
  }, [status, client]);

  return (
    <Suspense fallback={null}>
      <ShopStatusSocket
        onStatus={(fresh) => {
          client.setQueryData(openingStatusQueryKey, fresh);
          // The owner may have changed the hours (decision 1400): the store information asks again if it is shown.
          void client.invalidateQueries({ queryKey: openingHoursQueryKey });
        }}
        onReconnect={() => void client.invalidateQueries({ queryKey: openingStatusQueryKey })}
      />
    </Suspense>
  );
}
