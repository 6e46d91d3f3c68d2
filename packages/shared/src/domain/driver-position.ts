/**
 * A driver's position as the tracker shows it (decision 1700): whether a new fix from the phone is believable after
 * the last one shown, and when a delivery should arrive from the stops left before it. Pure: times come in.
 */

export interface Fix {
  lat: number;
  lng: number;
  at: Date;
}

/** Faster than this between two fixes is not a car in a town: 120 km/h, in metres a second. */
export const MAX_PLAUSIBLE_SPEED_MPS = 120_000 / 3600;
/** A phone's fix wanders this far standing still; a move this small is always believable. */
export const FIX_JITTER_METRES = 150;

const EARTH_RADIUS_METRES = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in metres (haversine). */
export function distanceMetres(a: Pick<Fix, 'lat' | 'lng'>, b: Pick<Fix, 'lat' | 'lng'>): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Whether `next` may be shown after `last` (the last fix shown, null when none): a move within FIX_JITTER_METRES
 * always, else only at an implied speed of at most MAX_PLAUSIBLE_SPEED_MPS. A jump of kilometres within seconds is a
 * bad fix (a phone's cell or Wi-Fi guess) or a forged one, and the customer does not see the van leap about.
 */
export function isPlausibleFix(last: Fix | null, next: Fix): boolean {
  if (!last) return true;
  const metres = distanceMetres(last, next);
  if (metres <= FIX_JITTER_METRES) return true;
  const seconds = (next.at.getTime() - last.at.getTime()) / 1000;
  if (seconds <= 0) return false;
  return metres / seconds <= MAX_PLAUSIBLE_SPEED_MPS;
}

/** Minutes a stop takes, the drive to it and the handover at the door together. */
export const MINUTES_PER_STOP = 10;
/** The soonest an estimate says, however late the run is: the driver is still coming. */
export const MIN_ARRIVAL_MINUTES = 2;

/**
 * When a delivery on the way should arrive: MINUTES_PER_STOP for each stop still before it and for its own, counted
 * from the run's last event (its start, or its latest delivery), so the time does not slide on every refresh; never
 * sooner than MIN_ARRIVAL_MINUTES from now.
 */
export function estimateArrival(input: { now: Date; since: Date; stopsBefore: number }): Date {
  const planned = input.since.getTime() + (input.stopsBefore + 1) * MINUTES_PER_STOP * 60_000;
  const soonest = input.now.getTime() + MIN_ARRIVAL_MINUTES * 60_000;
  return new Date(Math.max(planned, soonest));
}
