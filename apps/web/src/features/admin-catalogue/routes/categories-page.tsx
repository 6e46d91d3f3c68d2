import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

export function CategoriesPage() {
  return (
    <Page title="Categories List">
      <Typography color="text.secondary">The menu’s categories will be shown here as cards with View, Edit and Delete.</Typography>
    </Page>
  );
}
