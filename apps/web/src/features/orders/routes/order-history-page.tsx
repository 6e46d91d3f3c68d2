import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

export function OrderHistoryPage() {
  return (
    <Page title="My Orders">
      <Typography color="text.secondary">Your past orders will be listed here, each linking to its details.</Typography>
    </Page>
  );
}
