import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

/** `/products/:id`. */
export function ProductEditPage() {
  return (
    <Page title="Edit Product">
      <Typography color="text.secondary">
        Here you will change the product&apos;s category, title, description, prices and image.
      </Typography>
    </Page>
  );
}
