import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { ALLERGEN_NAMES, ALLERGENS, combineAllergens } from '@shop/shared/domain/allergens';

interface AllergenCheckboxesProps {
  value: readonly string[];
  onChange: (codes: string[]) => void;
  /** Said under the legend, e.g. what a topping's allergens add to. */
  hint?: string;
}

/** The 14 regulated allergens as compact checkboxes (issue 22): what the dish or topping contains. */
export function AllergenCheckboxes({ value, onChange, hint }: AllergenCheckboxesProps) {
  const toggle = (code: string) =>
    onChange(value.includes(code) ? value.filter((item) => item !== code) : combineAllergens([...value, code]));
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Allergens
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {hint ?? 'Tick every one it contains, from the labels of what goes in it. None ticked: it contains none of the 14.'}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {ALLERGENS.map((code) => (
          <FormControlLabel
            key={code}
            sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } }}
            control={<Checkbox size="small" checked={value.includes(code)} onChange={() => toggle(code)} sx={{ py: 0.5 }} />}
            label={ALLERGEN_NAMES[code]}
          />
        ))}
      </Box>
    </fieldset>
  );
}
