import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { INVALID_OTP_ANSWER, OTP_ALPHABET, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_VALID_MINUTES } from '@shop/shared/contract/auth';
import type { ServiceContext } from '../../context';
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
 * POST /forgot-password: for a known e-mail, voids any earlier code, stores a new one (argon2id-hashed, so a
 * leaked table does not leak codes) and mails it. An unknown e-mail gets no mail; the caller answers the same
 * either way, and both paths spend a password hash's time so the timing does not tell them apart either.
 */
export async function issueResetCode(app: OtpContext, email: string): Promise<void> {
  const user = await findUserByEmail(app.db, email);
  const code = generateOtp();
  if (!user) {
    await hashPassword(code);
    return;
  }
  const now = app.now();
  const codeHash = await hashPassword(code);
  await app.db.transaction(async (tx) => {
    // A newer code voids the older: only the latest one can ever be redeemed.
    await tx.delete(otpCodes).where(eq(otpCodes.userId, user.id));
    await tx.insert(otpCodes).values({
      userId: user.id,
      codeHash,
      expiresAt: new Date(now.getTime() + OTP_VALID_MINUTES * 60_000),
      attempts: 0,
      createdAt: now,
    });
  });
  sendMailInBackground(app, { to: user.email, ...resetMail(code) });
}

function invalidCode(): HttpError {
  return new HttpError('INVALID_OTP', INVALID_OTP_ANSWER);
}

/**
 * POST /change-password: redeems the latest code of the e-mail's account and sets the new password, then
 * ends every session of that user. Each try first takes one of the code's 5 attempts in a single conditional
 * update, so parallel guesses cannot exceed the limit; a code that is expired, used or out of attempts is
 * dead even for the right characters. Every failure answers the same 400. Answers whose password it was.
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
  const [latest] = await app.db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, user.id), isNull(otpCodes.usedAt)))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  if (!latest) {
    await spendPasswordCheckTime(input.otp);
    throw invalidCode();
  }
  const [attempt] = await app.db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, latest.id), isNull(otpCodes.usedAt), gt(otpCodes.expiresAt, now), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)))
    .returning({ codeHash: otpCodes.codeHash });
  if (!attempt) {
    await spendPasswordCheckTime(input.otp);
    throw invalidCode();
  }
  if (!(await verifyPassword(attempt.codeHash, input.otp.trim().toUpperCase()))) throw invalidCode();

  const passwordHash = await hashPassword(input.password);
  await app.db.transaction(async (tx) => {
    const used = await tx
      .update(otpCodes)
      .set({ usedAt: now })
      .where(and(eq(otpCodes.id, latest.id), isNull(otpCodes.usedAt)))
      .returning({ id: otpCodes.id });
    // Redeemed by a parallel request a moment ago: single use means this one fails.
    if (used.length === 0) throw invalidCode();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await destroyUserSessions(tx, user.id);
  });
  emitSessionsEnded(app.db, { userId: user.id });
  return { userId: user.id };
}
