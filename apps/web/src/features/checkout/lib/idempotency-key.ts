/**
 * The key for the order as it stands: the same while the cart, address, note and payment type stay the
 * same (so a retry after a network failure or a declined card reuses the order), new once any changes.
 */
export function draftFingerprint(parts: unknown): string {
  return JSON.stringify(parts);
}
