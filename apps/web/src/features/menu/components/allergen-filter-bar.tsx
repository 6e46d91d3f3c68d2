import { lazy, Suspense, useState } from 'react';
import { allergenWords } from '../../../lib/allergen-filter';
import { paths } from '../../../lib/paths';
import { useCardTap } from '../lib/taps-in-url';
import { DEFAULT_CATEGORY } from '../lib/select-category';

// The panel loads on a click only: the menu's first download carries just this button.
const AllergenFilterDialog = lazy(() => import('./allergen-filter-dialog').then((m) => ({ default: m.AllergenFilterDialog })));

/**
 * 'Allergies? Hide dishes with…', or what the filter hides now; opens the filter's panel. The button submits a GET form:
 * before the app runs a tap loads the category's page with `filter=allergens`, and the panel opens once the app runs
 * (features/menu/lib/taps-in-url.ts); with the app running, the click opens it here instead.
 */
export function AllergenFilterBar({ avoid, category }: { avoid: readonly string[]; category: string | null }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const openPanel = () => {
    setMounted(true);
    setOpen(true);
  };
  useCardTap('filter', 'allergens', openPanel);
  return (
    <>
      <form action={paths.home} method="get">
        {category !== null && category !== DEFAULT_CATEGORY && <input type="hidden" name="category" value={category} />}
        {/* A plain button with the static classes of styles/storefront.css: on the menu's first screen. */}
        <button
          type="submit"
          name="filter"
          value="allergens"
          className={avoid.length > 0 ? 'card-button filter-button is-on' : 'card-button filter-button is-outlined'}
          aria-haspopup="dialog"
          onClick={(event) => {
            event.preventDefault();
            openPanel();
          }}
        >
          {avoid.length > 0 ? `Hiding dishes with: ${allergenWords(avoid)}` : 'Allergies? Hide dishes with…'}
        </button>
      </form>
      {mounted && (
        <Suspense fallback={null}>
          <AllergenFilterDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
