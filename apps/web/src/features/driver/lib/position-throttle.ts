import { distanceMetres } from '@shop/shared/domain/driver-position';

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

/**
 * Whether to send `next`, given the last fix sent (null: none yet): the first at once; then every 15 s, or after
 * 50 m, at most one every 5 s. The customer's map moves often enough, and the phone's battery and data last the shift.
 */
export function shouldSend(last: Fix | null, next: Fix): boolean {
  if (!last) return true;
  const elapsed = next.at - last.at;
  if (elapsed >= SEND_EVERY_MS) return true;
  return elapsed >= MIN_GAP_MS && distanceMetres(last, next) >= SEND_AFTER_METRES;
}
