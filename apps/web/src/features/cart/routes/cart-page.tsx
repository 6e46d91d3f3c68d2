import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

export function CartPage() {
  return (
    <Page title="My Cart">
      <Typography color="text.secondary">The items you add from the menu will be listed here with their total and a Checkout button.</Typography>
    </Page>
  );
}
