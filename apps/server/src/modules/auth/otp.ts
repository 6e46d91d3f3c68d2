import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { INVALID_OTP_ANSWER, OTP_ALPHABET, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_VALID_MINUTES } from '@shop/shared/contract/auth';
import type { ServiceContext } from '../../context';
import type { InTransaction } from '../../db/client';
import { otpCodes, users } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { sendMailInBackground } from '../../mail/mailer';
import { refuseCommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from './password';
import { findUserByEmail, spendPasswordCheckTime } from './service';
import { destroyUserSessions } from './session';
import { emitSessionsEnded } from './session-events';

type OtpContext = ServiceContext;

/** 4 characters, each drawn uniformly (crypto's randomInt) from the 32-symbol alphabet: 20 bits. */
export function generateOtp(): string {
  let code = '';
  for (let i = 0; i < OTP_LENGTH; i += 1) code += OTP_ALPHABET[randomInt(OTP_ALPHABET.length)];
  return code;
}

export function resetMail(code: string): { subject: string; text: string } {
  return {
    subject: 'Your password reset code',
    text: [
      'Someone asked to reset the password of your Takeaway Shop account.',
      '',
      `Your code: ${code}`,
      '',
      `It works once, for ${OTP_VALID_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    ].join('\n'),
  };
}

/**
 * Stores a new code for the account and answers it with the address to mail it to. The codes of `otp_codes` are the
 * account's mailed codes, whoever asked (a password reset, the e-mail's verification): each proves its holder reads
 * the account's mail, so the latest one works for either, and a newer code voids the older. The row is read `for
 * update`, so a confirmed e-mail change (which voids the codes) is either before, and the code goes to the new
 * address, or after, and voids it.
 */
export async function issueCode(app: Pick<OtpContext, 'db' | 'now'>, userId: string): Promise<{ code: string; email: string }> {
  const code = generateOtp();
  const codeHash = await hashPassword(code);
  const now = app.now();
  const email = await app.db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new Error('the account is gone');
    await tx.delete(otpCodes).where(eq(otpCodes.userId, userId));
    await tx.insert(otpCodes).values({
      userId,
      codeHash,
      expiresAt: new Date(now.getTime() + OTP_VALID_MINUTES * 60_000),
      attempts: 0,
      createdAt: now,
    });
    return user.email;
  });
  return { code, email };
}

/**
 * POST /forgot-password: for a known e-mail, voids any earlier code, stores a new one (argon2id-hashed, so a
 * leaked table does not leak codes) and mails it. An unknown e-mail gets no mail; the caller answers the same
 * either way, and both paths spend a password hash's time so the timing does not tell them apart either.
 */
export async function issueResetCode(app: OtpContext, email: string): Promise<void> {
  const user = await findUserByEmail(app.db, email);
  if (!user) {
    await hashPassword(generateOtp());
    return;
  }
  const issued = await issueCode(app, user.id);
  sendMailInBackground(app, { to: issued.email, ...resetMail(issued.code) });
}

export function invalidCode(): HttpError {
  return new HttpError('INVALID_OTP', INVALID_OTP_ANSWER);
}

/**
 * Checks a code against the account's latest one, without using it up: the try first takes one of the code's 5
 * attempts in a single conditional update, so parallel guesses cannot exceed the limit; a code that is expired,
 * used or out of attempts is dead even for the right characters. Every failure is the same 400 INVALID_OTP.
 * Answers the code's id, for useCode on the transaction that acts on it.
 */
export async function checkCode(app: Pick<OtpContext, 'db' | 'now'>, userId: string, given: string): Promise<string> {
  const now = app.now();
  const [latest] = await app.db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), isNull(otpCodes.usedAt)))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  if (!latest) {
    await spendPasswordCheckTime(given);
    throw invalidCode();
  }
  const [attempt] = await app.db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, latest.id), isNull(otpCodes.usedAt), gt(otpCodes.expiresAt, now), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)))
    .returning({ codeHash: otpCodes.codeHash });
  if (!attempt) {
    await spendPasswordCheckTime(given);
    throw invalidCode();
  }
  if (!(await verifyPassword(attempt.codeHash, given.trim().toUpperCase()))) throw invalidCode();
  return latest.id;
}

/** Uses a checked code up, on the transaction that acts on it: redeemed by a parallel request a moment ago, it fails. */
export async function useCode(tx: InTransaction, codeId: string, now: Date): Promise<void> {
  const used = await tx
    .update(otpCodes)
    .set({ usedAt: now })
    .where(and(eq(otpCodes.id, codeId), isNull(otpCodes.usedAt)))
    .returning({ id: otpCodes.id });
  if (used.length === 0) throw invalidCode();
}

/**
 * POST /change-password: redeems the latest code of the e-mail's account (checkCode, useCode) and sets the new
 * password, then ends every session of that user. The code came to the account's mailbox, so the e-mail is verified
 * too. Every failure answers the same 400. Answers whose password it was.
 */
export async function resetPassword(app: OtpContext, input: { email: string; otp: string; password: string }): Promise<{ userId: string }> {
  // Refused before the code is looked at, so a common password costs none of the code's tries.
  refuseCommonPassword(input.password);
  const user = await findUserByEmail(app.db, input.email);
  if (!user) {
    await spendPasswordCheckTime(input.otp);
    throw invalidCode();
  }
  const now = app.now();
  const codeId = await checkCode(app, user.id, input.otp);
  const passwordHash = await hashPassword(input.password);
  await app.db.transaction(async (tx) => {
    await useCode(tx, codeId, now);
    await tx.update(users).set({ passwordHash, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    await destroyUserSessions(tx, user.id);
  });
  emitSessionsEnded(app.db, { userId: user.id });
  return { userId: user.id };
}
