import Box from '@mui/material/Box';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { isHydrating } from '../../../lib/hydration';
import type { MenuProduct } from '../../../lib/menu-types';
import { ProductCard } from './product-card';

interface ProductGridProps {
  products: MenuProduct[];
  loading?: boolean;
  /** How each product is drawn; the plain card by default. */
  renderProduct?: (product: MenuProduct, eager: boolean) => ReactNode;
}

/** Cards in the first row or two are likely visible at first paint, so their images are not deferred. */
const EAGER_CARDS = 4;
/**
 * The first screen draws this many cards; the rest follow in a second, separate render just after it has been
 * painted, so neither render keeps a phone busy for long (Lighthouse's Total Blocking Time). Two is a phone's first
 * row, which holds the largest paint; fewer cards in that render bring it sooner.
 */
export const FIRST_RENDER_CARDS = 2;

/**
 * False for the first render and true from the next task on. True at once for a page the server rendered, which
 * has every card already: hydrating it draws them all too.
 */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(isHydrating);
  useEffect(() => {
    if (ready) return undefined;
    const timer = window.setTimeout(() => startTransition(() => setReady(true)), 0);
    return () => window.clearTimeout(timer);
  }, [ready]);
  return ready;
}

const gridSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: { xs: 1.5, sm: 2 },
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(200px, 1fr))' },
} as const;

export function ProductGrid({ products, loading = false, renderProduct }: ProductGridProps) {
  const all = useAfterFirstPaint();
  if (loading) {
    return (
      <Box sx={gridSx} aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          // Plain boxes rather than MUI's Skeleton: the home page never shows them (its loader has the menu before
          // it renders), so the first download does not carry Skeleton for the screens that do.
          <Box key={index} sx={{ aspectRatio: '3 / 4', borderRadius: 1, bgcolor: 'grey.200' }} />
        ))}
      </Box>
    );
  }
  return (
    <Box component="ul" sx={gridSx}>
      {(all ? products : products.slice(0, FIRST_RENDER_CARDS)).map((product, index) => (
        <Box component="li" key={product._id} sx={{ minWidth: 0 }}>
          {renderProduct ? renderProduct(product, index < EAGER_CARDS) : <ProductCard product={product} eager={index < EAGER_CARDS} />}
        </Box>
      ))}
    </Box>
  );
}
