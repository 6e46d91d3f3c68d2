import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router';
import { NavBar } from './nav-bar';
import { SkipLink } from '../../components/skip-link';
import { ShopFooter } from '../../components/shop-footer';

/** The storefront's frame: the navigation bar above every customer screen, the shop's footer below (decision 1002). */
export function CustomerLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <NavBar />
      <Container component="main" id="main" tabIndex={-1} maxWidth="lg" sx={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </Container>
      <ShopFooter />
    </Box>
  );
}
