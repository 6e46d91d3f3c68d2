/**
 * The shop's team (decision 1401): invitations by e-mail, the list, a new name or role, removal. The accounts are
 * auth's (`users`), asked for through its public.ts on this module's transaction; this module writes only
 * `staff_invites`. Every change is recorded in the audit log in the same transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { INVITE_NOT_FOUND, LAST_OWNER, STAFF_INVITE_VALID_DAYS, type StaffMember } from '@shop/shared/contract/staff';
import { ROLE_LABELS, type StaffRole } from '@shop/shared/domain/roles';
import type { ServiceContext } from '../../context';
import { inTransaction, type InTransaction } from '../../db/client';
import { staffInvites } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { sendMailInBackground } from '../../mail/mailer';
import { actorOf, recordAudit } from '../audit/public';
import {
  changeStaffAccount,
  closeStaffAccount,
  countOwners,
  createInvitedStaffAccount,
  findStaffAccount,
  emitSessionsEnded,
  listStaffAccounts,
  lockStaffAccount,
  setStaffPassword,
  type SessionUser,
  type StaffAccount,
} from '../auth/public';

const DAY = 24 * 60 * 60 * 1000;

/** The table keeps only the token's sha256, so a leaked table opens no invitation. */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function notFound(): HttpError {
  return new HttpError('STAFF_NOT_FOUND', 'No member of staff with this id.');
}

function inviteNotFound(): HttpError {
  return new HttpError('INVITE_NOT_FOUND', INVITE_NOT_FOUND);
}

function lastOwner(): HttpError {
  return new HttpError('LAST_OWNER', LAST_OWNER);
}

/** The link's path, under the shop's public address. */
export function inviteLink(publicOrigin: string, token: string): string {
  return `${publicOrigin.replace(/\/$/, '')}/staff-invite/${token}`;
}

export function inviteMail(input: { name: string; role: StaffRole; inviter: string; link: string }): { subject: string; text: string } {
  return {
    subject: 'You are invited to the shop’s back office',
    text: [
      `Hello ${input.name},`,
      '',
      `${input.inviter} has invited you to the Takeaway Shop back office as ${ROLE_LABELS[input.role].toLowerCase()}.`,
      '',
      'Choose your password here to start:',
      input.link,
      '',
      `The link works once, for ${STAFF_INVITE_VALID_DAYS} days. If you did not expect it, ignore this e-mail.`,
    ].join('\n'),
  };
}

interface InviteState {
  invitedAt: Date | null;
  accepted: boolean;
}

/** Per account, its latest invitation's time and whether any invitation was accepted. */
async function inviteStates(db: InTransaction, userIds: string[]): Promise<Map<string, InviteState>> {
  const states = new Map<string, InviteState>();
  if (userIds.length === 0) return states;
  const rows = await db
    .select({ userId: staffInvites.userId, createdAt: staffInvites.createdAt, acceptedAt: staffInvites.acceptedAt })
    .from(staffInvites)
    .where(inArray(staffInvites.userId, userIds))
    .orderBy(desc(staffInvites.createdAt));
  for (const row of rows) {
    const state = states.get(row.userId) ?? { invitedAt: row.createdAt, accepted: false };
    if (row.acceptedAt) state.accepted = true;
    states.set(row.userId, state);
  }
  return states;
}

/** A member as the wire shows them: invited until a link of theirs was used; an account never invited is active. */
function toMember(account: StaffAccount, state: InviteState | undefined): StaffMember {
  return {
    id: account.id,
    email: account.email,
    name: account.username,
    role: account.role,
    status: state && !state.accepted ? 'invited' : 'active',
    invitedAt: state?.invitedAt ? state.invitedAt.toISOString() : null,
    joinedAt: account.createdAt.toISOString(),
  };
}

async function memberOf(db: InTransaction, account: StaffAccount): Promise<StaffMember> {
  return toMember(account, (await inviteStates(db, [account.id])).get(account.id));
}

/** The team, owners first, then by name. */
export async function listStaff(db: InTransaction): Promise<StaffMember[]> {
  const accounts = await listStaffAccounts(db);
  const states = await inviteStates(
    db,
    accounts.map((a) => a.id),
  );
  return accounts.map((account) => toMember(account, states.get(account.id)));
}

/** What the audit log keeps of a member: who and what role, never a secret. */
function snapshot(account: Pick<StaffAccount, 'email' | 'username' | 'role'>) {
  return { email: account.email, name: account.username, role: account.role };
}

/**
 * Invites a member: their account (no usable password yet), the invitation (the token's hash, valid
 * STAFF_INVITE_VALID_DAYS) and the audit entry in one transaction, then the mail with the link. 409 EMAIL_TAKEN when
 * the e-mail has an account.
 */
export async function inviteStaff(
  ctx: ServiceContext,
  by: SessionUser,
  input: { email: string; name: string; role: StaffRole },
): Promise<StaffMember> {
  const now = ctx.now();
  const token = randomBytes(32).toString('base64url');
  const member = await inTransaction(ctx.db, async (tx) => {
    const account = await createInvitedStaffAccount(tx, input, now);
    await tx.insert(staffInvites).values({
      userId: account.id,
      tokenHash: hashInviteToken(token),
      invitedBy: by.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + STAFF_INVITE_VALID_DAYS * DAY),
    });
    await recordAudit(tx, now, {
      actor: actorOf(by),
      action: 'staff.invite',
      subjectType: 'staff',
      subjectId: account.id,
      summary: `Invited ${account.username} (${account.email}) as ${ROLE_LABELS[account.role].toLowerCase()}`,
      after: snapshot(account),
    });
    return memberOf(tx, account);
  });
  // Sent as the password reset code is: the link is never stored, only its hash, so it is not queued for retries.
  const link = inviteLink(ctx.config.publicOrigin, token);
  sendMailInBackground(ctx, { to: member.email, ...inviteMail({ name: member.name, role: member.role, inviter: by.username, link }) });
  return member;
}

/** A new name or role; 409 LAST_OWNER when it would leave the shop without an owner. */
export async function changeStaff(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  by: SessionUser,
  id: string,
  change: { name?: string | undefined; role?: StaffRole | undefined },
): Promise<StaffMember> {
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    const before = await lockStaffAccount(tx, id);
    if (!before) throw notFound();
    if (before.role === 'owner' && change.role !== undefined && change.role !== 'owner' && (await countOwners(tx)) <= 1) throw lastOwner();
    const after = await changeStaffAccount(tx, id, change, now);
    const changes: string[] = [];
    if (after.username !== before.username) changes.push(`renamed ${before.username} to ${after.username}`);
    if (after.role !== before.role) changes.push(`made ${after.username} ${ROLE_LABELS[after.role].toLowerCase()}`);
    if (changes.length > 0) {
      const summary = changes.join(', ');
      await recordAudit(tx, now, {
        actor: actorOf(by),
        action: 'staff.update',
        subjectType: 'staff',
        subjectId: id,
        summary: summary.charAt(0).toUpperCase() + summary.slice(1),
        before: snapshot(before),
        after: snapshot(after),
      });
    }
    return memberOf(tx, after);
  });
}

/**
 * Removes a member: the account is closed (auth's closeStaffAccount: sessions ended, the e-mail freed), its open
 * invitations deleted; what it did stays in the audit log under its name. 409 LAST_OWNER for the only owner,
 * whoever asks.
 */
export async function removeStaff(ctx: Pick<ServiceContext, 'db' | 'now'>, by: SessionUser, id: string): Promise<void> {
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    const member = await lockStaffAccount(tx, id);
    if (!member) throw notFound();
    if (member.role === 'owner' && (await countOwners(tx)) <= 1) throw lastOwner();
    await tx.delete(staffInvites).where(eq(staffInvites.userId, id));
    await closeStaffAccount(tx, id, now);
    await recordAudit(tx, now, {
      actor: actorOf(by),
      action: 'staff.remove',
      subjectType: 'staff',
      subjectId: id,
      summary: `Removed ${member.username} (${ROLE_LABELS[member.role].toLowerCase()})`,
      before: snapshot(member),
    });
  });
  emitSessionsEnded(ctx.db, { userId: id });
}

/** The open invitation a token names, with its member; undefined when unknown, used or expired. */
async function openInvite(db: InTransaction, token: string, now: Date, lock: boolean) {
  const query = db
    .select({ id: staffInvites.id, userId: staffInvites.userId })
    .from(staffInvites)
    .where(and(eq(staffInvites.tokenHash, hashInviteToken(token)), isNull(staffInvites.acceptedAt), gt(staffInvites.expiresAt, now)));
  const [invite] = lock ? await query.for('update') : await query;
  if (!invite) return undefined;
  const account = await findStaffAccount(db, invite.userId);
  return account ? { invite, account } : undefined;
}

/** Who an invitation is for, for the page that sets the password. 404 INVITE_NOT_FOUND when unknown, used or expired. */
export async function readInvite(ctx: Pick<ServiceContext, 'db' | 'now'>, token: string) {
  const found = await openInvite(ctx.db, token, ctx.now(), false);
  if (!found) throw inviteNotFound();
  return { email: found.account.email, name: found.account.username, role: found.account.role };
}

/**
 * Sets the invited member's password and marks the invitation used, once: the row is locked, so the same link sent
 * twice at once sets one password and answers 404 to the other. Answers the member, to sign in.
 */
export async function acceptInvite(ctx: Pick<ServiceContext, 'db' | 'now'>, token: string, password: string): Promise<SessionUser> {
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    const found = await openInvite(tx, token, now, true);
    if (!found) throw inviteNotFound();
    const user = await setStaffPassword(tx, found.account.id, password, now);
    await tx.update(staffInvites).set({ acceptedAt: now }).where(eq(staffInvites.id, found.invite.id));
    await recordAudit(tx, now, {
      actor: actorOf(user),
      action: 'staff.join',
      subjectType: 'staff',
      subjectId: user.id,
      summary: `${user.username} accepted the invitation (${ROLE_LABELS[found.account.role].toLowerCase()})`,
      after: snapshot(found.account),
    });
    return user;
  });
}
