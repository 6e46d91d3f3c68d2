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

const permissionGuards = new Map<Permission, (request: FastifyRequest) => Promise<void>>();
const guardPermissions = new Map<unknown, Permission>();

/**
 * preHandler: 401 signed out, 403 unless the user's role holds the permission (domain/roles.ts), with a message that
 * names the role: 'A kitchen login cannot do this.' One function per permission, so the app's hooks (the guard run
 * before the body, the API reference, no public answer behind a session) recognise it.
 */
export function requirePermission(permission: Permission): (request: FastifyRequest) => Promise<void> {
  const existing = permissionGuards.get(permission);
  if (existing) return existing;
  const guard = async function requirePermissionHandler(request: FastifyRequest): Promise<void> {
    if (!request.user) throw new HttpError('SIGN_IN_REQUIRED', SIGN_IN_REQUIRED);
    const { role } = request.user;
    if (can(role, permission)) return;
    if (!isStaffRole(role)) throw new HttpError('ADMIN_ONLY', ADMIN_ONLY);
    throw new HttpError('ROLE_FORBIDDEN', roleForbidden(role));
  };
  permissionGuards.set(permission, guard);
  guardPermissions.set(guard, permission);
  return guard;
}

/** 'A kitchen login cannot do this.' */
export function roleForbidden(role: Role): string {
  return `A ${ROLE_LABELS[role].toLowerCase()} login cannot do this.`;
}

/** The permission a route hook requires, when it is a requirePermission guard. */
export function permissionOfGuard(hook: unknown): Permission | undefined {
  return guardPermissions.get(hook);
}

/** Whether a route hook is one of the session guards (requireUser, requireAdmin, requirePermission's). */
export function isSessionGuard(hook: unknown): boolean {
  return hook === requireUser || hook === requireAdmin || guardPermissions.has(hook);
}

/** The signed-in user (after requireUser has run). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError('SIGN_IN_REQUIRED', SIGN_IN_REQUIRED);
  return request.user;
}

/**
 * For the spec's routes that name a user by e-mail (`/my-product/{email}`, `/favouritelist/{email}`, ...):
 * a customer may only name themself; staff who see the board may name anyone. Another user's data answers 403.
 */
export function assertSelfOrAdmin(request: FastifyRequest, email: string): SessionUser {
  const user = currentUser(request);
  if (!can(user.role, 'board') && user.email !== email.trim().toLowerCase()) {
    throw new HttpError('NOT_YOUR_ACCOUNT', 'You can only see your own account.');
  }
  return user;
}

/**
 * For records named by id (an order, an address): its owner or staff who see the board may see it. Callers
 * answer anyone else as for a missing record (404), so ids cannot be probed.
 */
export function isOwnerOrAdmin(user: SessionUser, ownerId: string): boolean {
  return user.id === ownerId || can(user.role, 'board');
}
