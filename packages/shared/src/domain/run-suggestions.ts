/**
 * Runs the board suggests (decision 1700): unassigned deliveries that one driver can take out together, because
 * they go to the same post code district and are due close together. Pure: the orders come in, the groups go out.
 */
import { parseUkPostcode } from './delivery-zones';
import { clockText, londonParts } from './london-time';

/** Orders due this close to the group's first may go with it. */
export const RUN_DUE_WINDOW_MINUTES = 15;
/** The most stops a suggested run has: more, and the last customer's food goes cold. */
export const MAX_RUN_STOPS = 3;

export interface SuggestibleDelivery {
  orderId: string;
  postcode: string;
  /** When the customer expects it; null: not timed, never grouped. */
  dueAt: Date | null;
}

export interface RunSuggestion {
  /** In the order the driver should take them: earliest due first. */
  orderIds: string[];
  reason: string;
}

function wallClock(at: Date): string {
  const parts = londonParts(at);
  return clockText(parts.hour * 60 + parts.minute);
}

function reasonOf(area: string, group: Array<SuggestibleDelivery & { dueAt: Date }>): string {
  const first = group[0]?.dueAt;
  const last = group.at(-1)?.dueAt;
  if (!first || !last) return '';
  const from = wallClock(first);
  const until = wallClock(last);
  return `${group.length} orders in ${area}, due ${from === until ? from : `${from}-${until}`}`;
}

/**
 * Groups of two or more deliveries to one district (its outward code, 'BS6'), each due within
 * RUN_DUE_WINDOW_MINUTES of the group's earliest, at most MAX_RUN_STOPS each; best first: more stops, then earlier.
 * An order with a post code that does not parse or without a due time is left for the dispatcher. The reason names
 * the sector ('BS6 5') when every stop is in one.
 */
export function suggestRuns(deliveries: readonly SuggestibleDelivery[]): RunSuggestion[] {
  const byDistrict = new Map<string, Array<SuggestibleDelivery & { dueAt: Date; sector: string }>>();
  for (const delivery of deliveries) {
    const parsed = parseUkPostcode(delivery.postcode);
    if (!parsed || !delivery.dueAt) continue;
    const list = byDistrict.get(parsed.outcode) ?? [];
    list.push({ ...delivery, dueAt: delivery.dueAt, sector: parsed.sector });
    byDistrict.set(parsed.outcode, list);
  }
  const groups: Array<{ district: string; stops: Array<SuggestibleDelivery & { dueAt: Date; sector: string }> }> = [];
  for (const [district, list] of byDistrict) {
    const sorted = [...list].sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.orderId.localeCompare(b.orderId));
    let current: typeof sorted = [];
    for (const delivery of sorted) {
      const first = current[0];
      const fits =
        first !== undefined &&
        current.length < MAX_RUN_STOPS &&
        delivery.dueAt.getTime() - first.dueAt.getTime() <= RUN_DUE_WINDOW_MINUTES * 60_000;
      if (!fits) {
        if (current.length > 0) groups.push({ district, stops: current });
        current = [];
      }
      current.push(delivery);
    }
    if (current.length > 0) groups.push({ district, stops: current });
  }
  return groups
    .filter((group) => group.stops.length >= 2)
    .sort(
      (a, b) =>
        b.stops.length - a.stops.length ||
        (a.stops[0]?.dueAt.getTime() ?? 0) - (b.stops[0]?.dueAt.getTime() ?? 0) ||
        a.district.localeCompare(b.district),
    )
    .map(({ district, stops }) => {
      const sectors = new Set(stops.map((stop) => stop.sector));
      const area = sectors.size === 1 ? ([...sectors][0] ?? district) : district;
      return { orderIds: stops.map((stop) => stop.orderId), reason: reasonOf(area, stops) };
    });
}
