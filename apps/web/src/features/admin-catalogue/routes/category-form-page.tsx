import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { IMAGE_FIELD, NEW_CATEGORY_ORDER } from '@shop/shared/contract/catalogue';
import { CATEGORY_ADDED } from '@shop/shared/domain/messages';
import { Page } from '../../../components/page';
import { useCreateCategory } from '../api/catalogue-api';
import { CategoryForm } from '../components/category-form';
import { POPUP_MS, showToast } from '../../../lib/toast';
import { paths } from '../../../lib/paths';

/** `/categoriforms`: add a category (sent with order 9), then back to the list. */
export function CategoryFormPage() {
  const navigate = useNavigate();
  const create = useCreateCategory();
  const [started, setStarted] = useState(false);

  useEffect(() => {
    if (!create.isSuccess) return undefined;
    const timer = setTimeout(() => navigate(paths.categories), POPUP_MS);
    return () => clearTimeout(timer);
  }, [create.isSuccess, navigate]);

  return (
    <Page title="Add Category">
      <CategoryForm
        submitLabel="Submit"
        secondaryLabel="Reset"
        busy={started}
        onWarning={(message) => showToast(message, 'warning')}
        onSubmit={({ categoriName, image }) => {
          setStarted(true);
          const form = new FormData();
          form.append('categoriName', categoriName);
          form.append('order', String(NEW_CATEGORY_ORDER));
          if (image) form.append(IMAGE_FIELD, image, image.name);
          create.mutate(form, {
            onSuccess: () => showToast(CATEGORY_ADDED),
            onError: (error) => {
              setStarted(false);
              showToast(error.message, 'error');
            },
          });
        }}
      />
    </Page>
  );
}
