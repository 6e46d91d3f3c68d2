import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { useNavigate } from 'react-router';
import { PRODUCT_ADDED } from '@shop/shared/domain/messages';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/page-spinner';
import { useAdminCategories, useCreateProduct } from '../api/catalogue-api';
import { POPUP_MS, showToast } from '../../../lib/toast';
import { ProductForm } from '../components/product-form';
import { newProductForm, productFormData } from '../lib/product-form';
import { paths } from '../../../lib/paths';

/** `/productforms`: add a product, then back to /products. */
export function ProductFormPage() {
  const navigate = useNavigate();
  const categories = useAdminCategories();
  const create = useCreateProduct();
  const [started, setStarted] = useState(false);

  useEffect(() => {
    if (!create.isSuccess) return undefined;
    const timer = setTimeout(() => navigate(paths.products), POPUP_MS);
    return () => clearTimeout(timer);
  }, [create.isSuccess, navigate]);

  return (
    <Page title="Add Product">
      {categories.isPending && <PageSpinner label="Loading categories" />}
      {categories.isError && <Alert severity="error">{categories.error.message}</Alert>}
      {categories.data && (
        <ProductForm
          initial={newProductForm('')}
          categories={categories.data}
          submitLabel="Submit"
          secondaryLabel="Reset"
          busy={started}
          onWarning={(message) => showToast(message, 'warning')}
          onSubmit={(values, image) => {
            setStarted(true);
            create.mutate(productFormData(values, image), {
              onSuccess: () => showToast(PRODUCT_ADDED),
              onError: (error) => {
                setStarted(false);
                showToast(error.message, 'error');
              },
            });
          }}
        />
      )}
    </Page>
  );
}
