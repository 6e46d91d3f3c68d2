/**
 * The storefront's invitation to order ahead while the shop is closed (issue 21 point 6): 'Order ahead for tomorrow
 * from 17:45', from the opening status's `nextSlotAt` (the first slot the server would take). Pure: the instant
 * comes in as an argument. It is in the storefront's first load, so it reads the London calendar with Intl alone
 * (london-time.ts's full reader costs more than this whole line).
 */

/** The shop's time zone (london-time.ts SHOP_TIME_ZONE; not imported, to keep that module out of the first load). */
const TIME_ZONE = 'Europe/London';

/** The London calendar day of an instant, as a whole number of days (for 'today' and 'tomorrow'). */
function londonDay(at: Date): number {
  return Date.parse(at.toLocaleDateString('en-CA', { timeZone: TIME_ZONE })) / 86_400_000;
}

/** What the line is worked out from: the opening status's fields (GET /api/opening-status). */
export type OrderAheadStatus = {
  acceptingOrders: boolean;
  closedReason: 'hours' | 'paused' | null;
  nextSlotAt: string | null;
};

/**
 * 'Order ahead for today from 17:45', '... for tomorrow from 12:45' (the London calendar at `now`), or null when
 * the shop takes orders now, when it is paused (its own words say when it is back), or when no slot is left today
 * or tomorrow. Closed includes the last 15 minutes of a session (closedReason 'hours' while open).
 */
export function orderAheadLine(status: OrderAheadStatus, now: Date): string | null {
  if (status.acceptingOrders || status.closedReason !== 'hours' || !status.nextSlotAt) return null;
  const slot = new Date(status.nextSlotAt);
  if (Number.isNaN(slot.getTime())) return null;
  const days = londonDay(slot) - londonDay(now);
  const day = days <= 0 ? 'today' : days === 1 ? 'tomorrow' : slot.toLocaleDateString('en-GB', { timeZone: TIME_ZONE, weekday: 'long' });
  const time = slot.toLocaleTimeString('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `Order ahead for ${day} from ${time}`;
}
