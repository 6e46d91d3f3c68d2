import { ALLERGEN_NAMES, ALLERGENS, combineAllergens } from '@shop/shared/domain/allergens';
import { Button, Checkbox, Dialog } from '../../../components/ui';
import { setAvoidedAllergens, useAvoidedAllergens } from '../../../lib/allergen-filter';

interface AllergenFilterDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The 14 allergens to tick: the menu hides or marks what contains them at once. */
export function AllergenFilterDialog({ open, onClose }: AllergenFilterDialogProps) {
  const avoid = useAvoidedAllergens();
  const toggle = (code: string) =>
    setAvoidedAllergens(avoid.includes(code) ? avoid.filter((item) => item !== code) : combineAllergens([...avoid, code]));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Hide dishes with"
      size="sm"
      scrollContent
      actions={
        <>
          <Button onClick={() => setAvoidedAllergens([])} disabled={avoid.length === 0}>
            Show everything
          </Button>
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        </>
      }
    >
      <p className="ui-p ui-body2 ui-muted allergen-filter-note">
        Dishes that contain what you tick are hidden. A dish where only a topping, dip, flavour, crust or deal choice contains it stays on
        the menu, marked, and its choices say which. Tell us about any allergy at checkout too.
      </p>
      <div role="group" aria-label="Allergens to avoid" className="allergen-filter-grid">
        {ALLERGENS.map((code) => (
          <Checkbox key={code} label={ALLERGEN_NAMES[code]} checked={avoid.includes(code)} onChange={() => toggle(code)} />
        ))}
      </div>
    </Dialog>
  );
}
