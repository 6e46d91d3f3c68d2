import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

export function CategoryFormPage() {
  return (
    <Page title="Add Category">
      <Typography color="text.secondary">Here you will add a category with its title and image.</Typography>
    </Page>
  );
}
