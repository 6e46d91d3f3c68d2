import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { EMAIL_TAKEN, WRONG_CREDENTIALS, WRONG_CURRENT_PASSWORD, type AllUserAnswer, type WireUser } from '@shop/shared/contract/auth';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { refuseCommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from './password';
import type { SessionUser } from './session';

type UserRow = typeof users.$inferSelect;

export function toSessionUser(row: Pick<UserRow, 'id' | 'email' | 'username' | 'role' | 'emailVerifiedAt'>): SessionUser {
  return { id: row.id, email: row.email, username: row.username, role: row.role, emailVerified: row.emailVerifiedAt !== null };
}

/** The user as answers show them: e-mail, name, role and whether the e-mail is verified; never a password or a hash. */
export function toWireUser(user: Pick<SessionUser, 'email' | 'username' | 'role' | 'emailVerified'>): WireUser {
  return { email: user.email, username: user.username, role: user.role, emailVerified: user.emailVerified };
}

/** E-mails are stored lower-case (a check constraint says so), so every lookup lower-cases first. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return rows[0];
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time a real password check spends, so an unknown e-mail answers as slowly as a wrong password
 * and response times do not reveal which accounts exist.
 */
export async function spendPasswordCheckTime(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

export interface NewUser {
  username: string;
  email: string;
  password: string;
}

/** Always a customer: the role never comes from the client. 409 when the e-mail already has an account. */
export async function registerUser(ctx: Pick<ServiceContext, 'db' | 'now'>, input: NewUser): Promise<SessionUser> {
  const { db } = ctx;
  const now = ctx.now();
  refuseCommonPassword(input.password);
  if (await findUserByEmail(db, input.email)) throw new HttpError('EMAIL_TAKEN', EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({ email: input.email, username: input.username, role: 'customer', passwordHash, createdAt: now })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toSessionUser(row);
  } catch (error) {
    // Two registrations of one e-mail at the same moment: the unique index decides, the loser gets the 409.
    if (isUniqueViolation(error)) throw new HttpError('EMAIL_TAKEN', EMAIL_TAKEN);
    throw error;
  }
}

/** 401 with one message for an unknown e-mail and a wrong password alike. */
export async function authenticate(db: Db, email: string, password: string): Promise<SessionUser> {
  const row = await findUserByEmail(db, email);
  if (!row) {
    await spendPasswordCheckTime(password);
    throw new HttpError('WRONG_CREDENTIALS', WRONG_CREDENTIALS);
  }
  if (!(await verifyPassword(row.passwordHash, password))) throw new HttpError('WRONG_CREDENTIALS', WRONG_CREDENTIALS);
  return toSessionUser(row);
}

export interface ProfileChange {
  username: string;
  email: string;
  /** The CURRENT password, confirming the change. */
  password: string;
}

/**
 * Changes the name after checking the current password (403 if wrong). A new e-mail is not set here: the caller
 * mails a code to it (email-change.ts), and the account keeps its e-mail until the code comes back; `newEmail` says
 * which one was asked for (null when it is the current one). A taken e-mail answers 409 before anything changes.
 */
export async function updateProfile(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  userId: string,
  change: ProfileChange,
): Promise<{ user: SessionUser; newEmail: string | null }> {
  const { db } = ctx;
  const now = ctx.now();
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const row = rows[0];
  if (!row) throw new HttpError('WRONG_CREDENTIALS', WRONG_CREDENTIALS);
  if (!(await verifyPassword(row.passwordHash, change.password))) throw new HttpError('WRONG_CURRENT_PASSWORD', WRONG_CURRENT_PASSWORD);
  if (change.email !== row.email) {
    const taken = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, change.email), ne(users.id, userId)))
      .limit(1);
    if (taken.length > 0) throw new HttpError('EMAIL_TAKEN', EMAIL_TAKEN);
  }
  try {
    const [updated] = await db.update(users).set({ username: change.username, updatedAt: now }).where(eq(users.id, userId)).returning();
    if (!updated) throw new Error('update returned no row');
    return { user: toSessionUser(updated), newEmail: change.email !== row.email ? change.email : null };
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError('EMAIL_TAKEN', EMAIL_TAKEN);
    throw error;
  }
}

/** GET /alluser/{email}: the spec's answer minus the password. 404 when there is no such account. */
export async function userSummary(db: Db, email: string): Promise<AllUserAnswer> {
  const row = await findUserByEmail(db, email);
  if (!row) throw new HttpError('ACCOUNT_NOT_FOUND', 'No account with this email.');
  return { username: row.username, email: row.email };
}
