import { SHOP_TIME_ZONE } from '@shop/shared/domain/london-time';

const CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** An instant from the wire as the shop's wall clock shows it: '18:42'. '' for a missing or unreadable one. */
export function shopClock(iso: string | null | undefined): string {
  if (!iso) return '';
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? '' : CLOCK.format(instant);
}

/** Whole minutes from `iso` to `now`, never below 0: 'seen 3 min ago'. */
export function minutesSince(iso: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000));
}
