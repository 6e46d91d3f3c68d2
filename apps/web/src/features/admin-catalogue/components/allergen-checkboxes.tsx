import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { ALLERGEN_NAMES, ALLERGENS, combineAllergens } from '@shop/shared/domain/allergens';

/** The affirmation that records an empty list (decision 1004): none is said, never left to silence. */
export const CONTAINS_NONE_LABEL = 'Contains none of the 14 allergens';
/** Said while a record's allergens are not recorded (null). */
export const NOT_RECORDED_YET = 'Allergens not recorded yet';

interface AllergenCheckboxesProps {
  /** The codes it contains; [] contains none (affirmed); null not recorded yet (decision 1004). */
  value: readonly string[] | null;
  onChange: (codes: string[] | null) => void;
  /** Said under the legend, e.g. what a topping's allergens add to. */
  hint?: string;
}

/**
 * The 14 regulated allergens as compact checkboxes, and 'Contains none of the 14 allergens' (decision
 * 1004): nothing ticked is 'not recorded yet' (the storefront then tells customers to ask), never 'none'. Ticking an
 * allergen records the list; ticking 'none' records that it contains none and clears the allergens; unticking the
 * last one, or 'none', leaves it not recorded.
 */
export function AllergenCheckboxes({ value, onChange, hint }: AllergenCheckboxesProps) {
  const codes = value ?? [];
  const toggle = (code: string) => {
    const next = codes.includes(code) ? codes.filter((item) => item !== code) : combineAllergens([...codes, code]);
    onChange(next.length > 0 ? next : null);
  };
  const containsNone = value !== null && value.length === 0;
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Allergens
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {hint ?? 'Tick every one it contains, from the labels of what goes in it, or that it contains none of the 14.'}
      </Typography>
      {value === null && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="allergens-not-recorded">
          {NOT_RECORDED_YET}: customers are told to ask you. Tick what it contains, or that it contains none.
        </Alert>
      )}
      {/* As many columns as the form's own width takes (not the screen's): in the toppings page's narrow form, four
          columns by the screen's width laid 'Cereals containing gluten' over 'Crustaceans'. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 160px), 1fr))' }}>
        {ALLERGENS.map((code) => (
          <FormControlLabel
            key={code}
            sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } }}
            control={<Checkbox size="small" checked={codes.includes(code)} onChange={() => toggle(code)} sx={{ py: 0.5 }} />}
            label={ALLERGEN_NAMES[code]}
          />
        ))}
      </Box>
      <FormControlLabel
        sx={{ mr: 0, mt: 0.5, '& .MuiFormControlLabel-label': { fontWeight: 600 } }}
        control={<Checkbox size="small" checked={containsNone} onChange={() => onChange(containsNone ? null : [])} sx={{ py: 0.5 }} />}
        label={CONTAINS_NONE_LABEL}
      />
    </fieldset>
  );
}
