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
      {/* A plain button with the static classes of styles/storefront.css: on the menu's first screen (decision 1103). */}
      <button
        type="button"
        className={avoid.length > 0 ? 'card-button filter-button is-on' : 'card-button filter-button is-outlined'}
        aria-haspopup="dialog"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {avoid.length > 0 ? `Hiding dishes with: ${allergenWords(avoid)}` : 'Allergies? Hide dishes with…'}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <AllergenFilterDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
