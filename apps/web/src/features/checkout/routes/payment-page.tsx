import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

export function PaymentPage() {
  return (
    <Page title="Checkout">
      <Typography color="text.secondary">Here you will choose a delivery address, pay by card or cash on delivery, and leave a note for the kitchen.</Typography>
    </Page>
  );
}
