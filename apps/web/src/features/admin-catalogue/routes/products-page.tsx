import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

export function ProductsPage() {
  return (
    <Page title="Products">
      <Typography color="text.secondary">Every product will be listed here, with a search box and Edit and Delete.</Typography>
    </Page>
  );
}
