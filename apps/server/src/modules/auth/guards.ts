import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http-errors';
import type { SessionUser } from './session';
import { can, isStaffRole, ROLE_LABELS, type Permission, type Role } from '@shop/shared/domain/roles';

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const ADMIN_ONLY = 'Only the shop’s staff can do this.';

/** preHandler: 401 unless signed in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new HttpError('SIGN_IN_REQUIRED', SIGN_IN_REQUIRED);
}

/** preHandler: 401 signed out, 403 signed in as a customer: any member of staff passes (domain/roles.ts). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new HttpError('SIGN_IN_REQUIRED', SIGN_IN_REQUIRED);
  if (!isStaffRole(request.user.role)) throw new HttpError('ADMIN_ONLY', ADMIN_ONLY);
}

/**
 * preHandler: 401 signed out, 403 unless the user's role holds the permission (domain/roles.ts), with a message that
 * names the role: 'A kitchen login cannot do this.'
 */
export function requirePermission(permission: Permission) {
  return async function requirePermissionHandler(request: FastifyRequest): Promise<void> {
    if (!request.user) throw new HttpError('SIGN_IN_REQUIRED', SIGN_IN_REQUIRED);
    const { role } = request.user;
    if (can(role, permission)) return;
    if (!isStaffRole(role)) throw new HttpError('ADMIN_ONLY', ADMIN_ONLY);
    throw new HttpError('ROLE_FORBIDDEN', `A ${ROLE_LABELS[role as Role].toLowerCase()} login cannot do this.`);
  };
}

/** The signed-in user (after requireUser has run). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError('SIGN_IN_REQUIRED', SIGN_IN_REQUIRED);
  return request.user;
}

/**
 * For the spec's routes that name a user by e-mail (`/my-product/{email}`, `/favouritelist/{email}`, ...):
 * a customer may only name themself; an admin may name anyone. Another user's data answers 403.
 */
export function assertSelfOrAdmin(request: FastifyRequest, email: string): SessionUser {
  const user = currentUser(request);
  if (!isStaffRole(user.role) && user.email !== email.trim().toLowerCase()) {
    throw new HttpError('NOT_YOUR_ACCOUNT', 'You can only see your own account.');
  }
  return user;
}

/**
 * For records named by id (an order, an address): its owner or an admin may see it. Callers answer anyone
 * else as for a missing record (404), so ids cannot be probed.
 */
export function isOwnerOrAdmin(user: SessionUser, ownerId: string): boolean {
  return user.id === ownerId || isStaffRole(user.role);
}
