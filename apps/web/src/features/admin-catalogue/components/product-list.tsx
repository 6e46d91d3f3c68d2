import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ProductWire } from '@shop/shared/contract/catalogue';
import { PRODUCT_DELETED } from '@shop/shared/domain/messages';
import { formatPounds, wirePricePence } from '@shop/shared/domain/money';
import { PageSpinner } from '../../../components/page-spinner';
import { useDeleteProduct } from '../api/catalogue-api';
import { SIZE_FIELDS } from '../lib/product-form';
import { NOT_RECORDED_YET } from './allergen-checkboxes';
import { SoldOutControl } from './sold-out-control';
import { ConfirmDialog } from '../../../components/back-office/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { editProductPath } from '../../../lib/paths';

export const CONFIRM_DELETE_PRODUCT = 'Do you want to delete this product?';

function fromPrice(product: ProductWire): string | null {
  for (const field of SIZE_FIELDS) {
    const pence = wirePricePence(product[field]);
    if (pence !== null && pence > 0) return formatPounds(pence);
  }
  return null;
}

interface ProductListProps {
  products: ProductWire[] | undefined;
  /** The whole list is still loading (or empty): a spinner, as the spec's products screen shows. */
  loading: boolean;
  error?: Error | null;
  /** Shown when the list has products but none pass the search. */
  emptyText?: string;
}

/** Product cards with their availability (sold out in one tap), Edit and Delete (after a confirmation). */
export function ProductList({ products, loading, error, emptyText = 'No products match your search.' }: ProductListProps) {
  const remove = useDeleteProduct();
  const [doomed, setDoomed] = useState<ProductWire | null>(null);

  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (loading || !products) return <PageSpinner label="Loading products" />;

  return (
    <>
      {products.length === 0 && <Typography color="text.secondary">{emptyText}</Typography>}
      <Grid container spacing={2} component="ul" aria-label="Products" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {products.map((product) => {
          const price = fromPrice(product);
          return (
            <Grid key={product._id} size={{ xs: 6, md: 4, lg: 3 }} component="li">
              <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                {product.imageUrl ? (
                  <Box
                    component="img"
                    src={product.imageUrl}
                    alt={product.title}
                    loading="lazy"
                    sx={{ width: '100%', aspectRatio: '1 / 1', objectFit: 'cover', display: 'block', bgcolor: 'grey.100' }}
                  />
                ) : (
                  <Box aria-hidden="true" sx={{ width: '100%', aspectRatio: '1 / 1', bgcolor: 'grey.200' }} />
                )}
                <CardContent sx={{ flex: 1, pb: 0, wordBreak: 'break-word' }}>
                  <Typography variant="h3" component="h2">
                    {product.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {product.category}
                  </Typography>
                  {price && <Typography sx={{ fontWeight: 700, mt: 0.5 }}>from {price}</Typography>}
                  {/* Customers are told to call about it until its allergens are recorded (decision 1004). */}
                  {product.allergens === null && (
                    <Typography variant="body2" color="warning.dark" sx={{ fontWeight: 600, mt: 0.5 }}>
                      {NOT_RECORDED_YET}
                    </Typography>
                  )}
                  <Box sx={{ mt: 1 }}>
                    <SoldOutControl kind="product" id={product._id} name={product.title} state={product} />
                  </Box>
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
                  <Button size="small" component={RouterLink} to={editProductPath(product._id)} aria-label={`Edit ${product.title}`}>
                    Edit
                  </Button>
                  <Button size="small" color="error" onClick={() => setDoomed(product)} aria-label={`Delete ${product.title}`}>
                    Delete
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          );
        })}
      </Grid>
      <ConfirmDialog
        open={doomed !== null}
        question={CONFIRM_DELETE_PRODUCT}
        detail={doomed?.title}
        busy={remove.isPending}
        onConfirm={() => {
          if (!doomed) return;
          remove.mutate(doomed._id, {
            onSuccess: (answer) => {
              if (answer.deletedCount > 0) showToast(PRODUCT_DELETED);
            },
            onError: (failure) => showToast(failure.message, 'error'),
            onSettled: () => setDoomed(null),
          });
        }}
        onClose={() => setDoomed(null)}
      />
    </>
  );
}
