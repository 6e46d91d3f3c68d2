import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PRODUCT_UPDATED } from '@shop/shared/domain/messages';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/page-spinner';
import { productQuery, useAdminCategories, useUpdateProduct } from '../api/catalogue-api';
import { fileToBase64 } from '../../../lib/image-file';
import { POPUP_MS, showToast } from '../../../lib/toast';
import { ProductForm } from '../components/product-form';
import { productFormFromWire, productRequestFields } from '../lib/product-form';
import { paths } from '../../../lib/paths';

/** `/products/:id`: loads the product and the categories, then the form; Update and Cancel return to /products. */
export function ProductEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const product = useQuery(productQuery(id));
  const categories = useAdminCategories();
  const update = useUpdateProduct();

  useEffect(() => {
    if (!update.isSuccess) return undefined;
    const timer = setTimeout(() => navigate(paths.products), POPUP_MS);
    return () => clearTimeout(timer);
  }, [update.isSuccess, navigate]);

  const error = product.error ?? categories.error;
  return (
    <Page title="Edit Product">
      {(product.isPending || categories.isPending) && !error && <PageSpinner label="Loading the product" />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {product.data && categories.data && (
        <ProductForm
          key={product.data._id}
          initial={productFormFromWire(product.data)}
          categories={categories.data}
          currentImageUrl={product.data.imageUrl}
          submitLabel="Update"
          secondaryLabel="Cancel"
          onSecondary={() => navigate(paths.products)}
          busy={update.isPending || update.isSuccess}
          onWarning={(message) => showToast(message, 'warning')}
          onSubmit={async (values, image) => {
            const body = { ...productRequestFields(values), ...(image ? { file: await fileToBase64(image) } : {}) };
            update.mutate(
              { id, body },
              { onSuccess: () => showToast(PRODUCT_UPDATED), onError: (failure) => showToast(failure.message, 'error') },
            );
          }}
        />
      )}
    </Page>
  );
}
