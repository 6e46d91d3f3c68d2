import { lazy, Suspense, useState, type ReactNode } from 'react';
import { SOLD_OUT_LABEL } from '@shop/shared/domain/sold-out-words';
import type { MenuProduct } from '../../../lib/menu-types';
import { ProductCard } from './product-card';

// The builder, the pricing rules and the cart load when a deal is opened: Deals is the first screen, kept small.
const DealBuilderDialog = lazy(() => import('./deal-builder-dialog').then((m) => ({ default: m.DealBuilderDialog })));

interface DealCardProps {
  product: MenuProduct;
  eager?: boolean;
  corner?: ReactNode;
  note?: ReactNode;
}

/** A Deals card: the deal's 'from' price and Build Deal, which opens the deal builder ('Sold out' when it is). */
export function DealCard({ product, eager = false, corner, note }: DealCardProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <ProductCard
      product={product}
      eager={eager}
      corner={corner}
      allergenText={
        product.allergens === null || product.allergens.length > 0 ? undefined : 'Allergens: as you choose, shown in Build Deal'
      }
      note={note}
      footer={
        product.soldOut ? (
          <button type="button" className="card-button is-contained" disabled>
            {SOLD_OUT_LABEL}
          </button>
        ) : (
          <button
            type="button"
            className="card-button is-contained"
            aria-haspopup="dialog"
            onClick={() => {
              setMounted(true);
              setOpen(true);
            }}
          >
            Build Deal
          </button>
        )
      }
    >
      {mounted && (
        <Suspense fallback={null}>
          <DealBuilderDialog open={open} onClose={() => setOpen(false)} product={product} />
        </Suspense>
      )}
    </ProductCard>
  );
}
