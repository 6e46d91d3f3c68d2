import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

/** `/categories/:id`. */
export function CategoryEditPage() {
  return (
    <Page title="Edit Category">
      <Typography color="text.secondary">Here you will change the category&apos;s title and image.</Typography>
    </Page>
  );
}
