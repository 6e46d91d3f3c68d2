/**
 * Accounts on the wire: the bodies of register, login, profile, forgot-password, change-password and the e-mail's
 * verification, and their answers. Strict objects: an unknown field (a client `role`, say) is refused, so registering always
 * makes a customer. The browser imports only the types, and the constants it shows from domain/account-rules.ts,
 * to keep zod out of its downloads.
 */
import { z } from 'zod';
import { isBlankPassword, OTP_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_ONLY_SPACES, PASSWORD_TOO_SHORT } from '../domain/account-rules';
import { errorBodySchema } from './errors';
import { ROLES } from '../domain/roles';

// Declared in domain/account-rules.ts (zod-free, for the browser); part of the contract all the same.
export { OTP_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT };

/** Long passphrases are welcome (argon2 takes any length, 128 keeps requests small). */
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MAX_LENGTH = 100;

/** The one-time code: OTP_LENGTH (4) characters from 32 symbols (20 bits), without the look-alikes I, O, 0 and 1. */
export const OTP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const OTP_VALID_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

// Answers that are not in the spec (it leaves the server's wording open). The spec's own words live in
// domain/messages.ts (OTP_SENT, PASSWORD_UPDATED).
export const REGISTERED = 'Registration successful.';
export const SIGNED_IN = 'Login successful.';
export const SIGNED_OUT = 'Signed out.';
export const PROFILE_UPDATED = 'Profile Updated.';
export const EMAIL_TAKEN = 'An account with this email already exists.';
/** One message for an unknown e-mail and a wrong password, so a login never tells which accounts exist. */
export const WRONG_CREDENTIALS = 'Incorrect email or password.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';
export const INVALID_OTP_ANSWER = 'This code is not valid. Check the code or ask for a new one.';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
export const INVALID_EMAIL = 'Please enter a valid email address.';

/** The longest e-mail address (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX_LENGTH = 254;
/**
 * The most of an e-mail field that is read before it is trimmed and matched against the e-mail pattern: the longest
 * address and room for stray spaces. Bounded first, so a field of megabytes is refused without the pattern running.
 */
export const EMAIL_TEXT_MAX_LENGTH = EMAIL_MAX_LENGTH + 64;

/** An e-mail field: its length bounded, then trimmed and lower-cased (e-mails are case-insensitive everywhere), then matched. */
export function emailField(message: string) {
  return z.string(message).max(EMAIL_TEXT_MAX_LENGTH, message).trim().toLowerCase().pipe(z.email(message).max(EMAIL_MAX_LENGTH, message));
}

export const emailSchema = emailField(INVALID_EMAIL);

export const newPasswordSchema = z
  .string('Password is required.')
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine((password) => !isBlankPassword(password), PASSWORD_ONLY_SPACES);

/** A password being checked, not chosen: any non-empty text up to the maximum. */
const givenPasswordSchema = z.string('Password is required.').min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH, WRONG_CREDENTIALS);

export const usernameSchema = z
  .string('Full name is required.')
  .trim()
  .min(1, 'Full name is required.')
  .max(USERNAME_MAX_LENGTH, `Full name must be at most ${USERNAME_MAX_LENGTH} characters.`);

export const registerBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: givenPasswordSchema,
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** PUT /api/profile: the new name and e-mail, confirmed with the CURRENT password. */
export const profileBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: givenPasswordSchema,
});
export type ProfileBody = z.input<typeof profileBodySchema>;

export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const changePasswordBodySchema = z.strictObject({
  otp: z.string('Please Insert Valid OTP!').trim().toUpperCase().length(OTP_LENGTH, 'Please Insert Valid OTP!'),
  password: newPasswordSchema,
  email: emailSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/**
 * The user as every answer shows them: never a password or a hash. `emailVerified`: the account proved it holds its
 * e-mail with a code mailed there (orders placed as a guest with that e-mail join its history only then).
 */
export const wireUserSchema = z.strictObject({ email: z.string(), username: z.string(), role: roleSchema, emailVerified: z.boolean() });
export type WireUser = z.infer<typeof wireUserSchema>;

/** register, login and profile answers. */
export const authAnswerSchema = z.strictObject({ result: z.literal(true), message: z.string(), user: wireUserSchema });
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

/** forgot-password, change-password and logout answers. */
export const resultAnswerSchema = z.strictObject({ result: z.boolean(), message: z.string() });
export type ResultAnswer = z.infer<typeof resultAnswerSchema>;

/** A failed accounts call: the shop's error shape plus the spec's `result: false`. */
export interface AuthFailure {
  statusCode: number;
  error: string;
  message: string;
  result: false;
}

/** A failed accounts call's body: the one error body plus the spec's `result: false` (added to every failure). */
export const authFailureSchema = errorBodySchema.extend({ result: z.literal(false).optional() });

/**
 * GET /api/session: who is signed in, `user: null` when nobody is (decision 0105: every visitor's page asks, and
 * being signed out is an answer, not a failure).
 */
export const sessionAnswerSchema = z.strictObject({ user: wireUserSchema.nullable() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** GET /api/alluser/{email}: the spec's answer without the password. */
export const allUserAnswerSchema = z.strictObject({ username: z.string(), email: z.string() });
export type AllUserAnswer = z.infer<typeof allUserAnswerSchema>;

/** GET /api/dev/outbox: mail the development outbox recorded, newest first. */
export const outboxMailSchema = z.strictObject({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

// --- E-mail change, confirmed by a code mailed to the new address (decision 0705) --------------------------------

/** PUT /api/profile answer: AuthAnswer, plus `pendingEmail` when a new e-mail waits for the code mailed to it. */
export const profileAnswerSchema = authAnswerSchema.extend({ pendingEmail: z.string().optional() });
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>;

export const INVALID_EMAIL_CODE = 'This code is not valid. Check the code in the e-mail, or save your profile again for a new one.';
export const EMAIL_CONFIRMED = 'Your e-mail address is changed: sign in with it from now on.';

/** What PUT /api/profile says when it mailed a code to the new address: until it is given back, the old one signs in. */
export function emailChangeSent(newEmail: string, currentEmail: string): string {
  return `Profile Updated. We have sent a code to ${newEmail}: enter it to confirm your new e-mail address. Until then, sign in with ${currentEmail}.`;
}

/** POST /api/profile/confirm-email: the code mailed to the new address. */
export const confirmEmailBodySchema = z.strictObject({
  code: z.string(INVALID_EMAIL_CODE).trim().toUpperCase().length(OTP_LENGTH, INVALID_EMAIL_CODE),
});
export type ConfirmEmailBody = z.input<typeof confirmEmailBodySchema>;

// --- E-mail verification: the account proves it holds its e-mail with a code mailed there --------------------------

export const EMAIL_ALREADY_VERIFIED = 'Your e-mail address is verified already.';
export const EMAIL_VERIFIED = 'E-mail verified.';

/** POST /api/profile/verify-email reads nothing: an empty body or none. */
export const verifyEmailBodySchema = z.strictObject({}).describe('Nothing (an empty body or none)');

/** POST /api/profile/verify-email: a code is on its way to the account's e-mail. */
export const verifyEmailSentSchema = z.strictObject({ result: z.literal('sent') });
export type VerifyEmailSent = z.infer<typeof verifyEmailSentSchema>;

/** POST /api/profile/verify-email/confirm: the code mailed to the account's e-mail (a malformed one reads as a wrong one). */
export const verifyEmailConfirmBodySchema = z.strictObject({
  code: z.string(INVALID_OTP_ANSWER).trim().toUpperCase().length(OTP_LENGTH, INVALID_OTP_ANSWER),
});
export type VerifyEmailConfirmBody = z.input<typeof verifyEmailConfirmBodySchema>;

/** Its answer: the user, `emailVerified: true`. */
export const verifyEmailConfirmedSchema = z.strictObject({ result: z.literal('verified'), message: z.string(), user: wireUserSchema });
export type VerifyEmailConfirmed = z.infer<typeof verifyEmailConfirmedSchema>;
