import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CategoryWire } from '@shop/shared/contract/catalogue';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_PRICE_REQUIRED,
  PRODUCT_TITLE_REQUIRED,
  PRODUCT_CATEGORY_REQUIRED,
} from '@shop/shared/contract/catalogue';
import { PRODUCT_IMAGE_TOO_LARGE } from '@shop/shared/domain/messages';
import {
  DRINK_KIND_LABELS,
  formCategories,
  priceGroups,
  priceProblem,
  SIZE_FIELDS,
  withCategoryDefaults,
  type DrinkKindValue,
  type PriceField,
  type ProductFormValues,
  VAT_RATE_LABELS,
} from '../lib/product-form';
import { ImageField } from '../../../components/back-office/image-field';
import { AllergenCheckboxes } from './allergen-checkboxes';
import { VAT_RATES, type VatRate } from '@shop/shared/domain/vat';

interface ProductFormProps {
  initial: ProductFormValues;
  categories: CategoryWire[];
  currentImageUrl?: string | null;
  submitLabel: string;
  secondaryLabel: string;
  /** Without it the secondary button resets the form. */
  onSecondary?: () => void;
  busy: boolean;
  onSubmit: (values: ProductFormValues, image: File | null) => void;
  onWarning: (message: string) => void;
}

/** Category, title, description, the prices of that category, image. */
export function ProductForm({
  initial,
  categories,
  currentImageUrl,
  submitLabel,
  secondaryLabel,
  onSecondary,
  busy,
  onSubmit,
  onWarning,
}: ProductFormProps) {
  const [values, setValues] = useState<ProductFormValues>(initial);
  const [image, setImage] = useState<File | null>(null);
  const choices = formCategories(categories);

  const setPrice = (field: PriceField, text: string) =>
    setValues((current) => ({ ...current, prices: { ...current.prices, [field]: text } }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (values.category === '') return onWarning(PRODUCT_CATEGORY_REQUIRED);
    if (values.title.trim() === '') return onWarning(PRODUCT_TITLE_REQUIRED);
    const problem = priceProblem(values);
    if (problem) return onWarning(problem);
    const shown = new Set(priceGroups(values).flatMap((group) => group.fields.map((field) => field.name)));
    if (!SIZE_FIELDS.some((field) => shown.has(field) && values.prices[field].trim() !== '')) return onWarning(PRODUCT_PRICE_REQUIRED);
    onSubmit(values, image);
  }

  return (
    <Paper component="form" noValidate onSubmit={submit} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
      <Stack spacing={3}>
        <TextField
          select
          label="Category"
          value={values.category}
          onChange={(event) => {
            const category = event.target.value;
            setValues((current) => ({ ...current, category, prices: withCategoryDefaults(category, current.prices) }));
          }}
          required
          fullWidth
        >
          {choices.map((category) => (
            <MenuItem key={category._id} value={category.categoriName}>
              {category.categoriName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Title"
          value={values.title}
          onChange={(event) => setValues({ ...values, title: event.target.value })}
          required
          fullWidth
        />
        <TextField
          label="Description"
          value={values.description}
          onChange={(event) => setValues({ ...values, description: event.target.value })}
          multiline
          minRows={3}
          fullWidth
        />
        {priceGroups(values).map((group) => (
          <fieldset key={group.heading ?? 'prices'} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              {group.heading === 'Crust' ? 'Crust additions' : group.heading}
            </Typography>
            <Grid container spacing={2}>
              {group.fields.map((field) => (
                <Grid key={field.name} size={{ xs: 12, sm: 6, md: 3 }}>
                  <TextField
                    label={field.label}
                    type="number"
                    value={values.prices[field.name]}
                    onChange={(event) => setPrice(field.name, event.target.value)}
                    fullWidth
                    slotProps={{
                      htmlInput: { step: 0.01, min: 0, inputMode: 'decimal' },
                      input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
                    }}
                  />
                </Grid>
              ))}
            </Grid>
          </fieldset>
        ))}
        {values.category === 'Drinks' && (
          <TextField
            select
            label="Drink kind"
            value={values.drinkKind}
            onChange={(event) => setValues({ ...values, drinkKind: event.target.value as DrinkKindValue })}
            helperText="Deals offer cans or bottles by this"
            fullWidth
          >
            <MenuItem value="">None</MenuItem>
            {Object.entries(DRINK_KIND_LABELS).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        )}
        <AllergenCheckboxes
          value={values.allergens}
          onChange={(allergens) => setValues((current) => ({ ...current, allergens }))}
          hint={
            values.category === 'Deals'
              ? 'Usually none: a deal’s allergens are those of the dishes chosen for it.'
              : 'Tick every one the dish contains as it comes (toppings, dips and flavours record their own), or that it contains none of the 14.'
          }
        />
        <TextField
          select
          label="VAT rate"
          value={values.vatRate}
          onChange={(event) => setValues((current) => ({ ...current, vatRate: event.target.value as VatRate }))}
          helperText="Hot food and drinks are standard-rated; some cold takeaway food is zero-rated"
          sx={{ maxWidth: 360 }}
        >
          {VAT_RATES.map((rate) => (
            <MenuItem key={rate} value={rate}>
              {VAT_RATE_LABELS[rate]}
            </MenuItem>
          ))}
        </TextField>
        <ImageField
          label="Product image"
          hint="PNG, JPEG, WebP or GIF, up to 20 MB"
          file={image}
          currentUrl={currentImageUrl ?? null}
          maxBytes={PRODUCT_IMAGE_MAX_BYTES}
          tooLargeMessage={PRODUCT_IMAGE_TOO_LARGE}
          onChange={setImage}
          onRefused={onWarning}
        />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
          <Button
            type="button"
            variant="outlined"
            onClick={() => {
              if (onSecondary) return onSecondary();
              setValues(initial);
              setImage(null);
            }}
          >
            {secondaryLabel}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
