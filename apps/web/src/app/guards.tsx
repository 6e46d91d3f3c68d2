import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import type { GuardState } from '../lib/guard-state';
import { useSession, type Session } from '../lib/use-session';
import { paths } from '../lib/paths';

function Guard({ allow, staffOnly = false }: { allow: (session: Session) => boolean; staffOnly?: boolean }) {
  const session = useSession();
  const location = useLocation();
  if (session.isLoading) return <PageSpinner label="Checking your sign-in" />;
  if (!allow(session)) {
    const state: GuardState = staffOnly ? { from: location, staffOnly } : { from: location };
    return <Navigate to={paths.signin} replace state={state} />;
  }
  return <Outlet />;
}

const isUser = (session: Session) => Boolean(session.user?.email);

/** Lets through a signed-in user; anyone else goes to /signin, carrying where they came from. */
export function RequireUser() {
  return <Guard allow={isUser} />;
}

/**
 * Lets through an admin only; anyone else (a signed-in customer too) goes to /signin, carrying where they came from
 * and that the page is for the shop's staff, which the sign-in page says.
 */
export function RequireAdmin() {
  return <Guard allow={(session) => isUser(session) && session.isAdmin} staffOnly />;
}

/** The checkout's own guard (SPEC.md section 6); for now it asks what the user guard asks. */
export function RequirePayment() {
  return <Guard allow={isUser} />;
}
