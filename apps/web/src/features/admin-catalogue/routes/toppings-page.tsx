import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import InputAdornment from '@mui/material/InputAdornment';
import type { IngredientWire } from '@shop/shared/contract/catalogue';
import { TOPPING_CATEGORIES, type ToppingCategory } from '@shop/shared/domain/catalogue';
import {
  CONFIRM_DELETE_INGREDIENT,
  INGREDIENT_ADDED,
  INGREDIENT_DELETE_FAILED,
  INGREDIENT_DELETED,
  INGREDIENT_NAME_REQUIRED,
  INGREDIENT_PRICE_REQUIRED,
  LOADING,
} from '@shop/shared/domain/messages';
import { poundsToPence } from '@shop/shared/domain/money';
import { Page } from '../../../components/page';
import { formatWirePounds } from '../../../lib/money';
import { allergenWords } from '../../../lib/allergen-filter';
import { useCreateTopping, useDeleteTopping, useToppings, useUpdateTopping } from '../api/catalogue-api';
import { AllergenCheckboxes, NOT_RECORDED_YET } from '../components/allergen-checkboxes';
import { SoldOutControl } from '../components/sold-out-control';
import { ConfirmDialog } from '../../../components/back-office/confirm-dialog';
import { showToast } from '../../../lib/toast';

/** Pizza toppings are shown as 'Pizza Topping' (SPEC.md section 3). */
export function toppingCategoryLabel(category: string): string {
  return category === 'Pizza' ? 'Pizza Topping' : category;
}

interface IngredientFormProps {
  onNotice: (message: string, severity?: 'success' | 'warning' | 'error') => void;
  /** The topping being changed; without it the form adds one. */
  editing?: IngredientWire;
  /** After a change is saved, or the edit cancelled. */
  onDone?: () => void;
}

/** Name, category, price and allergens: Add Ingredient, or (given `editing`) the edit of one topping. */
function IngredientForm({ onNotice, editing, onDone }: IngredientFormProps) {
  const create = useCreateTopping();
  const update = useUpdateTopping();
  const [name, setName] = useState(editing?.ToopingName ?? '');
  const [category, setCategory] = useState<ToppingCategory>((editing?.category as ToppingCategory | undefined) ?? 'Pizza');
  const [price, setPrice] = useState(editing ? String(editing.toopingPrice) : '');
  // Null: not recorded yet (decision 1004), until what it contains, or that it contains none, is ticked.
  const [allergens, setAllergens] = useState<string[] | null>(editing?.allergens ? [...editing.allergens] : null);
  const busy = create.isPending || update.isPending;
  const headingId = editing ? `edit-ingredient-${editing._id}` : 'add-ingredient';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') return onNotice(INGREDIENT_NAME_REQUIRED, 'warning');
    const pence = poundsToPence(price);
    if (pence === null) return onNotice(INGREDIENT_PRICE_REQUIRED, 'warning');
    const body = { ToopingName: name.trim(), category, toopingPrice: pence / 100, allergens };
    if (editing) {
      update.mutate(
        { id: editing._id, body },
        {
          onSuccess: () => {
            onNotice(`"${body.ToopingName}" is saved`);
            onDone?.();
          },
          onError: (error) => onNotice(error.message, 'error'),
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        onNotice(INGREDIENT_ADDED);
        setName('');
        setPrice('');
        setAllergens(null);
      },
      onError: (error) => onNotice(error.message, 'error'),
    });
  }

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      variant={editing ? 'elevation' : 'outlined'}
      elevation={0}
      sx={{ p: editing ? 0 : { xs: 2, sm: 3 } }}
      aria-labelledby={headingId}
    >
      <Typography id={headingId} variant="h2" sx={{ mb: 2 }}>
        {editing ? `Edit ${editing.ToopingName}` : 'Add Ingredient'}
      </Typography>
      <Stack spacing={2}>
        <TextField label="Ingredient Name" value={name} onChange={(event) => setName(event.target.value)} required fullWidth />
        <TextField
          select
          label="Ingredient Category"
          value={category}
          onChange={(event) => setCategory(event.target.value as ToppingCategory)}
          fullWidth
        >
          {TOPPING_CATEGORIES.map((value) => (
            <MenuItem key={value} value={value}>
              {toppingCategoryLabel(value)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Ingredient Price"
          type="number"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          required
          fullWidth
          slotProps={{
            htmlInput: { step: 0.01, min: 0, inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
          }}
        />
        <AllergenCheckboxes
          value={allergens}
          onChange={setAllergens}
          hint="What it adds to a dish it goes on (a crust, dip or flavour too). None ticked: none of the 14."
        />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={busy}>
            {editing ? 'Save' : 'Add Ingredient'}
          </Button>
          {editing && (
            <Button type="button" variant="outlined" onClick={onDone}>
              Cancel
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * Six columns do not fit a phone: below 600 px each topping is a card of its own (name and price, then its category,
 * allergens, availability and buttons, each on its line), so the page never scrolls sideways and every control is
 * in reach. The column headings are then hidden from sight; each cell keeps its column for assistive technology.
 */
const TOPPINGS_TABLE = {
  '& td, & th': { px: { xs: 1, sm: 2 } },
  '@media (max-width: 599.95px)': {
    '& thead': { display: 'none' },
    '& tbody tr': {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      columnGap: 1,
      py: 1,
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& tbody td': { display: 'block', gridColumn: '1 / -1', border: 0, py: 0.25, textAlign: 'left' },
    '& tbody td:first-of-type': { gridColumn: 1, fontWeight: 700 },
    '& tbody td:nth-of-type(3)': { gridRow: 1, gridColumn: 2, textAlign: 'right' },
    '& tbody td[colspan]': { gridColumn: '1 / -1' },
  },
} as const;

/** `/ingredients` and `/ingredientforms`: the Add Ingredient form, then the toppings table (beside it from md up). */
export function ToppingsPage() {
  const toppings = useToppings();
  const remove = useDeleteTopping();
  const [doomed, setDoomed] = useState<IngredientWire | null>(null);
  const [editing, setEditing] = useState<IngredientWire | null>(null);

  return (
    <Page title="Toppings">
      <Grid container spacing={3} sx={{ alignItems: 'flex-start' }}>
        {/* The form comes first: above the table on a phone, and beside it from md up, where it stays in view
            (sticky) while the admin scrolls a long list. */}
        <Grid size={{ xs: 12, md: 5, lg: 4 }} sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <IngredientForm onNotice={showToast} />
        </Grid>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          {toppings.isError && <Alert severity="error">{toppings.error.message}</Alert>}
          {/* The region takes the keyboard's focus so its arrows scroll it where it is wider than the screen, even while
              its rows (and their buttons) are not drawn yet. */}
          <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label="Toppings table">
            <Table size="small" aria-label="Toppings" sx={TOPPINGS_TABLE}>
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Category</TableCell>
                  <TableCell align="right">Price</TableCell>
                  <TableCell>Allergens</TableCell>
                  <TableCell>Availability</TableCell>
                  <TableCell align="right">Change</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {!toppings.data && (
                  <TableRow>
                    <TableCell colSpan={6}>{LOADING}</TableCell>
                  </TableRow>
                )}
                {toppings.data?.map((topping) => (
                  <TableRow key={topping._id}>
                    <TableCell sx={{ overflowWrap: 'break-word' }}>{topping.ToopingName}</TableCell>
                    <TableCell>{toppingCategoryLabel(topping.category)}</TableCell>
                    <TableCell align="right">{formatWirePounds(topping.toopingPrice)}</TableCell>
                    <TableCell sx={{ fontSize: '0.8125rem' }}>
                      {topping.allergens === null ? (
                        <Typography component="span" sx={{ fontSize: 'inherit', color: 'warning.dark', fontWeight: 700 }}>
                          {NOT_RECORDED_YET}
                        </Typography>
                      ) : topping.allergens.length > 0 ? (
                        allergenWords(topping.allergens)
                      ) : (
                        'None'
                      )}
                    </TableCell>
                    <TableCell>
                      <SoldOutControl kind="topping" id={topping._id} name={topping.ToopingName} state={topping} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button size="small" onClick={() => setEditing(topping)} aria-label={`Edit ${topping.ToopingName}`}>
                        Edit
                      </Button>
                      <Button size="small" color="error" onClick={() => setDoomed(topping)} aria-label={`Remove ${topping.ToopingName}`}>
                        Remove
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Grid>
      </Grid>
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        fullWidth
        maxWidth="sm"
        aria-labelledby={editing ? `edit-ingredient-${editing._id}` : undefined}
      >
        <DialogContent>
          {editing && <IngredientForm key={editing._id} editing={editing} onNotice={showToast} onDone={() => setEditing(null)} />}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={doomed !== null}
        question={CONFIRM_DELETE_INGREDIENT}
        detail={doomed?.ToopingName}
        busy={remove.isPending}
        onConfirm={() => {
          if (!doomed) return;
          remove.mutate(doomed._id, {
            onSuccess: (answer) =>
              showToast(
                answer.deletedCount > 0 ? INGREDIENT_DELETED : INGREDIENT_DELETE_FAILED,
                answer.deletedCount > 0 ? 'success' : 'error',
              ),
            onError: () => showToast(INGREDIENT_DELETE_FAILED, 'error'),
            onSettled: () => setDoomed(null),
          });
        }}
        onClose={() => setDoomed(null)}
      />
    </Page>
  );
}
