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

/** A password of spaces alone ('        ') is refused, whatever its length. */
export const PASSWORD_ONLY_SPACES = 'Password cannot be only spaces.';

/** Whether a new password is nothing but spaces (or other blank characters). */
export function isBlankPassword(password: string): boolean {
  return password.trim() === '';
}

/**
 * How many of the most common leaked passwords the server refuses (the list ships with the server; the browser
 * shows its refusal, code PASSWORD_TOO_COMMON).
 */
export const COMMON_PASSWORDS_REFUSED = 10_000;

export const PASSWORD_TOO_COMMON =
  'This password is one of the most common ones, which are the first tried against accounts. Please choose another.';
