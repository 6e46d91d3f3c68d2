/**
 * What a guard hands to /signin when it sends a visitor there: the page they came from (to return to after signing
 * in) and, for a back-office page, that the page is for the shop's staff, so the sign-in page can say why they are
 * there instead of greeting a signed-in customer with a bare 'Welcome Back'.
 */
export type GuardState = {
  from: { pathname: string; search?: string; hash?: string };
  /** The page needs an admin (staff) account. */
  staffOnly?: boolean;
};

/** Whether the visitor was sent away from a staff-only page. */
export function wasStaffOnly(state: unknown): boolean {
  return Boolean(state && typeof state === 'object' && (state as { staffOnly?: unknown }).staffOnly === true);
}
