import { useDeferredValue, useState } from 'react';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page';
import { useAdminProducts } from '../api/catalogue-api';
import { ProductList } from '../components/product-list';
import { paths } from '../../../lib/paths';

/** `/products`: every product on sale, filtered by title as the admin types. */
export function ProductsPage() {
  const products = useAdminProducts();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search).trim().toLowerCase();
  const shown = products.data?.filter((product) => product.title.toLowerCase().includes(term));

  return (
    <Page
      title="Products"
      actions={
        <Button component={RouterLink} to={paths.addProduct} variant="contained" startIcon={<AddIcon />}>
          Add products
        </Button>
      }
    >
      <TextField
        type="search"
        placeholder="Search Products..."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        fullWidth
        sx={{ mb: 2, maxWidth: 480 }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search Products' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <ProductList products={shown} loading={products.isPending || (products.data?.length ?? 0) === 0} error={products.error} />
    </Page>
  );
}
