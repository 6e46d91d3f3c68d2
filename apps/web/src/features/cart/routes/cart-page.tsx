import Box from '@mui/material/Box';
import { Page } from '../../../components/page';
import { CartPanel } from '../components/cart-panel';

/** /cart: the cart on its own screen, for small screens where the side cart is hidden (reachable at any width). */
export function CartPage() {
  return (
    <Page title="My Cart">
      <Box sx={{ maxWidth: 560 }}>
        <CartPanel showHeading={false} />
      </Box>
    </Page>
  );
}
