import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router';
import type { NavItem } from './nav-items';
import { paths } from '../lib/paths';

interface SmallScreenMenuProps {
  id: string;
  open: boolean;
  items: NavItem[];
  onClose: () => void;
  /** Shown as the last entry when someone is signed in. */
  onLogout?: () => void;
}

/** The navigation below the md breakpoint: a slide-out list of links. */
export function SmallScreenMenu({ id, open, items, onClose, onLogout }: SmallScreenMenuProps) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose} sx={{ display: { md: 'none' } }} slotProps={{ paper: { id, sx: { width: 260 } } }}>
      <Box component="nav" aria-label="Menu">
        <List>
          {items.map((item) => (
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={item.to}
                end={item.to === paths.home}
                onClick={onClose}
                sx={{ '&.active': { bgcolor: 'action.selected', color: 'primary.main' } }}
              >
                <ListItemText primary={item.label} />
              </ListItemButton>
            </ListItem>
          ))}
          {onLogout && (
            <ListItem disablePadding>
              <ListItemButton onClick={onLogout}>
                <ListItemText primary="Log Out" />
              </ListItemButton>
            </ListItem>
          )}
        </List>
      </Box>
    </Drawer>
  );
}
