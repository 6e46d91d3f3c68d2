// What other modules and the infrastructure use of auth: the route guards, the signed-in user's type, who a
// user is by e-mail and whether the account verified it, the password hashing the seed stores the admin with, and for realtime: the session cookie's
// name, the session lookup and the sessions as they end.
import type { Db } from '../../db/client';
import { findUserByEmail } from './service';

export { assertSelfOrAdmin, currentUser, isOwnerOrAdmin, requireAdmin, requireUser, SIGN_IN_REQUIRED } from './guards';
export { hashPassword } from './password';
export { clearSessionCookie, findSessionUser, SESSION_COOKIE, type SessionUser } from './session';
export { emitSessionsEnded, onSessionsEnded, type SessionsEnded } from './session-events';
// The customer's own data (decision 1002): the password asked again, and the account routes' database counters.
export { verifyPassword } from './password';
export { countAttempt } from './rate-limit-store';

// Whether an account proved it holds its e-mail (a mailed code): guest orders with that e-mail join its history only
// then. A signed-in request carries it as `SessionUser.emailVerified`.
export { isEmailVerified } from './email-verification';

/** The id of the user with this e-mail (any case), or null: other modules need no more of a user's row. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  return (await findUserByEmail(db, email))?.id ?? null;
}
// The staff module's accounts (decision 1401): invited, changed and closed on the staff module's transaction.
export {
  changeStaffAccount,
  closeStaffAccount,
  countOwners,
  createInvitedStaffAccount,
  findStaffAccount,
  listStaffAccounts,
  lockStaffAccount,
  setStaffPassword,
  type StaffAccount,
} from './staff-accounts';
export { isSessionGuard, permissionOfGuard, requirePermission, roleForbidden } from './guards';
export { signIn } from './session';
export { rememberDevice } from './device-cookie';
export { toWireUser } from './service';
