import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { ALLERGEN_NAMES, containsAnyAllergen, lineAllergens, type Allergen } from '@shop/shared/domain/allergens';
import { formatPounds, formatToppingPrice } from '@shop/shared/domain/money';
import { priceLine, type PricedLine } from '@shop/shared/domain/pricing';
import { chargesFirstToppingOnly, type PricedProduct, type PricingCatalogue } from '@shop/shared/domain/product-options';
import { SOLD_OUT_LABEL } from '@shop/shared/domain/sold-out-words';
import { AskAboutAllergens } from '../../../components/allergen-line';
import { allergenWords, useAvoidedAllergens } from '../../../lib/allergen-filter';
import { cardLine, extrasLabel, toppingGroups, withToppingToggled, type CardChoice } from '../lib/card-config';

interface ExtrasDialogProps {
  open: boolean;
  onClose: () => void;
  product: PricedProduct;
  catalogue: PricingCatalogue;
  /** The ids of the toppings sold out now: shown, but cannot be ticked. */
  soldOut?: ReadonlySet<string>;
  choice: CardChoice;
  onChange: (choice: CardChoice) => void;
  onAdd: () => void;
}

function tryPrice(product: PricedProduct, choice: CardChoice, catalogue: PricingCatalogue): PricedLine | null {
  try {
    return priceLine(cardLine(product, choice), catalogue);
  } catch {
    return null;
  }
}

/** Toppings for a pizza (Pizza and Crust toppings), flavours for a shake, dips for wings and sides. */
export function ExtrasDialog({ open, onClose, product, catalogue, soldOut = new Set(), choice, onChange, onAdd }: ExtrasDialogProps) {
  const groups = toppingGroups(product, catalogue);
  const label = extrasLabel(product) ?? 'Toppings';
  const priced = tryPrice(product, choice, catalogue);
  const charged = new Map((priced?.toppings ?? []).map((topping) => [topping.id, topping.charged]));
  const firstOnly = chargesFirstToppingOnly(product.category);
  const titleId = `extras-title-${product.id}`;
  const avoid = useAvoidedAllergens();
  const allergens = lineAllergens(cardLine(product, choice), catalogue);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs" scroll="paper">
      <DialogTitle id={titleId}>
        {product.title}: {label}
      </DialogTitle>
      <DialogContent dividers>
        {firstOnly && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Only the first flavour you choose is charged; any more are free.
          </Typography>
        )}
        {groups.length === 0 && <Typography color="text.secondary">Loading the {label.toLowerCase()}…</Typography>}
        {groups.map((group) => (
          <Box key={group.category} component="fieldset" sx={{ border: 0, m: 0, p: 0, mb: 1.5 }}>
            <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
              {group.title}
            </Typography>
            {group.toppings.map((topping) => {
              const chosen = choice.toppingIds.includes(topping.id);
              const gone = soldOut.has(topping.id);
              // A shake's later flavours cost nothing: show what this one would cost as chosen.
              const shown = chosen
                ? (charged.get(topping.id) ?? topping.price)
                : firstOnly && choice.toppingIds.length > 0
                  ? 0
                  : topping.price;
              // Not recorded (null, decision 1004): said under it too, so nobody reads its silence as 'none'.
              const notRecorded = topping.allergens === null;
              const hasAllergens = notRecorded || (topping.allergens?.length ?? 0) > 0;
              const avoided = containsAnyAllergen(topping.allergens, avoid);
              const describedBy = [gone ? `sold-out-${topping.id}` : null, hasAllergens ? `allergens-${topping.id}` : null]
                .filter(Boolean)
                .join(' ');
              return (
                <Box key={topping.id} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={chosen && !gone}
                        disabled={gone}
                        onChange={() => onChange(withToppingToggled(choice, topping.id))}
                        slotProps={describedBy ? { input: { 'aria-describedby': describedBy } } : {}}
                      />
                    }
                    label={topping.name}
                  />
                  {gone ? (
                    <Typography id={`sold-out-${topping.id}`} variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
                      {SOLD_OUT_LABEL}
                    </Typography>
                  ) : (
                    <Typography variant="body2" sx={{ fontWeight: 600 }} aria-hidden="true">
                      {formatToppingPrice(shown)}
                    </Typography>
                  )}
                  {hasAllergens && (
                    <Typography
                      id={`allergens-${topping.id}`}
                      variant="caption"
                      sx={{
                        flexBasis: '100%',
                        mt: -1,
                        ml: 4,
                        mb: 0.5,
                        ...(avoided ? { color: 'error.main', fontWeight: 700 } : { color: 'text.secondary' }),
                      }}
                    >
                      {notRecorded ? 'Allergens not recorded' : avoided ? 'Contains ' : 'Allergens: '}
                      {allergenWords(topping.allergens ?? [])}
                    </Typography>
                  )}
                </Box>
              );
            })}
          </Box>
        ))}
      </DialogContent>
      <Typography
        variant="body2"
        aria-live="polite"
        data-testid="chosen-allergens"
        sx={{ px: 3, pt: 1.5, color: containsAnyAllergen(allergens, avoid) ? 'error.main' : 'text.primary' }}
      >
        <strong>Allergens as chosen:</strong>{' '}
        {allergens === null ? (
          <AskAboutAllergens />
        ) : allergens.length > 0 ? (
          allergens.map((code: Allergen) => ALLERGEN_NAMES[code]).join(', ')
        ) : (
          'none of the 14'
        )}
      </Typography>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3 }}>
        <Typography sx={{ fontWeight: 700 }} aria-live="polite">
          {priced ? formatPounds(priced.unitPrice) : ''}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button onClick={onClose}>Done</Button>
          <Button variant="contained" onClick={onAdd} disabled={!priced}>
            Add to cart
          </Button>
        </Box>
      </DialogActions>
    </Dialog>
  );
}
