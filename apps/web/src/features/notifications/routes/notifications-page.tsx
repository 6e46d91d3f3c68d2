import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

export function NotificationsPage() {
  return (
    <Page title="Notifications">
      <Typography color="text.secondary">News about your orders will appear here.</Typography>
    </Page>
  );
}
