import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';
import type { CategoryWire } from '@shop/shared/contract/catalogue';
import { CATEGORY_DELETE_FAILED, CATEGORY_DELETED, CONFIRM_DELETE_CATEGORY } from '@shop/shared/domain/messages';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/page-spinner';
import { useAdminCategories, useDeleteCategory } from '../api/catalogue-api';
import { ConfirmDialog } from '../../../components/back-office/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { paths, categoryProductsPath, editCategoryPath } from '../../../lib/paths';

/** `/categories`: cards sorted by order, 4 per row on large screens, 3 on medium, 2 on small. */
export function CategoriesPage() {
  const categories = useAdminCategories();
  const remove = useDeleteCategory();
  const [doomed, setDoomed] = useState<CategoryWire | null>(null);

  function confirmDelete() {
    if (!doomed) return;
    remove.mutate(doomed._id, {
      onSuccess: (answer) => {
        if (answer.deletedCount > 0) showToast(CATEGORY_DELETED);
        else showToast(CATEGORY_DELETE_FAILED, 'error');
      },
      // The server says why (e.g. the category still has products).
      onError: (error) => showToast(`${CATEGORY_DELETE_FAILED} ${error.message}`, 'error'),
      onSettled: () => setDoomed(null),
    });
  }

  return (
    <Page
      title="Categories List"
      actions={
        <Button component={RouterLink} to={paths.addCategory} variant="contained" startIcon={<AddIcon />}>
          Add Categories
        </Button>
      }
    >
      {categories.isPending && <PageSpinner label="Loading categories" />}
      {categories.isError && <Alert severity="error">{categories.error.message}</Alert>}
      <Grid container spacing={2} component="ul" aria-label="Categories" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {categories.data?.map((category) => (
          <Grid key={category._id} size={{ xs: 6, md: 4, lg: 3 }} component="li">
            <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              {category.imageUrl ? (
                <Box
                  component="img"
                  src={category.imageUrl}
                  alt={category.categoriName}
                  loading="lazy"
                  sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block', bgcolor: 'grey.100' }}
                />
              ) : (
                <Box aria-hidden="true" sx={{ width: '100%', aspectRatio: '4 / 3', bgcolor: 'grey.200' }} />
              )}
              <CardContent sx={{ flex: 1, pb: 0 }}>
                <Typography variant="h3" component="h2">
                  {category.categoriName}
                </Typography>
              </CardContent>
              <CardActions
                sx={{
                  flexWrap: 'wrap',
                  gap: 0.5,
                  px: 1,
                  '& > :not(style) ~ :not(style)': { ml: 0 },
                  '& .MuiButton-root': { minWidth: 0, px: 1 },
                }}
              >
                <Button
                  size="small"
                  component={RouterLink}
                  to={categoryProductsPath(category.categoriName)}
                  aria-label={`View ${category.categoriName}`}
                >
                  View
                </Button>
                <Button
                  size="small"
                  component={RouterLink}
                  to={editCategoryPath(category._id)}
                  aria-label={`Edit ${category.categoriName}`}
                >
                  Edit
                </Button>
                <Button size="small" color="error" onClick={() => setDoomed(category)} aria-label={`Delete ${category.categoriName}`}>
                  Delete
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
      <ConfirmDialog
        open={doomed !== null}
        question={CONFIRM_DELETE_CATEGORY}
        detail={doomed?.categoriName}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDoomed(null)}
      />
    </Page>
  );
}
