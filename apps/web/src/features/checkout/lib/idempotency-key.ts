/** A fresh key for one attempt at placing an order (random, 32 hex characters). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The key for the order as it stands: the same while the cart, address, note and payment type stay the
 * same (so a retry after a network failure or a declined card reuses the order), new once any changes.
 */
export function draftFingerprint(parts: unknown): string {
  return JSON.stringify(parts);
}
