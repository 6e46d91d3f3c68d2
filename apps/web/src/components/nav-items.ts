import type { Session } from '../lib/use-session';
import { isDriverOnly, screensFor } from '../lib/back-office-access';
import { paths } from '../lib/paths';

export interface NavItem {
  label: string;
  to: string;
}

/**
 * The links of SPEC.md section 2 for who is signed in. Cart sits only in the small-screen menu, because wider
 * screens show the side cart instead. Nothing account-related shows until the session is known, so the bar
 * does not flash "Sign In" at a signed-in user.
 */
export function navItems(session: Session, smallScreen: boolean): NavItem[] {
  const items: NavItem[] = [{ label: 'Home', to: paths.home }];
  if (smallScreen) items.push({ label: 'Cart', to: paths.cart });
  if (session.isLoading) return items;
  const { user, isAdmin } = session;
  if (user) {
    items.push({ label: 'Profile', to: paths.myProfile });
    if (isAdmin) {
      // The back office opens on the role's first screen: the owner's dashboard, the kitchen's order list.
      const first = screensFor(user.role)[0];
      if (first) items.push({ label: first.to === paths.dashboard ? 'Dashboard' : 'Back Office', to: first.to });
      else if (isDriverOnly(user.role)) items.push({ label: 'My deliveries', to: paths.driver });
    } else {
      items.push({ label: 'Favourite', to: paths.favourite }, { label: 'Notification', to: paths.notification });
    }
  } else {
    items.push({ label: 'Sign In', to: paths.signin });
  }
  return items;
}
