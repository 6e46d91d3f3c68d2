/** A position the phone gave, and when (ms since the epoch). */
export interface Fix {
  lat: number;
  lng: number;
  at: number;
}

/** A fix goes to the shop at most this often while the driver stands still… */
export const SEND_EVERY_MS = 15_000;
/** …or sooner once they have moved this far… */
export const SEND_AFTER_METRES = 50;
/** …but never more often than this, however fast they go. */
export const MIN_GAP_MS = 5_000;

const EARTH_RADIUS_M = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The distance between two positions along the earth's surface, in metres (haversine). */
export function metresBetween(a: Pick<Fix, 'lat' | 'lng'>, b: Pick<Fix, 'lat' | 'lng'>): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Whether to send `next`, given the last fix sent (null: none yet): the first at once; then every 15 s, or after
 * 50 m, at most one every 5 s. The customer's map moves often enough, and the phone's battery and data last the shift.
 */
export function shouldSend(last: Fix | null, next: Fix): boolean {
  if (!last) return true;
  const elapsed = next.at - last.at;
  if (elapsed >= SEND_EVERY_MS) return true;
  return elapsed >= MIN_GAP_MS && metresBetween(last, next) >= SEND_AFTER_METRES;
}
