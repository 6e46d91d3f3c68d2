import { lazy, Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { NavLink } from 'react-router';
import { useSession } from '../../lib/use-session';
import { Logo } from '../../components/logo';
import { navItems } from '../../components/nav-items';
import { paths } from '../../lib/paths';

// Both open only on a click, so their code (drawer, dialog, focus trap) stays out of the first download.
const SmallScreenMenu = lazy(() => import('../../components/small-screen-menu').then((m) => ({ default: m.SmallScreenMenu })));
const LogoutDialog = lazy(() => import('../../features/account/components/logout-dialog').then((m) => ({ default: m.LogoutDialog })));

const MENU_ID = 'small-screen-menu';

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
  const openLogout = () => {
    setMenuOpen(false);
    setLogoutMounted(true);
    setLogoutOpen(true);
  };

  return (
    <AppBar position="sticky" color="primary" elevation={1}>
      <Container maxWidth="lg" disableGutters>
        <Toolbar sx={{ gap: 1 }}>
          <Logo />
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 'auto' }}>
            {navItems(session, false).map((item) => (
              <Button
                key={item.to}
                component={NavLink}
                to={item.to}
                end={item.to === paths.home}
                color="inherit"
                sx={{ '&.active': { backgroundColor: 'rgba(0, 0, 0, 0.2)' } }}
              >
                {item.label}
              </Button>
            ))}
            {signedIn && (
              <Button color="inherit" onClick={openLogout}>
                Log Out
              </Button>
            )}
            {session.isLoading && (
              // While the session is asked (a page the server rendered shows at once), Sign In's place is kept, so
              // the links do not move when a visitor's answer comes.
              <Button color="inherit" aria-hidden tabIndex={-1} sx={{ visibility: 'hidden' }}>
                Sign In
              </Button>
            )}
          </Box>
          <IconButton
            color="inherit"
            edge="end"
            aria-label="Open menu"
            aria-controls={menuOpen ? MENU_ID : undefined}
            aria-expanded={menuOpen}
            aria-haspopup="true"
            onClick={openMenu}
            sx={{ display: { xs: 'inline-flex', md: 'none' }, ml: 'auto' }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>

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
    </AppBar>
  );
}
