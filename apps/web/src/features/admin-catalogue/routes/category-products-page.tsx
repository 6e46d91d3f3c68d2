import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { NO_PRODUCT_ADDED } from '@shop/shared/domain/messages';
import { Page } from '../../../components/page';
import { categoryProductsQuery } from '../api/catalogue-api';
import { ProductList } from '../components/product-list';

/** `/allproduts/:categoriName`: the products of one category, named by the route parameter. */
export function CategoryProductsPage() {
  const { categoriName = '' } = useParams();
  const products = useQuery(categoryProductsQuery(categoriName));
  return (
    <Page title={categoriName}>
      <ProductList products={products.data} loading={products.isPending} error={products.error} emptyText={NO_PRODUCT_ADDED} />
    </Page>
  );
}
