/**
 * The account proves it holds its e-mail: a code mailed there (otp.ts's codes, the ones a password reset uses) and
 * given back while signed in. A verified e-mail is what lets the orders placed as a guest with it join the account's
 * history, so registering with someone else's address shows nothing of theirs.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { EMAIL_ALREADY_VERIFIED, OTP_VALID_MINUTES } from '@shop/shared/contract/auth';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { sendMailInBackground } from '../../mail/mailer';
import { checkCode, issueCode, useCode } from './otp';
import type { SessionUser } from './session';

export function verifyEmailMail(code: string): { subject: string; text: string } {
  return {
    subject: 'Verify your e-mail address',
    text: [
      'Someone signed in to your Takeaway Shop account asked to verify this e-mail address, so that orders placed',
      'as a guest with it join the account’s order history.',
      '',
      `Your code: ${code}`,
      '',
      `Enter it on the My Profile page within ${OTP_VALID_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
    ].join('\n'),
  };
}

/** Whether this live account has verified its current e-mail: what the orders module asks before showing guest orders. */
export async function isEmailVerified(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt), isNull(users.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

function alreadyVerified(): HttpError {
  return new HttpError('EMAIL_ALREADY_VERIFIED', EMAIL_ALREADY_VERIFIED);
}

/** POST /api/profile/verify-email: a code to the account's e-mail; 409 EMAIL_ALREADY_VERIFIED when it is verified. */
export async function sendVerificationCode(ctx: ServiceContext, userId: string): Promise<void> {
  if (await isEmailVerified(ctx.db, userId)) throw alreadyVerified();
  const issued = await issueCode(ctx, userId);
  sendMailInBackground(ctx, { to: issued.email, ...verifyEmailMail(issued.code) });
}

/**
 * POST /api/profile/verify-email/confirm: the code mailed to the account's e-mail (checkCode: 5 tries, 10 minutes,
 * single use; 400 INVALID_OTP otherwise) sets email_verified_at to the shop clock's now. 409 when verified already,
 * before the code is looked at, so a second click costs none of its tries.
 */
export async function confirmEmailVerification(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  user: SessionUser,
  code: string,
): Promise<SessionUser> {
  if (await isEmailVerified(ctx.db, user.id)) throw alreadyVerified();
  const now = ctx.now();
  const codeId = await checkCode(ctx, user.id, code);
  await ctx.db.transaction(async (tx) => {
    await useCode(tx, codeId, now);
    await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
  });
  return { ...user, emailVerified: true };
}
