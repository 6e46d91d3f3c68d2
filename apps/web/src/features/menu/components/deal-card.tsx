import { lazy, Suspense, useState, type ReactNode } from 'react';
import { SOLD_OUT_LABEL } from '@shop/shared/domain/sold-out-words';
import type { MenuProduct } from '../../../lib/menu-types';
import { useCardTap } from '../lib/taps-in-url';
import { ProductCard } from './product-card';

// The builder, the pricing rules and the cart load when a deal is opened: Deals is the first screen, kept small.
const DealBuilderDialog = lazy(() => import('./deal-builder-dialog').then((m) => ({ default: m.DealBuilderDialog })));

interface DealCardProps {
  product: MenuProduct;
  eager?: boolean;
  corner?: ReactNode;
  note?: ReactNode;
}

/**
 * A Deals card: the deal's 'from' price and Build Deal, which opens the deal builder ('Sold out' when it is). Build
 * Deal submits the card's form: tapped before the app runs, it loads `/?deal=<id>`, and the builder opens once the app
 * runs.
 */
export function DealCard({ product, eager = false, corner, note }: DealCardProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const openBuilder = () => {
    if (product.soldOut) return;
    setMounted(true);
    setOpen(true);
  };
  useCardTap('deal', product._id, openBuilder);
  return (
    <>
      <ProductCard
        product={product}
        eager={eager}
        corner={corner}
        allergenText={
          product.allergens === null || product.allergens.length > 0 ? undefined : 'Allergens: as you choose, shown in Build Deal'
        }
        note={note}
        onSubmit={(event) => {
          event.preventDefault();
          openBuilder();
        }}
        footer={
          product.soldOut ? (
            <button type="button" className="card-button is-contained" disabled>
              {SOLD_OUT_LABEL}
            </button>
          ) : (
            <button type="submit" name="deal" value={product._id} className="card-button is-contained" aria-haspopup="dialog">
              Build Deal
            </button>
          )
        }
      />
      {/* Beside the card, not in its form: the builder's controls are not the card's. */}
      {mounted && (
        <Suspense fallback={null}>
          <DealBuilderDialog open={open} onClose={() => setOpen(false)} product={product} />
        </Suspense>
      )}
    </>
  );
}
