import {
  isBlankPassword,
  OTP_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_ONLY_SPACES,
  PASSWORD_TOO_SHORT,
} from '@shop/shared/domain/account-rules';
import { CONFIRM_PASSWORD_MISMATCH, INVALID_OTP, VALID_EMAIL_REQUIRED } from '@shop/shared/domain/messages';
import { paths } from '../../../lib/paths';

/** Step 1: the spec's warning for an empty e-mail, or null when the request may go. */
export function checkResetEmail(email: string): string | null {
  return email.trim() === '' ? VALID_EMAIL_REQUIRED : null;
}

/** Step 2, in the spec's order: passwords must match, the OTP must be exactly 4 characters; then the length rule. */
export function checkNewPassword(input: { otp: string; password: string; confirm: string }): string | null {
  if (input.password !== input.confirm) return CONFIRM_PASSWORD_MISMATCH;
  if (input.otp.trim().length !== OTP_LENGTH) return INVALID_OTP;
  if (input.password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (isBlankPassword(input.password)) return PASSWORD_ONLY_SPACES;
  return null;
}

/** Where to go after signing in: the page the guard sent the visitor away from, else home. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return paths.home;
  if (from.pathname === paths.signin || from.pathname === paths.signup) return paths.home;
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${from.pathname}${search}${hash}`;
}
