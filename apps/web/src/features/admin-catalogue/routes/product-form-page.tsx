import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

export function ProductFormPage() {
  return (
    <Page title="Add Product">
      <Typography color="text.secondary">Here you will add a product with its category, description, prices and image.</Typography>
    </Page>
  );
}
