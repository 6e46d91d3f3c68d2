/**
 * The account rules both sides state, declared once and without zod: the wire contract (contract/auth.ts) builds
 * its schemas on them and re-exports them, and the browser's sign-up and forgot-password forms check and explain
 * them without downloading zod.
 */

/** Shorter passwords are refused (the longest is the contract's PASSWORD_MAX_LENGTH). */
export const PASSWORD_MIN_LENGTH = 8;

/** The one-time code's length (SPEC.md section 9: OTP length 4). */
export const OTP_LENGTH = 4;

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
