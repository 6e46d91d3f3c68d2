import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { ALLERGEN_NAMES, ALLERGENS, combineAllergens } from '@shop/shared/domain/allergens';
import { setAvoidedAllergens, useAvoidedAllergens } from '../../../lib/allergen-filter';

interface AllergenFilterDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The 14 allergens to tick: the menu hides or marks what contains them at once (decision 1000). */
export function AllergenFilterDialog({ open, onClose }: AllergenFilterDialogProps) {
  const avoid = useAvoidedAllergens();
  const toggle = (code: string) =>
    setAvoidedAllergens(avoid.includes(code) ? avoid.filter((item) => item !== code) : combineAllergens([...avoid, code]));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="allergen-filter-title" fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle id="allergen-filter-title">Hide dishes with</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Dishes that contain what you tick are hidden. A dish where only a topping, dip, flavour, crust or deal choice contains it stays on
          the menu, marked, and its choices say which. Tell us about any allergy at checkout too.
        </Typography>
        <Box
          role="group"
          aria-label="Allergens to avoid"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 1 }}
        >
          {ALLERGENS.map((code) => (
            <FormControlLabel
              key={code}
              sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontSize: '0.875rem', lineHeight: 1.25 } }}
              control={<Checkbox size="small" checked={avoid.includes(code)} onChange={() => toggle(code)} />}
              label={ALLERGEN_NAMES[code]}
            />
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setAvoidedAllergens([])} disabled={avoid.length === 0}>
          Show everything
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
