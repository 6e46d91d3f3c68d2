import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { can, type Permission } from '@shop/shared/domain/roles';
import { Page } from '../components/page';
import { PageSpinner } from '../components/page-spinner';
import { screensFor } from '../lib/back-office-access';
import type { GuardState } from '../lib/guard-state';
import { roleLabel, useSession, type Session } from '../lib/use-session';
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

/**
 * Inside the back office: lets through a member of staff whose role holds `permission`; anyone else sees a page that
 * says their login cannot open it, with a way to their own first screen, instead of a screen the server would refuse.
 */
export function RequirePermission({ permission }: { permission: Permission }) {
  const { user } = useSession();
  if (can(user?.role, permission)) return <Outlet />;
  const first = screensFor(user?.role)[0];
  return (
    <Page title="Not for your login">
      <p role="alert">Your login ({roleLabel(user?.role ?? '')}) cannot open this page.</p>
      <p>{first ? <Link to={first.to}>Go to {first.label}</Link> : <Link to={paths.home}>Go to the shop</Link>}</p>
    </Page>
  );
}

/**
 * The checkout's own guard (SPEC.md section 6): it waits for the session, then lets everyone through. A visitor is
 * offered Sign in or Continue as guest on the payment page itself (decision 1502), not sent away.
 */
export function RequirePayment() {
  const session = useSession();
  if (session.isLoading) return <PageSpinner label="Checking your sign-in" />;
  return <Outlet />;
}
