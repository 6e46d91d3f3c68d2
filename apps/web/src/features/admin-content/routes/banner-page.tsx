import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

export function BannerPage() {
  return (
    <Page title="Add Banner">
      <Typography color="text.secondary">Here you will upload a banner image for the storefront.</Typography>
    </Page>
  );
}
