import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { useSession, type Session } from '../lib/use-session';
import { paths } from '../lib/paths';

function Guard({ allow }: { allow: (session: Session) => boolean }) {
  const session = useSession();
  const location = useLocation();
  if (session.isLoading) return <PageSpinner label="Checking your sign-in" />;
  if (!allow(session)) return <Navigate to={paths.signin} replace state={{ from: location }} />;
  return <Outlet />;
}

const isUser = (session: Session) => Boolean(session.user?.email);

/** Lets through a signed-in user; anyone else goes to /signin, carrying where they came from. */
export function RequireUser() {
  return <Guard allow={isUser} />;
}

/** Lets through an admin only; anyone else goes to /signin, carrying where they came from. */
export function RequireAdmin() {
  return <Guard allow={(session) => isUser(session) && session.isAdmin} />;
}

/** The checkout's own guard (SPEC.md section 6); for now it asks what the user guard asks. */
export function RequirePayment() {
  return <Guard allow={isUser} />;
}
