import { useEffect, useRef, useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import CampaignIcon from '@mui/icons-material/Campaign';
import CategoryIcon from '@mui/icons-material/Category';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FastfoodIcon from '@mui/icons-material/Fastfood';
import HistoryIcon from '@mui/icons-material/History';
import GroupIcon from '@mui/icons-material/Group';
import HomeIcon from '@mui/icons-material/Home';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LocalPizzaIcon from '@mui/icons-material/LocalPizza';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import MenuIcon from '@mui/icons-material/Menu';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import PrintIcon from '@mui/icons-material/Print';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import PaymentsIcon from '@mui/icons-material/Payments';
import SavingsIcon from '@mui/icons-material/Savings';
import SettingsIcon from '@mui/icons-material/Settings';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SoupKitchenIcon from '@mui/icons-material/SoupKitchen';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import DeliveryDiningIcon from '@mui/icons-material/DeliveryDining';
import { NavLink, Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { SkipLink } from '../../components/skip-link';
import { LogoutDialog } from '../../features/account/components/logout-dialog';
import { KitchenControls } from '../../features/admin-kitchen/components/kitchen-controls';
import { LatePrintBanner } from '../../features/admin-printers/components/late-print-banner';
import { WatchdogBanner } from '../../features/admin-dispatch/components/watchdog-banner';
import { screensFor } from '../../lib/back-office-access';
import { paths } from '../../lib/paths';
import { roleLabel, useSession } from '../../lib/use-session';
import { BackOfficeTheme } from '../back-office-theme';

/** SPEC.md section 9: the sidebar is 280 px and permanent from the lg breakpoint up. */
export const SIDEBAR_WIDTH = 280;

/** Each screen's icon in the sidebar, by its path. */
const ICONS: Record<string, ReactNode> = {
  [paths.home]: <HomeIcon />,
  [paths.dashboard]: <DashboardIcon />,
  [paths.orderList]: <ListAltIcon />,
  [paths.acceptedOrders]: <SoupKitchenIcon />,
  [paths.newOrder]: <PhoneInTalkIcon />,
  [paths.soldOut]: <RemoveShoppingCartIcon />,
  [paths.categories]: <CategoryIcon />,
  [paths.toppings]: <LocalPizzaIcon />,
  [paths.products]: <FastfoodIcon />,
  // The spec lists these two screens but no links to them (decision 0405).
  [paths.addNotification]: <CampaignIcon />,
  [paths.banner]: <ViewCarouselIcon />,
  [paths.openingHours]: <ScheduleIcon />,
  [paths.deliveryZones]: <LocalShippingIcon />,
  [paths.promotions]: <LocalOfferIcon />,
  [paths.printers]: <PrintIcon />,
  [paths.shopSettings]: <SettingsIcon />,
  [paths.staff]: <GroupIcon />,
  [paths.auditLog]: <HistoryIcon />,
  [paths.cashUp]: <PaymentsIcon />,
  [paths.tips]: <SavingsIcon />,
  [paths.dispatch]: <DeliveryDiningIcon />,
};

/** Home, then the screens the signed-in member's role may open (lib/back-office-access.ts). */
function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  const links = [{ label: 'Home', to: paths.home }, ...screensFor(user?.role)];
  return (
    <Box component="nav" aria-label="Admin">
      <Toolbar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <Logo />
      </Toolbar>
      <Divider />
      <List>
        {links.map((link) => (
          <ListItem key={link.to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={link.to}
              end={link.to === paths.home}
              onClick={onNavigate}
              sx={{
                '&.active': { bgcolor: 'action.selected', color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
              }}
            >
              <ListItemIcon>{ICONS[link.to]}</ListItemIcon>
              <ListItemText primary={link.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** The back office's frame: a top bar and the 280 px sidebar, a slide-out drawer below lg. */
/**
 * The fixed header's height as drawn: on a phone, busy mode's and the pause's countdowns can wrap it onto a second
 * line, and the page must start below it, not under it. Null until measured (the toolbar's own height stands in).
 */
function useHeaderHeight(): [React.RefObject<HTMLElement | null>, number | null] {
  const ref = useRef<HTMLElement | null>(null);
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(header.offsetHeight));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return [ref, height];
}

/** The back office's frame and every admin page in it, in MUI with the shop's theme. */
export function AdminLayout() {
  return (
    <BackOfficeTheme>
      <AdminFrame />
    </BackOfficeTheme>
  );
}

function AdminFrame() {
  const { user } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [headerRef, headerHeight] = useHeaderHeight();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar
        ref={headerRef}
        position="fixed"
        color="inherit"
        elevation={1}
        sx={{ width: { lg: `calc(100% - ${SIDEBAR_WIDTH}px)` }, ml: { lg: `${SIDEBAR_WIDTH}px` } }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            aria-label="Open navigation"
            aria-controls={drawerOpen ? 'admin-drawer' : undefined}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { lg: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography component="p" variant="h6" sx={{ fontWeight: 700, display: { xs: 'none', sm: 'block' } }}>
            Back Office
          </Typography>
          {/* Whose login this is, so a shared tablet shows which screens to expect. */}
          {user && (
            <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' } }} data-testid="signed-in-as">
              {user.username} · {roleLabel(user.role)}
            </Typography>
          )}
          {/* Busy mode and the pause with their countdown, on every admin page */}
          <Box sx={{ ml: 'auto' }}>
            <KitchenControls />
          </Box>
          <Button onClick={() => setLogoutOpen(true)} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            Log Out
          </Button>
        </Toolbar>
      </AppBar>

      <Box sx={{ width: { lg: SIDEBAR_WIDTH }, flexShrink: { lg: 0 } }}>
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          ModalProps={{ keepMounted: false }}
          sx={{ display: { xs: 'block', lg: 'none' } }}
          slotProps={{ paper: { id: 'admin-drawer', sx: { width: SIDEBAR_WIDTH } } }}
        >
          <Sidebar onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{ display: { xs: 'none', lg: 'block' } }}
          slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } } }}
        >
          <Sidebar />
        </Drawer>
      </Box>

      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, md: 3 }, pb: 4, outline: 'none' }}>
        {headerHeight === null ? <Toolbar /> : <Box sx={{ height: headerHeight }} />}
        {/* A printer with a job waiting over a minute, on every admin page, ringing. */}
        <LatePrintBanner />
        {/* A delivery ready with no driver, or on the way far past its time, for those who dispatch. */}
        <WatchdogBanner />
        <Outlet />
      </Box>

      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
      {/* The new-order popup and its chime are mounted around every page, storefront too (src/app/admin-alerts.tsx). */}
    </Box>
  );
}
