import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

export function AddNotificationPage() {
  return (
    <Page title="Send Notification">
      <Typography color="text.secondary">Here you will send a notification with an image, a title and a description.</Typography>
    </Page>
  );
}
