import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { Page } from '../../../components/page';

/** `/allproduts/:categoriName`: the products of one category. */
export function CategoryProductsPage() {
  const { categoriName = '' } = useParams();
  return (
    <Page title={`${categoriName} Products`}>
      <Typography color="text.secondary">The products of the {categoriName} category will be listed here.</Typography>
    </Page>
  );
}
