import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { CATEGORY_UPDATED } from '@shop/shared/domain/messages';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/page-spinner';
import { categoryQuery, useUpdateCategory } from '../api/catalogue-api';
import { CategoryForm } from '../components/category-form';
import { fileToBase64 } from '../../../lib/image-file';
import { POPUP_MS, showToast } from '../../../lib/toast';
import { paths } from '../../../lib/paths';

/** `/categories/:id`: the form appears once the category has loaded; Update and Cancel both return to the list. */
export function CategoryEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const category = useQuery(categoryQuery(id));
  const update = useUpdateCategory();

  useEffect(() => {
    if (!update.isSuccess) return undefined;
    const timer = setTimeout(() => navigate(paths.categories), POPUP_MS);
    return () => clearTimeout(timer);
  }, [update.isSuccess, navigate]);

  return (
    <Page title="Edit Category">
      {category.isPending && <PageSpinner label="Loading the category" />}
      {category.isError && <Alert severity="error">{category.error.message}</Alert>}
      {category.data && (
        <CategoryForm
          key={category.data._id}
          initialName={category.data.categoriName}
          currentImageUrl={category.data.imageUrl}
          submitLabel="Update"
          secondaryLabel="Cancel"
          onSecondary={() => navigate(paths.categories)}
          busy={update.isPending || update.isSuccess}
          onWarning={(message) => showToast(message, 'warning')}
          onSubmit={async ({ categoriName, image }) => {
            const body = image ? { categoriName, file: await fileToBase64(image) } : { categoriName };
            update.mutate(
              { id, body },
              { onSuccess: () => showToast(CATEGORY_UPDATED), onError: (error) => showToast(error.message, 'error') },
            );
          }}
        />
      )}
    </Page>
  );
}
