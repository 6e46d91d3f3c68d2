import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { allergenWords } from '../../../lib/allergen-filter';

// The panel loads on a click only: the menu's first download carries just this button.
const AllergenFilterDialog = lazy(() => import('./allergen-filter-dialog').then((m) => ({ default: m.AllergenFilterDialog })));

/** 'Allergies? Hide dishes with…', or what the filter hides now; opens the filter's panel. */
export function AllergenFilterBar({ avoid }: { avoid: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant={avoid.length > 0 ? 'contained' : 'outlined'}
        color={avoid.length > 0 ? 'warning' : 'primary'}
        aria-haspopup="dialog"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        sx={{ mt: 1, textTransform: 'none' }}
      >
        {avoid.length > 0 ? `Hiding dishes with: ${allergenWords(avoid)}` : 'Allergies? Hide dishes with…'}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <AllergenFilterDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
