import { useEffect, useState } from 'react';

/** How often a clock on screen moves: 'Waiting 6 min' is in whole minutes, so a few seconds late is fine. */
export const CLOCK_TICK_MS = 5_000;

/**
 * The browser's clock, read again every `tickMs` while the screen is on: what 'Waiting 6 min' and 'Late' are
 * worked out from. Tests fix it with vi.setSystemTime.
 */
export function useNow(tickMs: number = CLOCK_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs]);
  return now;
}
