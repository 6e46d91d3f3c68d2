import { useDeferredValue, useState } from 'react';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import type { SoldOutState } from '@shop/shared/domain/sold-out';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/page-spinner';
import { useAdminProducts, useToppings } from '../api/catalogue-api';
import { SoldOutControl } from '../components/sold-out-control';

interface Row {
  id: string;
  name: string;
  detail: string;
  state: SoldOutState;
}

function RowList({ title, kind, rows }: { title: string; kind: 'product' | 'topping'; rows: Row[] }) {
  const id = `sold-out-${kind}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ mb: 2 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem', px: 2, pt: 2 }}>
        {title}
      </Typography>
      {rows.length === 0 && (
        <Typography color="text.secondary" sx={{ px: 2, py: 1.5 }}>
          Nothing matches your search.
        </Typography>
      )}
      <List aria-labelledby={id}>
        {rows.map((row) => (
          <ListItem
            key={row.id}
            divider
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}
          >
            <div>
              <Typography sx={{ fontWeight: 600 }}>{row.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {row.detail}
              </Typography>
            </div>
            <SoldOutControl kind={kind} id={row.id} name={row.name} state={row.state} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/**
 * `/sold-out`: every product and topping with its availability and one tap to change it, for the roles that mark
 * items sold out without editing the menu (the kitchen, the counter).
 */
export function SoldOutPage() {
  const products = useAdminProducts();
  const toppings = useToppings();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search).trim().toLowerCase();
  const matches = (row: Row) => row.name.toLowerCase().includes(term);
  // By name, and never reordered by a tap: the row just tapped stays under the finger.
  const byName = (a: Row, b: Row) => a.name.localeCompare(b.name);

  const productRows = (products.data ?? [])
    .map((product): Row => ({ id: product._id, name: product.title, detail: product.category, state: product }))
    .filter(matches)
    .sort(byName);
  const toppingRows = (toppings.data ?? [])
    .map((topping): Row => ({ id: topping._id, name: topping.ToopingName, detail: topping.category, state: topping }))
    .filter(matches)
    .sort(byName);
  const error = products.error ?? toppings.error;

  return (
    <Page title="Sold out">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Mark what the kitchen has run out of. Customers see it at once; “Sold out today” comes back by itself at the next opening.
      </Typography>
      <TextField
        type="search"
        placeholder="Search products and toppings..."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        fullWidth
        sx={{ mb: 2, maxWidth: 480 }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search products and toppings' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      )}
      {products.isPending || toppings.isPending ? (
        <PageSpinner label="Loading the menu" />
      ) : (
        <>
          <RowList title="Products" kind="product" rows={productRows} />
          <RowList title="Toppings" kind="topping" rows={toppingRows} />
        </>
      )}
    </Page>
  );
}
