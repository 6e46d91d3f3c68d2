import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { EMAIL_TAKEN, INVALID_EMAIL_CODE, OTP_MAX_ATTEMPTS } from '@shop/shared/contract/auth';
import type { ServiceContext } from '../../context';
import { emailChanges, otpCodes, sessions, users } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { sendMailInBackground } from '../../mail/mailer';
import { generateOtp } from './otp';
import { hashPassword, verifyPassword } from './password';
import type { SessionUser } from './session';
import { emitSessionsEnded } from './session-events';

/** How long the code mailed to a new address works: longer than a reset code's 10 minutes, to open another mailbox. */
export const EMAIL_CODE_VALID_MINUTES = 60;

export function confirmEmailMail(code: string): { subject: string; text: string } {
  return {
    subject: 'Confirm your new e-mail address',
    text: [
      'Someone asked to use this address for their Takeaway Shop account.',
      '',
      `Your code: ${code}`,
      '',
      `Enter it on the My Profile page within ${EMAIL_CODE_VALID_MINUTES} minutes. If you did not ask for this, ignore this e-mail: nothing changes.`,
    ].join('\n'),
  };
}

export function emailChangeNotice(newEmail: string): { subject: string; text: string } {
  return {
    subject: 'Your e-mail address is being changed',
    text: [
      `Someone signed in to your Takeaway Shop account asked to change its e-mail address to ${newEmail}.`,
      '',
      'Nothing changes until the code sent to that address is entered. If this was not you, sign in and change your',
      'password (Forgot Password), which also signs out every device.',
    ].join('\n'),
  };
}

function invalidCode(): HttpError {
  return new HttpError('INVALID_EMAIL_CODE', INVALID_EMAIL_CODE);
}

/**
 * Starts an e-mail change (PUT /api/profile with a new address, the current password already checked): replaces any
 * change waiting for this account with one for `newEmail`, its code argon2id-hashed, and mails the code to the new
 * address and a notice to the current one. The account keeps its e-mail, and signs in with it, until the code
 * comes back (confirmEmailChange). 409 when the new address already has an account.
 */
export async function requestEmailChange(ctx: ServiceContext, user: Pick<SessionUser, 'id' | 'email'>, newEmail: string): Promise<void> {
  const taken = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
  if (taken.length > 0) throw new HttpError('EMAIL_TAKEN', EMAIL_TAKEN);
  const code = generateOtp();
  const codeHash = await hashPassword(code);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(emailChanges).where(eq(emailChanges.userId, user.id));
    await tx.insert(emailChanges).values({
      userId: user.id,
      newEmail,
      codeHash,
      expiresAt: new Date(now.getTime() + EMAIL_CODE_VALID_MINUTES * 60_000),
      attempts: 0,
      createdAt: now,
    });
  });
  sendMailInBackground(ctx, { to: newEmail, ...confirmEmailMail(code) });
  sendMailInBackground(ctx, { to: user.email, ...emailChangeNotice(newEmail) });
}

/** The address a change waiting for this account goes to, if any (for the profile page). */
export async function pendingEmailOf(ctx: Pick<ServiceContext, 'db' | 'now'>, userId: string): Promise<string | null> {
  const [pending] = await ctx.db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, ctx.now())))
    .limit(1);
  return pending?.newEmail ?? null;
}

/**
 * POST /api/profile/confirm-email: with the code mailed to the new address, the account's e-mail becomes that
 * address, verified (the code proves the mailbox), and every other session of the account ends (the one confirming
 * stays); the codes mailed to the old address are void. Each try takes one of the code's OTP_MAX_ATTEMPTS (5) first,
 * in one conditional update; an expired, used-up or missing code answers like a wrong one: 400 INVALID_EMAIL_CODE. 409 when someone registered the address in the meantime.
 */
export async function confirmEmailChange(ctx: ServiceContext, user: SessionUser, sessionId: string, code: string): Promise<SessionUser> {
  const now = ctx.now();
  const [attempt] = await ctx.db
    .update(emailChanges)
    .set({ attempts: sql`${emailChanges.attempts} + 1` })
    .where(and(eq(emailChanges.userId, user.id), gt(emailChanges.expiresAt, now), lt(emailChanges.attempts, OTP_MAX_ATTEMPTS)))
    .returning({ id: emailChanges.id, newEmail: emailChanges.newEmail, codeHash: emailChanges.codeHash });
  if (!attempt || !(await verifyPassword(attempt.codeHash, code.trim().toUpperCase()))) throw invalidCode();

  const ended = await ctx.db
    .transaction(async (tx) => {
      const used = await tx.delete(emailChanges).where(eq(emailChanges.id, attempt.id)).returning({ id: emailChanges.id });
      // Confirmed by a parallel request a moment ago: the code works once.
      if (used.length === 0) throw invalidCode();
      // The code came to the new address, so it is verified; codes mailed to the old one die with it.
      await tx.update(users).set({ email: attempt.newEmail, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
      await tx.delete(otpCodes).where(eq(otpCodes.userId, user.id));
      return tx
        .delete(sessions)
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, sessionId)))
        .returning({ id: sessions.id });
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new HttpError('EMAIL_TAKEN', EMAIL_TAKEN);
      throw error;
    });
  // The other sessions' sockets close too, in every process.
  for (const session of ended) emitSessionsEnded(ctx.db, { sessionId: session.id });
  return { ...user, email: attempt.newEmail, emailVerified: true };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
