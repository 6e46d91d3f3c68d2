/**
 * The `users` rows of the shop's staff, as the staff module asks for them: an invited member's account (no usable
 * password until the invitation's link sets one), a new name or role, and a closed account. Each runs on the
 * caller's transaction, so the staff module's own rows and the audit entry commit with it.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { EMAIL_TAKEN } from '@shop/shared/contract/auth';
import { STAFF_ROLES, type StaffRole } from '@shop/shared/domain/roles';
import type { InTransaction } from '../../db/client';
import { emailChanges, otpCodes, sessions, users } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { refuseCommonPassword } from './common-passwords';
import { hashPassword } from './password';
import type { SessionUser } from './session';

/** A member of staff's account as the staff module reads it. */
export interface StaffAccount {
  id: string;
  email: string;
  username: string;
  role: StaffRole;
  createdAt: Date;
}

const staffColumns = { id: users.id, email: users.email, username: users.username, role: users.role, createdAt: users.createdAt };

/** Not an argon2 hash: no password verifies against it, so an invited account cannot be signed in to yet. */
function unusablePasswordHash(): string {
  return `!invited-${randomBytes(8).toString('hex')}`;
}

/** The live staff accounts, owners first, then by name. */
export async function listStaffAccounts(db: InTransaction): Promise<StaffAccount[]> {
  const rows = await db
    .select(staffColumns)
    .from(users)
    .where(and(inArray(users.role, [...STAFF_ROLES]), isNull(users.deletedAt)))
    .orderBy(asc(users.username), asc(users.id));
  // A stable sort keeps the names' order within the owners and within the rest.
  return (rows as StaffAccount[]).sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
}

/** One live staff account, or undefined. */
export async function findStaffAccount(db: InTransaction, userId: string): Promise<StaffAccount | undefined> {
  const rows = await db
    .select(staffColumns)
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.role, [...STAFF_ROLES]), isNull(users.deletedAt)))
    .limit(1);
  return rows[0] as StaffAccount | undefined;
}

/**
 * One live staff account, locked for the rest of the transaction (`for update`), or undefined. The owners are
 * locked too, so two changes that would each leave one owner are judged one after the other.
 */
export async function lockStaffAccount(tx: InTransaction, userId: string): Promise<StaffAccount | undefined> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'owner'), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('update');
  const rows = await tx
    .select(staffColumns)
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.role, [...STAFF_ROLES]), isNull(users.deletedAt)))
    .for('update');
  return rows[0] as StaffAccount | undefined;
}

/** How many live owner accounts there are. */
export async function countOwners(tx: InTransaction): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'owner'), isNull(users.deletedAt)));
  return rows.length;
}

/** An invited member's account: 409 EMAIL_TAKEN when the e-mail has one already. */
export async function createInvitedStaffAccount(
  tx: InTransaction,
  input: { email: string; name: string; role: StaffRole },
  now: Date,
): Promise<StaffAccount> {
  const taken = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email.trim().toLowerCase())).limit(1);
  if (taken.length > 0) throw new HttpError('EMAIL_TAKEN', EMAIL_TAKEN);
  const [row] = await tx
    .insert(users)
    .values({
      email: input.email.trim().toLowerCase(),
      username: input.name,
      role: input.role,
      passwordHash: unusablePasswordHash(),
      createdAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning(staffColumns);
  // Two invitations of one e-mail at once: the unique index decides.
  if (!row) throw new HttpError('EMAIL_TAKEN', EMAIL_TAKEN);
  return row as StaffAccount;
}

/**
 * Sets the password an invited member chose (400 PASSWORD_TOO_COMMON for a common one). The invitation's link came to
 * the account's e-mail, so following it verifies the address as a mailed code does.
 */
export async function setStaffPassword(tx: InTransaction, userId: string, password: string, now: Date): Promise<SessionUser> {
  refuseCommonPassword(password);
  const passwordHash = await hashPassword(password);
  const [row] = await tx
    .update(users)
    .set({ passwordHash, emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id, email: users.email, username: users.username, role: users.role });
  if (!row) throw new Error('the invited account is gone');
  return { ...row, emailVerified: true };
}

/** A new name or role for a member of staff. */
export async function changeStaffAccount(
  tx: InTransaction,
  userId: string,
  change: { name?: string | undefined; role?: StaffRole | undefined },
  now: Date,
): Promise<StaffAccount> {
  const [row] = await tx
    .update(users)
    .set({
      ...(change.name !== undefined ? { username: change.name } : {}),
      ...(change.role !== undefined ? { role: change.role } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning(staffColumns);
  if (!row) throw new Error('the staff account is gone');
  return row as StaffAccount;
}

/**
 * Closes a member of staff's account as account deletion closes a customer's: the row stays (the audit log and the
 * orders refer to it) with deleted_at, an unusable unique e-mail (so the address can be invited again), no name, no
 * staff role and no password; its sessions, codes and e-mail changes go. The caller emits `{userId}` on
 * emitSessionsEnded once the transaction commits, so its open sockets close.
 */
export async function closeStaffAccount(tx: InTransaction, userId: string, now: Date): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(otpCodes).where(eq(otpCodes.userId, userId));
  await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
  await tx
    .update(users)
    .set({
      email: `deleted-${userId}@deleted.invalid`,
      username: '',
      role: 'customer',
      passwordHash: `!erased-${randomBytes(8).toString('hex')}`,
      // The e-mail is no longer one anyone holds.
      emailVerifiedAt: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
