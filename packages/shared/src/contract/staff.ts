/**
 * The shop's team (decision 1401), all owner-only except the invitation's own two routes, which the link's token
 * authorises:
 * - `GET /api/staff` -> `{ staff: StaffMember[] }`, owners first, then by name;
 * - `POST /api/staff {email, name, role}` -> 201 `{ member }`; the invitation mail carries `/staff-invite/<token>`;
 *   409 EMAIL_TAKEN for an e-mail that has an account;
 * - `PUT /api/staff/{id} {name?, role?}` -> `{ member }`; `DELETE /api/staff/{id}` -> 204 (the account is closed,
 *   its sessions ended; what it did stays in the audit log); 409 LAST_OWNER when it would leave the shop no owner;
 * - `GET /api/staff-invites/{token}` -> `{ email, name, role }` (404 INVITE_NOT_FOUND when unknown, used or expired);
 * - `POST /api/staff-invites/{token} {password}` -> `{ user }` and the session cookie: the new member is signed in.
 */
import { z } from 'zod';
import { STAFF_ROLES } from '../domain/roles';
import { emailSchema, newPasswordSchema, usernameSchema } from './auth';

/** How long an invitation's link works. */
export const STAFF_INVITE_VALID_DAYS = 7;

export const STAFF_ROLE_MESSAGE = `role must be one of ${STAFF_ROLES.join(', ')}`;
export const staffRoleSchema = z.enum(STAFF_ROLES, STAFF_ROLE_MESSAGE);

export const staffInviteBodySchema = z.strictObject({
  email: emailSchema,
  name: usernameSchema,
  role: staffRoleSchema,
});
export type StaffInviteBody = z.infer<typeof staffInviteBodySchema>;

export const staffChangeBodySchema = z
  .strictObject({ name: usernameSchema.optional(), role: staffRoleSchema.optional() })
  .refine((body) => body.name !== undefined || body.role !== undefined, 'Send a new name, a new role, or both');
export type StaffChangeBody = z.infer<typeof staffChangeBodySchema>;

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  /** invited: the link has not been used yet; active: the member has set a password. */
  status: z.enum(['invited', 'active']),
  /** ISO instants. */
  invitedAt: z.string().nullable(),
  joinedAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListAnswerSchema = z.object({ staff: z.array(staffMemberSchema) });
export const staffMemberAnswerSchema = z.object({ member: staffMemberSchema });

export const staffInviteAnswerSchema = z.object({ email: z.string(), name: z.string(), role: staffRoleSchema });
export const staffInviteAcceptBodySchema = z.strictObject({ password: newPasswordSchema });

export const LAST_OWNER = 'The shop needs at least one owner: make someone else the owner first.';
export const INVITE_NOT_FOUND = 'This invitation link is not valid any more. Ask the owner to send a new one.';
