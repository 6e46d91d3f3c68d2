import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/use-session';
import { Logo } from '../../components/logo';
import { MaterialIcon } from '../../components/material-icon';
import { navItems } from '../../components/nav-items';
import { paths } from '../../lib/paths';

// Both open only on a click, so their code (drawer, dialog, focus trap) stays out of the first download.
const SmallScreenMenu = lazy(() => import('../../components/small-screen-menu').then((m) => ({ default: m.SmallScreenMenu })));
const LogoutDialog = lazy(() => import('../../features/account/components/logout-dialog').then((m) => ({ default: m.LogoutDialog })));

const MENU_ID = 'small-screen-menu';
/** The menu button's address: a tap before the app runs sets it, and the menu opens once the app runs. */
const MENU_HASH = '#site-menu';

/** The storefront's top bar: the logo, the links for who is signed in, and Log Out (account's dialog). */

export function NavBar() {
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuMounted, setMenuMounted] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [logoutMounted, setLogoutMounted] = useState(false);
  const signedIn = !session.isLoading && session.user !== null;

  const openMenu = () => {
    setMenuMounted(true);
    setMenuOpen(true);
  };
  // The menu button tapped before the app ran left its hash in the address: the hash goes (a reload does not open the
  // menu again), then the menu opens.
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (hash !== MENU_HASH) return;
    void Promise.resolve(navigate({ pathname, search }, { replace: true, preventScrollReset: true })).then(() => {
      setMenuMounted(true);
      setMenuOpen(true);
    });
  }, [hash, pathname, search, navigate]);
  const openLogout = () => {
    setMenuOpen(false);
    setLogoutMounted(true);
    setLogoutOpen(true);
  };

  // Plain elements with the static classes of styles/storefront.css, as the whole storefront (decision 1105).
  return (
    <header className="top-bar">
      <div className="top-bar-inner">
        <div className="top-bar-row">
          <Logo />
          <nav aria-label="Main" className="top-bar-links">
            {navItems(session, false).map((item) => (
              <NavLink key={item.to} to={item.to} end={item.to === paths.home} className="card-button top-bar-link">
                {item.label}
              </NavLink>
            ))}
            {signedIn && (
              <button type="button" className="card-button top-bar-link" onClick={openLogout}>
                Log Out
              </button>
            )}
            {session.isLoading && (
              // While the session is asked (a page the server rendered shows at once), Sign In's place is kept, so
              // the links do not move when a visitor's answer comes.
              <button type="button" className="card-button top-bar-link is-placeholder" aria-hidden tabIndex={-1}>
                Sign In
              </button>
            )}
          </nav>
          {/* A link, so a tap before the app runs is not lost: it sets the hash, and the menu opens once the app runs.
              With the app running, the click opens it in place. */}
          <a
            href={MENU_HASH}
            className="top-bar-menu"
            aria-label="Open menu"
            aria-controls={menuOpen ? MENU_ID : undefined}
            aria-expanded={menuOpen}
            aria-haspopup="true"
            onClick={(event) => {
              event.preventDefault();
              openMenu();
            }}
          >
            {/* Material's Menu icon. */}
            <MaterialIcon path="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
          </a>
        </div>
      </div>

      <Suspense fallback={null}>
        {menuMounted && (
          <SmallScreenMenu
            id={MENU_ID}
            open={menuOpen}
            items={navItems(session, true)}
            onClose={() => setMenuOpen(false)}
            onLogout={signedIn ? openLogout : undefined}
          />
        )}
        {logoutMounted && <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />}
      </Suspense>
    </header>
  );
}
